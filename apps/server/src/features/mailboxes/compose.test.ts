import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InboxMessage } from '@leadline/shared';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteLane } from '../../supervisor/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { multipartForm, type FormFile } from '../../test/mail/compose-form.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { deliverRaw } from '../../test/mail/maildir.js';
import { buildMessage } from '../../test/mail/rich-message.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { imapClient } from './mail-connections.js';
import { syncAllFolders } from './mailbox-sync.js';

const SELLER = { email: 'seller@example.test', password: 'seller-secret' };
const BUYER = { email: 'buyer@example.test', password: 'buyer-secret' };
const COLLEAGUE = { email: 'colleague@example.test', password: 'colleague-secret' };
const DECK = Buffer.from('%PDF-1.4 the pricing deck '.repeat(40));

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let seller: TestUser;
let accountId: string;
let original: { messageId: string };

async function send(user: TestUser, fields: Record<string, string>, files: FormFile[] = []) {
  const form = multipartForm({ from: SELLER.email, ...fields }, files);
  return t.app.inject({ method: 'POST', url: '/api/v1/mail/gmail/send', payload: form.payload, headers: { cookie: user.cookie, 'content-type': form.contentType } });
}

/** Every message in a Dovecot user's INBOX, parsed. */
async function inboxOf(user: { email: string; password: string }): Promise<ParsedMail[]> {
  const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: user.email, password: user.password });
  await client.connect();
  try {
    const box = await client.mailboxOpen('INBOX', { readOnly: true });
    if (box.exists === 0) return [];
    const mails: ParsedMail[] = [];
    for await (const m of client.fetch('1:*', { source: true })) if (m.source) mails.push(await simpleParser(m.source));
    return mails;
  } finally {
    await client.logout();
  }
}

type Part = { type: string; childNodes?: Part[] };
const typesOf = (part: Part): unknown => (part.childNodes ? { [part.type]: part.childNodes.map(typesOf) } : part.type);

/** The MIME tree (as Dovecot parsed it) and the parsed message of the mail with this subject in a user's INBOX. */
async function arrived(user: { email: string; password: string }, subject: string) {
  const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: user.email, password: user.password });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
    for await (const m of client.fetch('1:*', { source: true, bodyStructure: true, envelope: true })) {
      if (m.envelope?.subject === subject && m.source && m.bodyStructure) return { tree: typesOf(m.bodyStructure as Part), mail: await simpleParser(m.source) };
    }
    return undefined;
  } finally {
    await client.logout();
  }
}

const received = async (user: { email: string; password: string }, subject: string) => (await inboxOf(user)).find((m) => m.subject === subject);

async function sync() {
  const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: SELLER.email, password: SELLER.password });
  await client.connect();
  try {
    await syncAllFolders(client, { db: t.ctx.db, lane: createWriteLane(t.ctx.db, t.runtime.database.kind), accountId });
  } finally {
    await client.logout();
  }
}

async function listed(category: string): Promise<InboxMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/mail/gmail/${category}?limit=50`, headers: { cookie: seller.cookie } });
  return response.json().data.messages;
}

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot([SELLER, BUYER, COLLEAGUE]), createTestApp({ config: { outboundAllowPrivate: true } })]);
  smtp = await startSmtpDelivery(dovecot);
  seller = await createOwner(t.ctx.db);
  const connected = await t.app.inject({
    method: 'POST',
    url: '/api/v1/mail/imap/connect',
    headers: { cookie: seller.cookie },
    payload: {
      emailAddress: SELLER.email,
      name: 'Sam Seller',
      username: SELLER.email,
      password: SELLER.password,
      imap: { host: dovecot.host, port: dovecot.port, secure: false },
      smtp: { host: smtp.host, port: smtp.port, secure: false },
    },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  accountId = connected.json().data.account._id;
  const root = await buildMessage({ from: `Bea Buyer <${BUYER.email}>`, to: SELLER.email, subject: 'Pricing deck', text: 'Here is our deck.', messageId: '<root@buyer.test>' });
  deliverRaw(dovecot, SELLER.email, root.raw);
  const question = await buildMessage({
    from: `Bea Buyer <${BUYER.email}>`,
    to: SELLER.email,
    subject: 'Re: Pricing deck',
    text: 'One question about the deck attached.',
    messageId: '<question@buyer.test>',
    inReplyTo: root.messageId,
    references: [root.messageId],
    attachments: [{ filename: 'deck.pdf', content: DECK, contentType: 'application/pdf' }],
  });
  deliverRaw(dovecot, SELLER.email, question.raw);
  original = question;
  await sync();
}, 60_000);

afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
  await t?.close();
});

const originalId = async () => (await listed('inbox')).find((m) => m.subject === 'Re: Pricing deck')!._id;

describe('writing mail', () => {
  it('sends a new message with an attachment and shows it in Sent at once', async () => {
    const response = await send(seller, { to: JSON.stringify([BUYER.email]), cc: JSON.stringify([COLLEAGUE.email]), subject: 'Hello from Leadline', html: '<p>Hi <b>Bea</b></p>' }, [
      { filename: 'notes.txt', contentType: 'text/plain', content: 'meeting notes' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { message } = response.json().data as { message: InboxMessage };
    expect(message).toMatchObject({ folder: 'sent', subject: 'Hello from Leadline', isRead: true, to: [{ address: BUYER.email }], cc: [{ address: COLLEAGUE.email }] });
    expect(message.attachments.map((a) => a.filename)).toEqual(['notes.txt']);
    expect((await listed('sent')).map((m) => m._id)).toContain(message._id);

    for (const user of [BUYER, COLLEAGUE]) {
      const mail = (await received(user, 'Hello from Leadline'))!;
      expect(mail.from!.value[0]).toMatchObject({ name: 'Sam Seller', address: SELLER.email });
      expect(mail.html).toContain('<b>Bea</b>');
      expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['notes.txt', 'meeting notes']]);
    }
  });

  it('sends HTML as multipart/alternative, with a plain-text part made from the HTML before it', async () => {
    const html = '<h2>Pricing</h2><p>Hi <b>Bea</b>, see <a href="https://example.test/pricing">our pricing</a>.</p><ul><li>Seats</li><li>Support</li></ul>';
    const response = await send(seller, { to: JSON.stringify([BUYER.email]), subject: 'Plain and rich', html }, [{ filename: 'terms.txt', contentType: 'text/plain', content: 'terms' }]);
    expect(response.statusCode, response.body).toBe(200);
    const got = await arrived(BUYER, 'Plain and rich');
    expect(got?.tree).toEqual({ 'multipart/mixed': [{ 'multipart/alternative': ['text/plain', 'text/html'] }, 'text/plain'] });
    expect(got!.mail.text).toBe('Pricing\n\nHi Bea, see our pricing [https://example.test/pricing].\n\n * Seats\n * Support');
    expect(got!.mail.html).toContain('<b>Bea</b>');
  });

  it('threads a reply: Re: subject, In-Reply-To the original and References ending with it, in the original thread', async () => {
    const id = await originalId();
    const response = await send(seller, { to: JSON.stringify([BUYER.email]), subject: 'Pricing deck', html: '<p>Answered below.</p>', sendType: 'reply', replyToId: id });
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await received(BUYER, 'Re: Pricing deck'))!;
    expect(mail.inReplyTo).toBe(original.messageId);
    expect(mail.references).toEqual(['<root@buyer.test>', original.messageId]);
    expect(mail.attachments).toEqual([]);

    const sent = response.json().data.message as InboxMessage;
    expect(sent.subject).toBe('Re: Pricing deck');
    const thread = await t.app.inject({ method: 'GET', url: `/api/v1/mail/gmail/thread/${id}`, headers: { cookie: seller.cookie } });
    expect(thread.json().data.messages.map((m: InboxMessage) => m._id)).toEqual(expect.arrayContaining([id, sent._id]));

    // The next sync finds the copy already stored: no duplicate in Sent.
    await sync();
    expect((await listed('sent')).filter((m) => m.subject === 'Re: Pricing deck')).toHaveLength(1);
  });

  it("forwards with the original's attachments, byte for byte, as Fwd:", async () => {
    const response = await send(seller, { to: JSON.stringify([COLLEAGUE.email]), html: '<p>See below</p>', sendType: 'forward', replyToId: await originalId() }, [
      { filename: 'extra.txt', content: 'my own notes' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await received(COLLEAGUE, 'Fwd: Re: Pricing deck'))!;
    expect(mail.inReplyTo).toBeUndefined();
    expect(mail.attachments.map((a) => a.filename)).toEqual(['deck.pdf', 'extra.txt']);
    expect(mail.attachments[0]!.content.equals(DECK)).toBe(true);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
  });

  it('forwards only the chosen attachments when told which', async () => {
    const response = await send(seller, { to: JSON.stringify([COLLEAGUE.email]), subject: 'Fwd: without the deck', sendType: 'forward', replyToId: await originalId(), forwardAttachments: '[]' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await received(COLLEAGUE, 'Fwd: without the deck'))!.attachments).toEqual([]);
  });

  it('shows up to 3 images of 5 MB in the text, by their cid: token, and refuses more', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const image = (name: string, content: Buffer = png, contentType = 'image/png'): FormFile => ({ field: 'inlineImages', filename: name, contentType, content });
    const sent = await send(seller, { to: JSON.stringify([BUYER.email]), subject: 'Our logo', html: '<p>Logo: <img src="cid:logo-1.png" alt="logo"></p>' }, [image('logo-1.png')]);
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = (await received(BUYER, 'Our logo'))!;
    // mailparser puts the part its cid: names into the HTML: the reference resolves.
    expect(mail.html).toContain(`src="data:image/png;base64,${png.toString('base64')}"`);
    expect(mail.attachments).toEqual([expect.objectContaining({ contentId: '<logo-1.png>', contentType: 'image/png', related: true })]);
    expect(mail.attachments[0]!.content.equals(png)).toBe(true);
    // The copy in Sent lists no attachment: the image is part of the text.
    expect((sent.json().data.message as InboxMessage).attachments).toEqual([]);

    const refusals: Array<[FormFile[], string]> = [
      [[image('a.png'), image('b.png'), image('c.png'), image('d.png')], 'A message shows at most 3 images in its text; attach the others.'],
      [[image('big.png', crypto.randomBytes(5 * 1024 * 1024 + 1))], 'An image in the text may be at most 5 MB; attach larger ones.'],
      [[image('notes.txt', Buffer.from('text'), 'text/plain')], 'Images in the text are PNG, JPEG, GIF or WebP.'],
      [[image('bad name.png')], 'An image in the text is named by the token of its cid: reference (letters, digits, ".", "_", "-"), each once.'],
    ];
    for (const [files, message] of refusals) {
      const response = await send(seller, { to: JSON.stringify([BUYER.email]), subject: 'Refused' }, files);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.json().error).toMatchObject({ field: 'inlineImages', message });
    }
  });

  it('refuses a 30 MB attachment with 413 and sends nothing, leaving no file behind', async () => {
    const before = smtp.delivered;
    const big = crypto.randomBytes(30 * 1024 * 1024);
    const response = await send(seller, { to: JSON.stringify([BUYER.email]), subject: 'Too big' }, [{ filename: 'video.mp4', contentType: 'video/mp4', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'attachments', message: 'Attachments may add up to 25 MB per message.' });
    expect(smtp.delivered).toBe(before);
    const outbox = path.join(t.ctx.config.dataDir, 'mail-outbox');
    expect(fs.readdirSync(outbox)).toEqual([]);
  });

  it('sweeps what a crash left in the outbox an hour ago, and keeps what is newer', async () => {
    const outbox = path.join(t.ctx.config.dataDir, 'mail-outbox');
    const old = path.join(outbox, 'left-by-a-crash');
    const recent = path.join(outbox, 'being-received');
    for (const dir of [old, recent]) fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(old, '0'), 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    await send(seller, { to: '[]' });
    expect(fs.readdirSync(outbox).sort()).toEqual(['being-received']);
    fs.rmSync(recent, { recursive: true });
  });

  it('refuses several files that together pass 25 MB', async () => {
    const part = crypto.randomBytes(13 * 1024 * 1024);
    const response = await send(seller, { to: JSON.stringify([BUYER.email]), subject: 'Two halves' }, [
      { filename: 'a.bin', content: part },
      { filename: 'b.bin', content: part },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.field).toBe('attachments');
  });

  it('refuses bad addresses, no recipient and a malformed list, naming the field', async () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ to: JSON.stringify(['bea at buyer']) }, 'to', /“bea at buyer” is not a valid email address/],
      [{ to: JSON.stringify([BUYER.email]), bcc: JSON.stringify(['x@']) }, 'bcc', /“x@” is not a valid email address/],
      [{ to: 'buyer@example.test' }, 'to', /JSON array of email addresses/],
      [{ to: '[]' }, 'to', /at least one recipient/],
      [{ to: JSON.stringify([BUYER.email]), sendType: 'reply' }, 'replyToId', /names the message it answers/],
      [{ to: JSON.stringify([BUYER.email]), from: 'nobody@example.test' }, 'from', /No mailbox nobody@example.test/],
      [{ to: JSON.stringify([BUYER.email]), priority: 'high' }, 'body', /Unknown field “priority”/],
    ];
    const before = smtp.delivered;
    for (const [fields, field, message] of cases) {
      const response = await send(seller, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error.field, JSON.stringify(fields)).toBe(field);
      expect(response.json().error.message).toMatch(message);
    }
    expect(smtp.delivered).toBe(before);
  });

  it("says what the SMTP server said when it refuses a recipient", async () => {
    const response = await send(seller, { to: JSON.stringify(['ghost@elsewhere.test']), subject: 'To nobody' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^The mail server refused the message: .*No such mailbox here: ghost@elsewhere.test/);
  });

  it("answers 404 for a reply to another user's message or to an unknown one", async () => {
    const other = await createOwner(t.ctx.db, { domain: 'other.test' });
    const id = await originalId();
    const asOther = await send(other, { to: JSON.stringify([BUYER.email]), sendType: 'reply', replyToId: id });
    expect(asOther.statusCode).toBe(404);
    const reply = await send(seller, { to: JSON.stringify([BUYER.email]), sendType: 'reply', replyToId: crypto.randomUUID() });
    expect(reply.statusCode).toBe(404);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/mail/gmail/send', headers: { cookie: seller.cookie }, payload: { from: SELLER.email, to: [BUYER.email] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Send the message as multipart/form-data.');
  });
});
