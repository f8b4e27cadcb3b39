import fs from 'node:fs';
import path from 'node:path';
import { MAIL_FRAME_SANDBOX, type InboxMessage } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteLane } from '../../supervisor/index.js';
import { createMember, createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { deliverRaw, generateMessage } from '../../test/mail/maildir.js';
import { buildMessage } from '../../test/mail/rich-message.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { imapClient } from './mail-connections.js';
import { syncAllFolders } from './mailbox-sync.js';
import * as inboxRepo from './inbox.repository.js';

const USER = { email: 'reader@example.test', password: 'reader-secret' };

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let owner: TestUser;
let accountId: string;

const call = async (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

async function ok(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}

async function serverClient() {
  const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: USER.email, password: USER.password });
  await client.connect();
  return client;
}

async function sync() {
  const client = await serverClient();
  try {
    await syncAllFolders(client, { db: t.ctx.db, lane: createWriteLane(t.ctx.db, t.runtime.database.kind), accountId });
  } finally {
    await client.logout();
  }
}

/** The flags of the message with this subject, as the IMAP server has them, and the folder it is in. */
async function onServer(subject: string) {
  const client = await serverClient();
  try {
    for (const folder of ['INBOX', 'Archive', 'Junk', 'Trash']) {
      await client.mailboxOpen(folder, { readOnly: true });
      const uids = (await client.search({ header: { subject } }, { uid: true })) || [];
      if (uids.length === 0) continue;
      const message = await client.fetchOne(String(uids[0]), { flags: true }, { uid: true });
      return { folder, flags: [...((message && message.flags) || [])].sort() };
    }
    return undefined;
  } finally {
    await client.logout();
  }
}

const list = async (category: string, query = '') => (await ok(owner, 'GET', `/api/v1/mail/gmail/${category}?limit=20${query}`)).data as { messages: InboxMessage[]; pagination: { currentPage: number; totalPages: number; totalRecords: number } };
const idOf = async (subject: string, category = 'all') => (await list(category)).messages.find((m) => m.subject === subject)!._id;

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot([USER]), createTestApp({ config: { outboundAllowPrivate: true } })]);
  smtp = await startSmtpDelivery(dovecot);
  owner = await createOwner(t.ctx.db);
  const connected = await ok(owner, 'POST', '/api/v1/mail/imap/connect', {
    emailAddress: USER.email,
    name: 'Reader',
    username: USER.email,
    password: USER.password,
    imap: { host: dovecot.host, port: dovecot.port, secure: false },
    smtp: { host: smtp.host, port: smtp.port, secure: false },
  });
  accountId = connected.data.account._id;

  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 25; i++) {
    deliverRaw(dovecot, USER.email, generateMessage({ from: `Filler ${i} <filler${i}@outside.test>`, to: USER.email, subject: `Filler ${i}`, text: `ordinary words ${i}`, date: new Date(start + i * 60_000) }).raw);
  }
  const root = await buildMessage({
    from: 'Quinn Buyer <quinn@customer.test>',
    to: USER.email,
    subject: 'Pricing for the quokka rollout',
    html: '<p>Hello <b>there</b></p><img src="https://tracker.example/pixel.gif" alt="pixel"><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
    text: 'Hello there, about the quokka rollout',
    date: new Date(start + 3_600_000),
    attachments: [{ filename: 'quote.html', content: '<script>alert(1)</script>', contentType: 'text/html' }],
  });
  deliverRaw(dovecot, USER.email, root.raw);
  const reply = await buildMessage({
    from: 'Quinn Buyer <quinn@customer.test>',
    to: USER.email,
    subject: 'Re: Pricing for the quokka rollout',
    text: 'One more question',
    date: new Date(start + 7_200_000),
    inReplyTo: root.messageId,
    references: [root.messageId],
  });
  deliverRaw(dovecot, USER.email, reply.raw);
  await sync();
}, 60_000);

afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
  await t?.close();
});

describe('the inbox', () => {
  it('pages the inbox 20 at a time, newest first, with the totals', async () => {
    const first = await list('inbox');
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalRecords: 27 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]!.subject).toBe('Re: Pricing for the quokka rollout');
    const second = (await ok(owner, 'GET', '/api/v1/mail/gmail/inbox?page=2&limit=20')).data;
    expect(second.messages.map((m: InboxMessage) => m.subject)).toEqual(['Filler 6', 'Filler 5', 'Filler 4', 'Filler 3', 'Filler 2', 'Filler 1', 'Filler 0']);
  });

  it('counts up to a cap, so a count never reads a whole mailbox', async () => {
    const folders = await inboxRepo.categoryFolders(t.ctx.db, owner, 'inbox');
    const options = { folderIds: folders.map((f) => f.id), offset: 0, limit: 20 };
    expect(await inboxRepo.countMessages(t.ctx.db, options, 5)).toBe(5);
    expect(await inboxRepo.countMessages(t.ctx.db, options, 1000)).toBe(27);
    expect((await ok(owner, 'GET', '/api/v1/mail/gmail/inbox')).data.totalIsCapped).toBe(false);
  });

  it('finds messages by full-text search over subject, sender and body', async () => {
    expect((await list('inbox', '&searchVal=quokka')).messages.map((m) => m.subject).sort()).toEqual(['Pricing for the quokka rollout', 'Re: Pricing for the quokka rollout']);
    expect((await list('inbox', '&searchVal=filler7@outside.test')).messages.map((m) => m.subject)).toEqual(['Filler 7']);
    expect((await list('inbox', '&searchVal=nothing-like-this')).pagination.totalRecords).toBe(0);
    expect((await list('inbox', `&mailBoxAccount=${accountId}&searchVal=question`)).messages.map((m) => m.subject)).toEqual(['Re: Pricing for the quokka rollout']);
  });

  it('shows a thread by its Message-ID, In-Reply-To and References', async () => {
    const id = await idOf('Re: Pricing for the quokka rollout');
    const thread = (await ok(owner, 'GET', `/api/v1/mail/gmail/thread/${id}`)).data.messages as InboxMessage[];
    expect(thread.map((m) => m.subject)).toEqual(['Pricing for the quokka rollout', 'Re: Pricing for the quokka rollout']);
  });

  it('shows HTML sanitized, with remote images left out until asked for, and caches the source under DATA_DIR', async () => {
    const id = await idOf('Pricing for the quokka rollout');
    const body = (await ok(owner, 'GET', `/api/v1/mail/gmail/message/${id}`)).data;
    expect(body.document).toContain('<b>there</b>');
    expect(body.document).not.toContain('<script');
    expect(body.document).not.toContain('javascript:');
    expect(body.document).not.toContain('tracker.example');
    expect(body.document).toContain("script-src 'none'");
    expect(body.blockedImages).toBe(1);
    const shown = (await ok(owner, 'GET', `/api/v1/mail/gmail/message/${id}?showImages=true`)).data;
    expect(shown.document).toContain('src="https://tracker.example/pixel.gif"');
    expect(shown.blockedImages).toBe(0);
    const cached = path.join(t.ctx.config.dataDir, 'mail-cache', accountId, `${id}.eml`);
    expect(fs.statSync(cached).mode & 0o777).toBe(0o600);
  });

  it("serves the reading frame's document with its own CSP: remote images only with showImages, in a sandbox", async () => {
    const id = await idOf('Pricing for the quokka rollout');
    const frame = (showImages: boolean) => t.app.inject({ method: 'GET', url: `/api/v1/mail/gmail/message/${id}/document?showImages=${showImages}`, headers: { cookie: owner.cookie } });
    const hidden = await frame(false);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(hidden.headers['content-security-policy']);
    expect(csp).toContain('img-src data:;');
    expect(csp).toContain(`sandbox ${MAIL_FRAME_SANDBOX}`);
    expect(csp).toContain("script-src 'none'");
    expect(hidden.body).toContain('<b>there</b>');
    expect(hidden.body).not.toContain('tracker.example');
    const shown = await frame(true);
    expect(String(shown.headers['content-security-policy'])).toContain('img-src data: https: http:;');
    expect(shown.body).toContain('src="https://tracker.example/pixel.gif"');
    // The app's own pages allow no remote image at all.
    const app = await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/inbox', headers: { cookie: owner.cookie } });
    expect(String(app.headers['content-security-policy'])).toMatch(/img-src 'self' data: blob:(;|$)/);
  });

  it('downloads an attachment as an attachment, never rendered', async () => {
    const id = await idOf('Pricing for the quokka rollout');
    const message = (await list('inbox', '&searchVal=quokka')).messages.find((m) => m._id === id)!;
    expect(message.attachments).toEqual([{ index: 0, filename: 'quote.html', contentType: 'text/html', size: expect.any(Number) }]);
    const response = await call(owner, 'GET', `/api/v1/mail/gmail/message/${id}/attachments/0`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment; filename="quote.html"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe('<script>alert(1)</script>');
    expect((await call(owner, 'GET', `/api/v1/mail/gmail/message/${id}/attachments/5`)).statusCode).toBe(404);
  });

  it('writes read and favorite to the IMAP server as \\Seen and \\Flagged, both ways', async () => {
    const id = await idOf('Filler 10');
    const read = (await ok(owner, 'POST', '/api/v1/inbox/imap/markAsRead', { _id: id, isRead: true })).data;
    expect(read.isRead).toBe(true);
    await ok(owner, 'POST', '/api/v1/inbox/imap/markAsFavorite', { _id: id, isFavorite: true });
    expect((await onServer('Filler 10'))!.flags).toEqual(['\\Flagged', '\\Seen']);
    expect((await list('favorite')).messages.map((m) => m.subject)).toEqual(['Filler 10']);
    await ok(owner, 'POST', '/api/v1/inbox/imap/markAsRead', { _id: id, isRead: false });
    expect((await onServer('Filler 10'))!.flags).toEqual(['\\Flagged']);
  });

  it('shows a flag set in another mail client after the sync', async () => {
    const client = await serverClient();
    await client.mailboxOpen('INBOX');
    const uids = (await client.search({ header: { subject: 'Filler 11' } }, { uid: true })) || [];
    await client.messageFlagsAdd(String(uids[0]), ['\\Seen'], { uid: true });
    await client.logout();
    await sync();
    expect((await list('inbox', '&searchVal=filler11@outside.test')).messages[0]!.isRead).toBe(true);
  });

  it('moves a message to Archive, Junk and Trash on the server and back to INBOX, keeping its id', async () => {
    const id = await idOf('Filler 12');
    for (const [action, flag, folder, category] of [
      ['markAsArchived', 'isArchived', 'Archive', 'archived'],
      ['markAsSpam', 'isSpam', 'Junk', 'spam'],
      ['markAsDeleted', 'isDeleted', 'Trash', 'trash'],
    ] as const) {
      const moved = (await ok(owner, 'POST', `/api/v1/inbox/imap/${action}`, { _id: id, [flag]: true })).data;
      expect(moved[flag]).toBe(true);
      expect((await onServer('Filler 12'))!.folder).toBe(folder);
      expect((await list(category)).messages.map((m) => m._id)).toEqual([id]);
      await sync();
      expect((await list(category)).messages.map((m) => m._id)).toEqual([id]);
    }
    await ok(owner, 'POST', '/api/v1/inbox/imap/markAsDeleted', { _id: id, isDeleted: false });
    expect((await onServer('Filler 12'))!.folder).toBe('INBOX');
    expect((await list('trash')).messages).toEqual([]);
    expect((await list('all')).messages.some((m) => m._id === id)).toBe(true);
  });

  it('keeps tags as IMAP keywords and lists them', async () => {
    const id = await idOf('Filler 13');
    await ok(owner, 'POST', '/api/v1/inbox/gmail/updateTags', { _id: id, tags: ['lead', 'follow-up'] });
    expect((await onServer('Filler 13'))!.flags).toEqual(['follow-up', 'lead']);
    expect((await ok(owner, 'GET', '/api/v1/inbox/gmail/getInboxTags')).tags).toEqual(['follow-up', 'lead']);
    await ok(owner, 'POST', '/api/v1/inbox/gmail/updateTags', { _id: id, tags: ['lead'] });
    expect((await onServer('Filler 13'))!.flags).toEqual(['lead']);
    await sync();
    expect((await list('inbox', '&searchVal=filler13@outside.test')).messages[0]!.tags).toEqual(['lead']);
    expect((await call(owner, 'POST', '/api/v1/inbox/gmail/updateTags', { _id: id, tags: ['has space'] })).statusCode).toBe(400);
  });
});

describe('who sees a mailbox', () => {
  it("shows a member's mail to that member only: not to the team's admin, another member, or another team", async () => {
    const id = await idOf('Filler 14');
    const admin = await createMember(t.ctx.db, owner, 'ADMIN');
    const member = await createMember(t.ctx.db, owner, 'MEMBER');
    const stranger = await createOwner(t.ctx.db);
    for (const user of [admin, member, stranger]) {
      const inbox = (await ok(user, 'GET', '/api/v1/mail/gmail/all')).data;
      expect(inbox.pagination.totalRecords).toBe(0);
      expect((await ok(user, 'GET', `/api/v1/mail/gmail/inbox?mailBoxAccount=${accountId}`)).data.messages).toEqual([]);
      for (const [method, url, payload] of [
        ['GET', `/api/v1/mail/gmail/thread/${id}`],
        ['GET', `/api/v1/mail/gmail/message/${id}`],
        ['GET', `/api/v1/mail/gmail/message/${id}/attachments/0`],
        ['POST', '/api/v1/inbox/imap/markAsRead', { _id: id }],
        ['POST', '/api/v1/inbox/imap/markAsDeleted', { _id: id }],
        ['POST', '/api/v1/inbox/gmail/updateTags', { _id: id, tags: ['x'] }],
        ['POST', '/api/v1/mail/gmail/updateProfile', { emailAddress: USER.email, newName: 'Taken' }],
        ['GET', `/api/v1/mail/gmail/active?emailAddress=${USER.email}&isActive=false`],
        ['GET', `/api/v1/mail/imap/disconnect?emailAddress=${USER.email}`],
      ] as const) {
        expect((await call(user, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await ok(user, 'GET', '/api/v1/inbox/gmail/getInboxTags')).tags).toEqual([]);
      expect((await ok(user, 'GET', '/api/v1/mail/gmail/accounts')).data).toEqual([]);
    }
    expect((await onServer('Filler 14'))!).toEqual({ folder: 'INBOX', flags: [] });
  });
});

describe('email account settings', () => {
  it('saves name and title and clamps the daily capacity to 1..100', async () => {
    const high = (await ok(owner, 'POST', '/api/v1/mail/gmail/updateProfile', { emailAddress: USER.email, newName: 'Rita Reader', newTitle: 'AE', newCapacity: 500 })).data;
    expect(high).toMatchObject({ name: 'Rita Reader', title: 'AE', dailyCapacity: 100 });
    expect((await ok(owner, 'POST', '/api/v1/mail/gmail/updateProfile', { emailAddress: USER.email, newCapacity: 0 })).data.dailyCapacity).toBe(1);
  });

  it('switches the mailbox off and on', async () => {
    expect((await ok(owner, 'GET', `/api/v1/mail/gmail/active?is_gmail=false&isActive=false&emailAddress=${USER.email}`)).data.isActive).toBe(false);
    expect((await ok(owner, 'GET', `/api/v1/mail/gmail/active?isActive=true&emailAddress=${USER.email}`)).data.isActive).toBe(true);
  });

  it('says which ways to connect are configured', async () => {
    expect((await ok(owner, 'GET', '/api/v1/mail/providers')).data).toEqual({ gmail: false, outlook: false, imap: true });
  });
});
