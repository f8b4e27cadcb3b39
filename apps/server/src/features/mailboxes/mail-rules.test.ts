import type { ListResponse } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { replyHeaders } from './mail-send.js';
import { chooseFolders } from './mailbox-sync.js';
import { parseMessage, threadRoot } from './message-parse.js';

const folder = (path: string, specialUse?: string) => ({ path, specialUse }) as ListResponse;

describe('the mail rules', () => {
  it('chooses INBOX and the special-use folders, preferring \\Archive over Gmail\'s \\All', () => {
    const gmail = [folder('INBOX', '\\Inbox'), folder('[Gmail]/All Mail', '\\All'), folder('[Gmail]/Sent Mail', '\\Sent'), folder('[Gmail]/Spam', '\\Junk'), folder('[Gmail]/Trash', '\\Trash'), folder('Clients')];
    expect(chooseFolders(gmail)).toEqual([
      { path: 'INBOX', specialUse: 'inbox' },
      { path: '[Gmail]/All Mail', specialUse: 'archive' },
      { path: '[Gmail]/Sent Mail', specialUse: 'sent' },
      { path: '[Gmail]/Spam', specialUse: 'junk' },
      { path: '[Gmail]/Trash', specialUse: 'trash' },
    ]);
    expect(chooseFolders([folder('All', '\\All'), folder('Archive', '\\Archive')]).find((f) => f.specialUse === 'archive')!.path).toBe('Archive');
    expect(chooseFolders([folder('Archive', '\\Archive'), folder('All', '\\All')]).find((f) => f.specialUse === 'archive')!.path).toBe('Archive');
  });

  it('keys a thread by its root: References first, then In-Reply-To, then its own Message-ID', () => {
    expect(threadRoot({ messageId: '<c@x>', inReplyTo: '<b@x>', references: ['<a@x>', '<b@x>'] }, 'f')).toBe('<a@x>');
    expect(threadRoot({ messageId: '<c@x>', inReplyTo: '<b@x>', references: [] }, 'f')).toBe('<b@x>');
    expect(threadRoot({ messageId: '<c@x>', inReplyTo: null, references: [] }, 'f')).toBe('<c@x>');
    expect(threadRoot({ messageId: null, inReplyTo: null, references: [] }, 'folder:1:7')).toBe('folder:1:7');
  });

  it('answers with In-Reply-To the original and References ending with it', () => {
    expect(replyHeaders({ message_id: '<b@x>', references: ['<a@x>'] })).toEqual({ inReplyTo: '<b@x>', references: ['<a@x>', '<b@x>'] });
    expect(replyHeaders({ message_id: '<b@x>', references: ['<a@x>', '<b@x>'] })).toEqual({ inReplyTo: '<b@x>', references: ['<a@x>', '<b@x>'] });
    expect(replyHeaders(undefined)).toEqual({});
  });

  it('reads headers, text, addresses and attachment metadata of a multipart message', async () => {
    const raw = [
      'From: "Ann Buyer" <Ann@Buyer.test>',
      'To: sales@example.test, "Bo" <bo@example.test>',
      'Cc: cc@example.test',
      'Subject: =?utf-8?q?Pr=C3=A9sentation?=',
      'Message-ID: <m1@buyer.test>',
      'In-Reply-To: <m0@example.test>',
      'References: <root@example.test> <m0@example.test>',
      'Date: Tue, 03 Nov 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello   there,\n\nsee the deck.',
      '--b',
      'Content-Type: application/pdf; name="deck.pdf"',
      'Content-Disposition: attachment; filename="deck.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 fake').toString('base64'),
      '--b--',
      '',
    ].join('\r\n');
    const parsed = await parseMessage(Buffer.from(raw));
    expect(parsed).toMatchObject({
      messageId: '<m1@buyer.test>',
      inReplyTo: '<m0@example.test>',
      references: ['<root@example.test>', '<m0@example.test>'],
      subject: 'Présentation',
      from: { name: 'Ann Buyer', address: 'ann@buyer.test' },
      to: [{ name: '', address: 'sales@example.test' }, { name: 'Bo', address: 'bo@example.test' }],
      cc: [{ name: '', address: 'cc@example.test' }],
      snippet: 'Hello there, see the deck.',
    });
    expect(parsed.date!.toISOString()).toBe('2026-11-03T10:00:00.000Z');
    expect(parsed.attachments).toEqual([expect.objectContaining({ filename: 'deck.pdf', contentType: 'application/pdf', size: 13 })]);
  });
});
