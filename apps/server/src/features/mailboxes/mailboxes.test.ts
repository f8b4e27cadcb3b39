import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { generateMessage, deliverRaw } from '../../test/mail/maildir.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sendMail } from './mail-send.js';
import { syncAllFolders } from './mailbox-sync.js';
import { imapClient } from './mail-connections.js';
import * as repo from './mailboxes.repository.js';
import { createWriteLane } from '../../supervisor/index.js';

const USERS = [
  { email: 'sales@example.test', password: 'sales-secret' },
  { email: 'buyer@example.test', password: 'buyer-secret' },
];

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot(USERS), createTestApp({ config: { outboundAllowPrivate: true } })]);
  smtp = await startSmtpDelivery(dovecot);
  owner = await createOwner(t.ctx.db);
  member = await createMember(t.ctx.db, owner, 'MEMBER');
}, 60_000);
afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
  await t?.close();
});

const connectBody = (overrides: Record<string, unknown> = {}) => ({
  emailAddress: 'Sales@Example.test',
  name: 'Sam Sales',
  username: 'sales@example.test',
  password: 'sales-secret',
  imap: { host: dovecot.host, port: dovecot.port, secure: false },
  smtp: { host: smtp.host, port: smtp.port, secure: false },
  ...overrides,
});

const connect = (user: TestUser, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/mail/imap/connect', headers: { cookie: user.cookie }, payload: payload as object });

async function inbox(email: string, password: string, subject: string) {
  const client = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: email, pass: password }, logger: false });
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      const uids = (await client.search({ subject }, { uid: true })) || [];
      const messages = [];
      for await (const m of client.fetch(uids.join(',') || '0', { uid: true, headers: ['message-id', 'in-reply-to', 'references'] }, { uid: true })) messages.push(m.headers!.toString());
      return messages;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

describe('connecting an IMAP/SMTP mailbox', () => {
  it('logs in to both servers, saves the mailbox with its password sealed, and lists it for its owner only', async () => {
    const answer = await connect(member, connectBody());
    expect(answer.statusCode, answer.body).toBe(200);
    const account = answer.json().data.account;
    expect(account).toMatchObject({ emailAddress: 'sales@example.test', name: 'Sam Sales', account: 'imap', isConnected: true, dailyCapacity: 30, availableCapacity: 30, isActive: true });
    const row = (await repo.findAccount(t.ctx.db, account._id))!;
    expect(row.secret).not.toContain('sales-secret');
    expect(row).toMatchObject({ team_id: owner.teamId, user_id: member.userId, imap_port: dovecot.port, smtp_port: smtp.port });

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/accounts', headers: { cookie: member.cookie } });
    expect(mine.json().data.map((a: { emailAddress: string }) => a.emailAddress)).toEqual(['sales@example.test']);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/accounts', headers: { cookie: owner.cookie } });
    expect(theirs.json().data).toEqual([]);
    const other = await createOwner(t.ctx.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/accounts', headers: { cookie: other.cookie } })).json().data).toEqual([]);
  });

  it('says which server refused and why, and saves nothing', async () => {
    const before = (await t.ctx.db.selectFrom('mail_accounts').select('id').execute()).length;
    const wrongPassword = await connect(owner, connectBody({ emailAddress: 'buyer@example.test', username: 'buyer@example.test', password: 'nope' }));
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'imap' });
    expect(wrongPassword.json().error.message).toMatch(new RegExp(`^Could not log in to the IMAP server 127\\.0\\.0\\.1:${dovecot.port}: authentication failed`));

    const noSmtp = await connect(owner, connectBody({ emailAddress: 'buyer@example.test', username: 'buyer@example.test', password: 'buyer-secret', smtp: { host: '127.0.0.1', port: dovecot.port === 1 ? 2 : 1, secure: false } }));
    expect(noSmtp.statusCode).toBe(400);
    expect(noSmtp.json().error).toMatchObject({ field: 'smtp' });
    expect(noSmtp.json().error.message).toMatch(/^Could not log in to the SMTP server 127\.0\.0\.1:\d+: .*ECONNREFUSED/);
    expect((await t.ctx.db.selectFrom('mail_accounts').select('id').execute()).length).toBe(before);
  });

  it('refuses loopback servers when private networks are not allowed', async () => {
    t.ctx.config.outboundAllowPrivate = false;
    try {
      const answer = await connect(owner, connectBody({ emailAddress: 'buyer@example.test', username: 'buyer@example.test', password: 'buyer-secret' }));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toMatch(/IMAP server .*Refused to connect to 127\.0\.0\.1/);
    } finally {
      t.ctx.config.outboundAllowPrivate = true;
    }
  });
});

describe('sending through the mailbox', () => {
  it('sends a reply that threads with its original, and files it in Sent', async () => {
    const account = (await repo.listAccountsOfUser(t.ctx.db, owner.teamId, member.userId))[0]!;
    const original = generateMessage({ from: 'buyer@example.test', to: 'sales@example.test', subject: 'Demo next week?', text: 'Could we see a demo?', references: ['<root@buyer.test>'], messageId: '<question@buyer.test>' });
    deliverRaw(dovecot, 'sales@example.test', original.raw);
    const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: 'sales@example.test', password: 'sales-secret' });
    await client.connect();
    await syncAllFolders(client, { db: t.ctx.db, lane: createWriteLane(t.ctx.db, t.runtime.database.kind), accountId: account.id });
    await client.logout();
    const stored = (await t.ctx.db.selectFrom('mail_messages').selectAll().where('account_id', '=', account.id).where('message_id', '=', '<question@buyer.test>').executeTakeFirstOrThrow());

    const sent = await sendMail(t.ctx, account, { to: ['buyer@example.test'], subject: 'Re: Demo next week?', text: 'Tuesday works.', replyToId: stored.id });
    expect(sent.appendedToSent).toBe(true);
    expect(sent.messageId).toMatch(/^<[0-9a-f-]+@example\.test>$/);

    const [received] = await inbox('buyer@example.test', 'buyer-secret', 'Re: Demo next week?');
    expect(received).toContain(`Message-ID: ${sent.messageId}`);
    expect(received).toContain('In-Reply-To: <question@buyer.test>');
    expect(received).toMatch(/References: <root@buyer\.test>\s+<question@buyer\.test>/);

    const client2 = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: 'sales@example.test', password: 'sales-secret' });
    await client2.connect();
    await syncAllFolders(client2, { db: t.ctx.db, lane: createWriteLane(t.ctx.db, t.runtime.database.kind), accountId: account.id });
    await client2.logout();
    const copy = await t.ctx.db.selectFrom('mail_messages').selectAll().where('account_id', '=', account.id).where('message_id', '=', sent.messageId).executeTakeFirstOrThrow();
    expect(copy.thread_id).toBe(stored.thread_id);
    expect(copy.seen).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/accounts', headers: { cookie: member.cookie } });
    expect(list.json().data[0].availableCapacity).toBe(29);
  }, 60_000);
});
