import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CampaignCreateBody } from '@leadline/shared/campaigns/index';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startRuntime } from '../../runtime.js';
import { createOwner } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { startFilingSmtp, type FilingSmtp } from '../../test/mail/filing-smtp.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { testConfig } from '../../test/test-app.js';
import { workerStorage, type WorkerStorage } from '../../test/worker-storage.js';
import { grantCredits } from '../credits/index.js';
import { createCampaign, launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { createContactList, createMailbox, ownerActor } from './test/fixtures.repository.js';

/**
 * `npm test` sends to 500 leads to keep CI inside its time; `CRASH_TEST_LEADS=2000` is the issue's
 * full send (about 6 min on PostgreSQL on a 2-core machine). The kills spread over either the same way.
 */
const LEADS = Number(process.env.CRASH_TEST_LEADS ?? 500);
const KILLS = 20;
/** Four mailboxes at their most (100 a day): 2,000 sends are planned over five days of the injected clock. */
const SENDERS = Array.from({ length: 4 }, (_, i) => ({ email: `sender${i}@crash.test`, password: `sender${i}-secret` }));
const MONDAY_9 = Date.parse('2026-01-12T08:00:00Z'); // 09:00 in Paris
const ENCRYPTION_KEY = crypto.randomBytes(32).toString('hex');
const ECHO = process.env.CRASH_TEST_ECHO === '1';
const log = (line: string) => ECHO && console.log(`[${new Date().toISOString().slice(11, 23)}] ${line}`);

/**
 * Where each kill lands, in turn: before the server's 250 reaches the worker (the server took
 * the message, the worker never hears it), right after the 250 (the worker races to record
 * it), or a moment later (recording, paying for the next send, fetching the next job, talking
 * SMTP).
 */
const KILL_MODES = ['before the answer', 'right after the answer', 'a moment later'] as const;
/** The count of messages taken at which the next kill is due: spread evenly over the send. */
const killPoint = (i: number) => Math.round(((i + 0.6) * LEADS) / (KILLS + 1));

let dovecot: Dovecot | undefined;
let smtp: FilingSmtp | undefined;
let storage: WorkerStorage | undefined;
const workers: ServerProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-campaign-crash-'));

afterAll(async () => {
  for (const worker of workers) await worker.kill();
  await smtp?.stop();
  await dovecot?.stop();
  await storage?.cleanUp();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Creates the team, its 4 mailboxes and a campaign of one A/B email step to 2,000 leads, and plans every send. */
async function prepare(store: WorkerStorage, mailServers: { smtp: { host: string; port: number }; imap: { host: string; port: number } }) {
  const database = await store.open();
  const config = testConfig({ dataDir, encryptionKey: ENCRYPTION_KEY });
  const runtime = await startRuntime(config, { serve: false, work: false, database });
  try {
    const db = runtime.ctx.db;
    const owner = await createOwner(db);
    await grantCredits(db, { teamId: owner.teamId, amount: LEADS * 10, idempotencyKey: 'campaign-crash-test', reason: 'test' });
    for (const sender of SENDERS) {
      const id = await createMailbox(db, config, owner, sender.email, { ...mailServers, password: sender.password, capacity: 100 });
      // A Gmail mailbox signed in with an app password: the server files what it relays in Sent.
      await db.updateTable('mail_accounts').set({ provider: 'gmail' }).where('id', '=', id).execute();
    }
    const { listId } = await createContactList(
      db,
      owner,
      'Crash leads',
      Array.from({ length: LEADS }, (_, i) => ({ first: `Lead${i}`, company: `Company ${i % 97}`, email: `lead${i}@leads.test` })),
    );
    const campaign = await createCampaign(
      db,
      ownerActor(owner),
      CampaignCreateBody.parse({
        name: 'Crash',
        listIds: [listId],
        mailboxes: SENDERS.map((s) => s.email),
        schedule: { timezone: 'Europe/Paris', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' },
        dailyLimit: 10_000,
        minGapSeconds: 0,
        jitterSeconds: 0,
        steps: [
          {
            type: 'email',
            delayDays: 0,
            variants: [
              { subject: 'A: hello {{firstName}}', body: 'Hi {{firstName}}, variant A.', weight: 50 },
              { subject: 'B: an idea for {{companyName}}', body: 'Hi {{firstName}}, variant B.', weight: 50 },
            ],
          },
          { type: 'email', delayDays: 30, body: 'Following up (never due in this test).' },
        ],
      }),
    );
    await launchCampaign(db, ownerActor(owner), campaign.id, new Date(MONDAY_9));
    // The scheduler plans every first email now: 400 a day (the mailboxes' capacity), over as
    // many days of the injected clock as that takes; each send's job starts at once on the real clock.
    for (let day = 0; day < Math.ceil(LEADS / 400); day++) await runTick(runtime.ctx, { now: new Date(MONDAY_9 + day * 86_400_000), random: () => 0 });
    const planned = await db.selectFrom('campaign_sends').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(planned.n)).toBe(LEADS);
    return { campaignId: campaign.id, teamId: owner.teamId };
  } finally {
    await runtime.close();
  }
}

describe(`a ${LEADS.toLocaleString('en-US')}-lead campaign send whose worker is SIGKILLed 20 times`, () => {
  it('has the SMTP server take each (lead, step) exactly once, each paid once', async () => {
    const started = Date.now();
    dovecot = await startDovecot(SENDERS);
    // Workers that are up, oldest first: each kill takes the oldest.
    const live: ServerProcess[] = [];
    const dying: Array<Promise<void>> = [];
    let kills = 0;
    smtp = await startFilingSmtp(dovecot, {
      async onTaken(_mail, count) {
        const victim = live[0];
        if (!victim || kills >= KILLS || count < killPoint(kills)) return;
        const mode = KILL_MODES[kills % KILL_MODES.length]!;
        kills++;
        live.shift();
        log(`kill ${kills} (${mode}) at message ${count}`);
        let killed!: Promise<void>;
        const kill = () => (killed ??= victim.kill());
        dying.push(new Promise<void>((resolve) => setTimeout(() => void kill().then(resolve), mode === 'a moment later' ? Math.random() * 40 : 0)));
        if (mode === 'before the answer') return void (await kill());
        if (mode === 'right after the answer') return () => void kill();
      },
    });
    const store = await workerStorage(dataDir, { leaseSeconds: 2 });
    storage = store;
    const { campaignId, teamId } = await prepare(store, { smtp: { host: smtp.host, port: smtp.port }, imap: dovecot });
    log(`prepared in ${Date.now() - started} ms`);

    const env = { ...store.env, ENCRYPTION_KEY, OUTBOUND_ALLOW_PRIVATE: 'true', DEMO_PEOPLE: '0', LOG_LEVEL: 'warn' };
    // On PostgreSQL, separate workers share the queue: a second one is up when the first is
    // killed, as in a scaled-out install. The embedded database admits one process, the server.
    const mode = store.shared ? 'worker' : 'serve';
    const standing = store.shared ? 2 : 1;
    const sentIds = new Set<string>();
    const allTaken = () => {
      for (const mail of smtp!.taken) sentIds.add(mail.messageId);
      return sentIds.size >= LEADS;
    };
    for (let deadline = Date.now() + 840_000; !allTaken(); ) {
      expect(Date.now()).toBeLessThan(deadline);
      if (live.length >= standing) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      if (!store.shared) await Promise.all(dying);
      const worker = await startServerProcess(mode, env, { echo: ECHO });
      workers.push(worker);
      live.push(worker);
      log(`worker ${worker.pid} ready, ${smtp.taken.length} taken so far`);
    }
    expect(kills).toBe(KILLS);
    // What a worker still owes (a recovery that finds its email in Sent and records it) ends before the workers stop.
    const settled = async () => {
      if (!store.shared) return true;
      const database = await store.open();
      try {
        const row = await database.db.selectFrom('campaign_sends').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '<>', 'sent').executeTakeFirstOrThrow();
        return Number(row.n) === 0;
      } finally {
        await database.close();
      }
    };
    for (const deadline = Date.now() + 30_000; !(await settled()) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, store.shared ? 0 : 3_000));
    for (const worker of live.splice(0)) await worker.stop();
    await Promise.all(dying);
    log(`all taken ${Date.now() - started} ms after the start`);

    // The SMTP server took each Message-ID once, and those are exactly the campaign's sends.
    const times = new Map<string, number>();
    for (const mail of smtp.taken) times.set(mail.messageId, (times.get(mail.messageId) ?? 0) + 1);
    expect([...times.values()].filter((n) => n > 1)).toEqual([]);
    expect(smtp.taken).toHaveLength(LEADS);

    const database = await store.open();
    try {
      const db = database.db;
      const sends = await db.selectFrom('campaign_sends').select(['message_id', 'lead_id', 'step_position', 'status', 'variant', 'to_address']).where('campaign_id', '=', campaignId).execute();
      expect(new Set(sends.map((s) => s.message_id))).toEqual(new Set(times.keys()));
      expect(new Set(sends.map((s) => `${s.lead_id}:${s.step_position}`)).size).toBe(LEADS);
      expect(sends.filter((s) => s.status !== 'sent')).toEqual([]);
      // Each email went to its lead.
      const byId = new Map(sends.map((s) => [s.message_id, s]));
      expect(smtp.taken.filter((m) => m.to.join() !== byId.get(m.messageId)?.to_address)).toEqual([]);
      // Every lead moved on to the second step exactly once.
      const leads = await db.selectFrom('campaign_leads').select(['next_position', 'thread_message_ids']).where('campaign_id', '=', campaignId).execute();
      expect(leads.filter((l) => l.next_position !== 1 || l.thread_message_ids.length !== 1)).toEqual([]);
      // Paid once per email: 2 credits, one ledger entry each.
      const { rows: charges } = await sql<{ entries: number; keys: number; amount: number }>`
        select count(*)::int as entries, count(distinct idempotency_key)::int as keys, coalesce(sum(amount), 0)::int as amount
        from credit_ledger where team_id = ${teamId} and action = 'manual_email'`.execute(db);
      expect(charges[0]).toEqual({ entries: LEADS, keys: LEADS, amount: 2 * LEADS });
      // The A/B split of the first step, as the subjects sent show: 50/50 within 5 points over
      // 2,000 leads (a smaller run is too few for that bound).
      const a = smtp.taken.filter((m) => m.subject.startsWith('A:')).length;
      expect(sends.filter((s) => s.variant === 0)).toHaveLength(a);
      if (LEADS >= 2_000) expect(Math.abs(a / LEADS - 0.5)).toBeLessThanOrEqual(0.05);
    } finally {
      await database.close();
    }
    log(`done in ${Date.now() - started} ms`);
  }, 900_000);
});
