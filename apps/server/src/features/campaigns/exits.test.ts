import { describe, expect, it } from 'vitest';
import { parseMessage } from '../mailboxes/index.js';
import { classifyMail } from './exits.js';

const message = (headers: string[], subject: string, body: string) =>
  Buffer.from(
    [
      'From: Lead <lead@example.test>',
      'To: sales@example.test',
      `Subject: ${subject}`,
      'Message-ID: <answer@example.test>',
      'In-Reply-To: <campaign@example.test>',
      ...headers,
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
    ].join('\r\n'),
  );

/** What the exit detection makes of a raw message, read as the sync stores it. */
async function kindOf(raw: Buffer) {
  const parsed = await parseMessage(raw);
  return classifyMail({ subject: parsed.subject, from_address: parsed.from.address, text_body: parsed.text, attachments: parsed.attachments, auto_submitted: parsed.autoSubmitted });
}

const NEUTRAL = ['Re: Hello', 'Thanks, I will read it tonight.'] as const;

describe('automatic replies by their headers', () => {
  it.each([['Auto-Submitted: auto-replied'], ['Auto-Submitted: auto-generated'], ['X-Autoreply: yes'], ['X-Autorespond: Re: Hello'], ['Precedence: auto_reply']])(
    'postpones a message with %s even when its words read as a person',
    async (header) => {
      expect(await kindOf(message([header], ...NEUTRAL))).toBe('auto-reply');
    },
  );

  it('keeps a person answering (Auto-Submitted: no, Precedence: bulk, no header) a reply', async () => {
    expect(await kindOf(message(['Auto-Submitted: no'], ...NEUTRAL))).toBe('reply');
    expect(await kindOf(message(['Precedence: bulk'], ...NEUTRAL))).toBe('reply');
    expect(await kindOf(message([], ...NEUTRAL))).toBe('reply');
  });

  it('still counts a delivery report that carries Auto-Submitted as a bounce', async () => {
    const dsn = Buffer.from(
      [
        'From: Mail Delivery System <MAILER-DAEMON@example.test>',
        'To: sales@example.test',
        'Subject: Undelivered Mail Returned to Sender',
        'Auto-Submitted: auto-replied',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--b',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; example.test',
        '',
        'Final-Recipient: rfc822; gone@example.test',
        'Action: failed',
        'Status: 5.1.1',
        '--b--',
        '',
      ].join('\r\n'),
    );
    expect(await kindOf(dsn)).toBe('hard-bounce');
  });

  it('reads a delay report whose subject names no failure as a soft bounce, by its Action and Status fields', async () => {
    const report = Buffer.from(
      [
        'From: Mail Delivery System <MAILER-DAEMON@example.test>',
        'To: sales@example.test',
        'Subject: Delayed Mail (still being retried)',
        'Auto-Submitted: auto-replied',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        '<slow@example.test>: host mx[192.0.2.1] said: 450 4.2.2 Mailbox full',
        '--b',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; example.test',
        '',
        'Final-Recipient: rfc822; slow@example.test',
        'Action: delayed',
        'Status: 4.2.2',
        '--b--',
        '',
      ].join('\r\n'),
    );
    expect(await kindOf(report)).toBe('soft-bounce');
  });
});
