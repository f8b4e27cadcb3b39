import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { createWriteLane, Supervisor } from '../../supervisor/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { appendGenerated } from '../../test/mail/maildir.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { imapClient } from './mail-connections.js';
import { mailboxSyncService } from './mailbox-sync.service.js';
import { syncAllFolders } from './mailbox-sync.js';
import * as repo from './mailboxes.repository.js';

const until = async (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const USERS = [
  { email: 'bulk@example.test', password: 'bulk-secret' },
  { email: 'live@example.test', password: 'live-secret' },
  { email: 'renumber@example.test', password: 'renumber-secret' },
  { email: 'crash@example.test', password: 'crash-secret' },
  { email: 'other@example.test', password: 'other-secret' },
  { email: 'abort@example.test', password: 'abort-secret' },
];

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let owner: TestUser;
const supervisors: Supervisor[] = [];

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot(USERS), createTestApp({ config: { outboundAllowPrivate: true } })]);
  smtp = await startSmtpDelivery(dovecot);
  owner = await createOwner(t.ctx.db);
}, 60_000);
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
  await t?.close();
});

async function account(email: string, password = USERS.find((u) => u.email === email)!.password) {
  return repo.upsertAccount(t.ctx.db, {
    teamId: owner.teamId,
    userId: owner.userId,
    emailAddress: email,
    name: 'Test Box',
    provider: 'imap',
    imap: { host: dovecot.host, port: dovecot.port, secure: false },
    smtp: { host: smtp.host, port: smtp.port, secure: false },
    username: email,
    sealedSecret: secretBoxFor(t.ctx.config).seal(password),
  });
}

const lane = () => createWriteLane(t.ctx.db, t.runtime.database.kind);

async function connectedClient(email: string) {
  const user = USERS.find((u) => u.email === email)!;
  const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: user.email, password: user.password });
  await client.connect();
  return client;
}

async function syncOnce(accountId: string, email: string) {
  const client = await connectedClient(email);
  try {
    return await syncAllFolders(client, { db: t.ctx.db, lane: lane(), accountId });
  } finally {
    await client.logout();
  }
}

const countIn = async (accountId: string, specialUse: string) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('mail_messages')
        .innerJoin('mail_folders', 'mail_folders.id', 'mail_messages.folder_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('mail_messages.account_id', '=', accountId)
        .where('mail_folders.special_use', '=', specialUse as 'inbox')
        .executeTakeFirstOrThrow()
    ).n,
  );

const bySubject = (accountId: string, subject: string) =>
  t.ctx.db.selectFrom('mail_messages').selectAll().where('account_id', '=', accountId).where('subject', '=', subject).execute();

function supervise() {
  const supervisor = new Supervisor({
    ctx: t.ctx,
    services: [mailboxSyncService({ pollMs: 60_000 })],
    lane: lane(),
    leaseMs: 10_000,
    reconcileIntervalMs: 200,
    log: () => {},
  });
  supervisors.push(supervisor);
  return supervisor.start().then(() => supervisor);
}

describe('mailbox sync against Dovecot', () => {
  it('stores exactly 2,000 messages on the first sync, and none again on the next', async () => {
    const generated = appendGenerated(dovecot, 'bulk@example.test', 2000);
    appendGenerated(dovecot, 'bulk@example.test', 3, 'Sent', 'Sent');
    const { id } = await account('bulk@example.test');
    const started = Date.now();
    const folders = await syncOnce(id, 'bulk@example.test');
    const seconds = (Date.now() - started) / 1000;
    expect(folders.map((f) => f.special_use).sort()).toEqual(['archive', 'inbox', 'junk', 'sent', 'trash']);
    expect(await countIn(id, 'inbox')).toBe(2000);
    expect(await countIn(id, 'sent')).toBe(3);
    const ids = await t.ctx.db.selectFrom('mail_messages').select('message_id').where('account_id', '=', id).execute();
    const stored = new Set(ids.map((r) => r.message_id));
    expect(generated.every((g) => stored.has(g.messageId))).toBe(true);
    expect(new Set(ids.map((r) => r.message_id)).size).toBe(2003);
    const newest = await bySubject(id, 'Generated message 1999');
    expect(newest[0]).toMatchObject({ from_address: 'sender1999@outside.test', snippet: 'Body of generated message number 1999.' });
    // The first sync ended with an ANALYZE: the planner knows the table's size.
    const { rows: stats } = await sql<{ reltuples: number }>`select reltuples::float8 as reltuples from pg_class where relname = 'mail_messages'`.execute(t.ctx.db);
    expect(Number(stats[0]!.reltuples)).toBeGreaterThanOrEqual(1800);
    await syncOnce(id, 'bulk@example.test');
    expect(await countIn(id, 'inbox')).toBe(2000);
    console.log(`first sync of 2,003 messages: ${seconds.toFixed(1)} s`);
  }, 240_000);

  it('finds a message written in full-text search over subject, from and body', async () => {
    const rows = await sql<{ subject: string }>`select subject from mail_messages where search @@ plainto_tsquery('simple', ${'number 1234'}) and subject like ${'Generated%'}`.execute(t.ctx.db);
    expect(rows.rows.map((r) => r.subject)).toEqual(['Generated message 1234']);
  });

  it('stores a message delivered through SMTP within seconds (IDLE), a flag set by another client, and threads a reply', async () => {
    const { id } = await account('live@example.test');
    await supervise();
    await until(async () => (await t.ctx.db.selectFrom('mail_folders').select('id').where('account_id', '=', id).where('first_sync_done', '=', true).execute()).length === 5, 30_000, 'the first sync');

    const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, auth: { user: 'other@example.test', pass: 'other-secret' } });
    const sentAt = Date.now();
    const original = await transport.sendMail({ from: 'other@example.test', to: 'live@example.test', subject: 'Pricing question', text: 'How much for 10 seats?' });
    await until(async () => (await bySubject(id, 'Pricing question')).length === 1, 15_000, 'the delivered message');
    console.log(`delivered message stored after ${Date.now() - sentAt} ms`);

    const other = await connectedClient('live@example.test');
    try {
      const lock = await other.getMailboxLock('INBOX');
      try {
        const [uid] = (await other.search({ subject: 'Pricing question' }, { uid: true })) || [];
        await other.messageFlagsAdd(String(uid), ['\\Flagged', '\\Seen'], { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await other.logout();
    }
    await until(async () => (await bySubject(id, 'Pricing question'))[0]?.flagged === true, 15_000, 'the flag change');
    expect((await bySubject(id, 'Pricing question'))[0]!.seen).toBe(true);

    await transport.sendMail({
      from: 'other@example.test',
      to: 'live@example.test',
      subject: 'Re: Pricing question',
      text: 'And for 20?',
      inReplyTo: original.messageId,
      references: [original.messageId],
    });
    await until(async () => (await bySubject(id, 'Re: Pricing question')).length === 1, 15_000, 'the reply');
    const [first] = await bySubject(id, 'Pricing question');
    const [reply] = await bySubject(id, 'Re: Pricing question');
    expect(reply!.thread_id).toBe(first!.thread_id);
    expect(reply!.in_reply_to).toBe(original.messageId);
  }, 90_000);

  it('re-syncs a folder whose UIDVALIDITY changed, without duplicates', async () => {
    appendGenerated(dovecot, 'renumber@example.test', 4, 'Archive', 'Archived');
    const { id } = await account('renumber@example.test');
    await syncOnce(id, 'renumber@example.test');
    expect(await countIn(id, 'archive')).toBe(4);
    const before = (await t.ctx.db.selectFrom('mail_folders').select('uidvalidity').where('account_id', '=', id).where('special_use', '=', 'archive').executeTakeFirstOrThrow()).uidvalidity;

    // Renumber the folder as a restored backup would: a new UIDVALIDITY, indexes rebuilt.
    const dir = dovecot.maildir('renumber@example.test', 'Archive');
    const uidlist = path.join(dir, 'dovecot-uidlist');
    const text = fs.readFileSync(uidlist, 'utf8');
    fs.writeFileSync(uidlist, text.replace(/^(\d+) V(\d+)/, (_, version: string, v: string) => `${version} V${Number(v) + 1000}`));
    for (const file of fs.readdirSync(dir)) if (file.startsWith('dovecot.index')) fs.rmSync(path.join(dir, file));

    await syncOnce(id, 'renumber@example.test');
    const after = (await t.ctx.db.selectFrom('mail_folders').select('uidvalidity').where('account_id', '=', id).where('special_use', '=', 'archive').executeTakeFirstOrThrow()).uidvalidity;
    expect(after).not.toBe(before);
    expect(await countIn(id, 'archive')).toBe(4);
    const rows = await t.ctx.db.selectFrom('mail_messages').select(['uidvalidity', 'subject']).where('account_id', '=', id).execute();
    expect(rows.every((r) => r.uidvalidity === after)).toBe(true);
    expect(new Set(rows.map((r) => r.subject)).size).toBe(4);
  }, 60_000);

  it('marks a mailbox whose password stopped working disconnected, with the reason', async () => {
    const { id } = await account('other@example.test', 'changed-password');
    await supervise();
    await until(async () => (await repo.findAccount(t.ctx.db, id))!.status === 'disconnected', 20_000, 'the disconnected status');
    expect((await repo.findAccount(t.ctx.db, id))!.status_reason).toMatch(/authentication failed/i);
  }, 30_000);

  it('loses and duplicates nothing when a sync is aborted mid-way and run again', async () => {
    appendGenerated(dovecot, 'abort@example.test', 700);
    appendGenerated(dovecot, 'abort@example.test', 40, 'Archive', 'Filed');
    const { id } = await account('abort@example.test');
    const controller = new AbortController();
    const inner = lane();
    let batches = 0;
    // Aborts the pass once two batches are written, as a stop or a lost lease does.
    const stopping: typeof inner = {
      writeInBatches: (rows, write, options) =>
        inner.writeInBatches(rows, async (trx, batch) => {
          await write(trx, batch);
          if (++batches === 2) controller.abort();
        }, { ...options, maxBatchSize: 50 }),
    };
    const client = await connectedClient('abort@example.test');
    try {
      await expect(syncAllFolders(client, { db: t.ctx.db, lane: stopping, accountId: id, signal: controller.signal })).rejects.toThrow();
    } finally {
      await client.logout();
    }
    const partial = await countIn(id, 'inbox');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(700);
    expect(await countIn(id, 'archive')).toBe(0);

    await syncOnce(id, 'abort@example.test');
    expect(await countIn(id, 'inbox')).toBe(700);
    expect(await countIn(id, 'archive')).toBe(40);
    const ids = await t.ctx.db.selectFrom('mail_messages').select('message_id').where('account_id', '=', id).execute();
    expect(ids.length).toBe(740);
    expect(new Set(ids.map((r) => r.message_id)).size).toBe(740);
  }, 120_000);

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('loses and duplicates nothing when a sync process is SIGKILLed mid-sync and run again', async () => {
    appendGenerated(dovecot, 'crash@example.test', 1200);
    const { id } = await account('crash@example.test');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.ctx.db);
    url.pathname = `/${rows[0]!.name}`;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../test/mail/sync-child.ts'), url.toString(), id, t.ctx.config.dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    try {
      await until(() => output.includes('BATCH 2'), 60_000, 'two batches written by the child');
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      expect(output).not.toContain('DONE');
      const partial = await countIn(id, 'inbox');
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(1200);
    } finally {
      child.kill('SIGKILL');
    }
    await syncOnce(id, 'crash@example.test');
    expect(await countIn(id, 'inbox')).toBe(1200);
    const ids = await t.ctx.db.selectFrom('mail_messages').select('message_id').where('account_id', '=', id).execute();
    expect(new Set(ids.map((r) => r.message_id)).size).toBe(1200);
  }, 120_000);
});
