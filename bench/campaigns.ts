// Campaign engine speed on PostgreSQL, run by hand (issue 22):
//   node --import tsx bench/campaigns.ts --url postgres://postgres@127.0.0.1:55433/postgres [--leads 100000] [--mailboxes 200] [--sends 1000]
// Creates a scratch database `bench_campaigns_*` on that server and drops it afterwards.
// Loads one active campaign of `leads` leads over `mailboxes` mailboxes, part way through its
// sequence (a third of the leads past step 1, with opens, clicks, replies and bounces), then times:
//   1. choosing the next due sends: the reads of one scheduler tick (goal p95 ≤ 50 ms);
//   2. the engine's own work per email: planning it in a tick, then sending it through an SMTP
//      server that answers at once (instant-smtp.ts), less the same messages sent again by a bare
//      client, one connection each as the engine opens them (goal ≤ 2 ms);
//   3. the details page's funnel: GET /api/v1/campaigns/{id} with its counts (goal ≤ 300 ms).
// Prints the machine's load average before and after: the figures move with it. Since wall
// times move with the machine's load, 2a and 2b also print figures that do not: the statements
// and transactions sent to the database per email, and this process's CPU time per email.
// `--profile DIR` writes a CPU profile of the planning and of the sending into DIR.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import net from 'node:net';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { CampaignCreateBody } from '@leadline/shared/campaigns/index';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { startRuntime } from '../apps/server/src/runtime.js';
import { createThrowawayDatabase } from '../apps/server/src/test/database.js';
import { createOwner } from '../apps/server/src/test/factories.js';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { grantCredits } from '../apps/server/src/features/credits/index.js';
import { createCampaign, launchCampaign } from '../apps/server/src/features/campaigns/campaigns.service.js';
import * as repo from '../apps/server/src/features/campaigns/campaigns.repository.js';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { campaignSendEmail } from '../apps/server/src/features/campaigns/campaigns.jobs.js';
import { QUEUE_SCHEMA } from '../apps/server/src/jobs/job-recovery.repository.js';
import { sendPlannedEmail } from '../apps/server/src/features/campaigns/send-email.js';
import * as sends from '../apps/server/src/features/campaigns/sends.repository.js';
import { createContactList, createMailbox, ownerActor } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { localDayStart } from '@leadline/shared/campaigns/index';
import { startInstantSmtp } from './instant-smtp.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    leads: { type: 'string', default: '100000' },
    mailboxes: { type: 'string', default: '200' },
    sends: { type: 'string', default: '1000' },
    ticks: { type: 'string', default: '40' },
    explain: { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
const adminUrl = values.url ?? process.env.DATABASE_URL;
if (!adminUrl) throw new Error('--url (or DATABASE_URL) is required: a PostgreSQL server to create the scratch database on');
const LEADS = Number(values.leads);
const MAILBOXES = Number(values.mailboxes);
const SENDS = Number(values.sends);
const TICKS = Number(values.ticks);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms  (n=${xs.length})`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

// Every statement any pool connection sends (the engine's and the queue's), BEGIN and COMMIT
// counted apart as transactions.
// And the time from sending each statement to its answer (what a caller waits on the database).
const counted = { statements: 0, transactions: 0, waitMs: 0 };
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text ?? '';
  if (/^\s*(begin|start transaction)/i.test(text)) counted.transactions++;
  else if (!/^\s*(commit|rollback)/i.test(text)) counted.statements++;
  const sent = performance.now();
  const result = query.apply(this, args);
  const waited = () => void (counted.waitMs += performance.now() - sent);
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(waited, waited);
  return result;
} as typeof pg.Client.prototype.query;
/** Statements, transactions and CPU milliseconds (user + system) of this process, from here to `done()`. */
const measure = () => {
  const start = { ...counted, cpu: process.cpuUsage() };
  return () => {
    const cpu = process.cpuUsage(start.cpu);
    return { statements: counted.statements - start.statements, transactions: counted.transactions - start.transactions, cpuMs: (cpu.user + cpu.system) / 1000, waitMs: counted.waitMs - start.waitMs };
  };
};
const per = (m: ReturnType<ReturnType<typeof measure>>, n: number) => `${(m.statements / n).toFixed(2)} statements and ${(m.transactions / n).toFixed(2)} transactions, CPU ${(m.cpuMs / n).toFixed(2)} ms, waiting on the database ${(m.waitMs / n).toFixed(2)} ms`;
const profiler = values.profile ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  fs.mkdirSync(values.profile!, { recursive: true });
}
const profiled = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  if (!profiler) return work();
  await profiler.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(path.join(values.profile!, `${name}.cpuprofile`), JSON.stringify(profile));
  }
};

const step = (label: string, t0: number) => console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

console.log(`campaigns bench on PostgreSQL: ${LEADS} leads, ${MAILBOXES} mailboxes; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`load average at start: ${load()}`);

const throwaway = await createThrowawayDatabase(adminUrl, 'bench_campaigns');
const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 10 });
const smtp = await startInstantSmtp();
const config = testConfig({ outboundAllowPrivate: true, publicUrl: 'http://leadline.bench' });
const runtime = await startRuntime(config, { serve: true, work: false, database, logger: false });
const { ctx, app } = runtime;
const db = ctx.db;

try {
  await migrateToLatest(db);
  console.log('loading:');
  let t0 = performance.now();
  const owner = await createOwner(db);
  await grantCredits(db, { teamId: owner.teamId, amount: LEADS * 20, idempotencyKey: 'bench-campaigns', reason: 'bench' });
  const senders: string[] = [];
  for (let i = 0; i < MAILBOXES; i++) {
    const email = `sender${i}@bench.test`;
    const id = await createMailbox(db, config, owner, email, { smtp: { host: '127.0.0.1', port: smtp.port }, capacity: 100 });
    // The server files what it relays (as Gmail does): the send ends with the SMTP answer.
    await db.updateTable('mail_accounts').set({ provider: 'gmail' }).where('id', '=', id).execute();
    senders.push(email);
  }
  const { listId } = await createContactList(
    db,
    owner,
    'Bench leads',
    Array.from({ length: LEADS }, (_, i) => ({ first: `Lead${i}`, company: `Company ${i % 5000}`, email: `lead${i}@leads.bench` })),
  );
  step(`${MAILBOXES} mailboxes, ${LEADS} contacts in a list`, t0);

  t0 = performance.now();
  const now = new Date();
  const campaign = await createCampaign(
    db,
    ownerActor(owner),
    CampaignCreateBody.parse({
      name: 'Bench',
      listIds: [listId],
      mailboxes: senders,
      schedule: { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' },
      dailyLimit: 10_000,
      steps: [
        { type: 'email', delayDays: 0, variants: [
          { subject: 'Hello {{firstName|there}}', body: 'Hi {{firstName|there}}, a question about {{companyName|your team}}.', weight: 50 },
          { subject: 'An idea for {{companyName|your team}}', body: 'Hi {{firstName|there}}, one idea for {{companyName|your team}}.', weight: 50 },
        ] },
        { type: 'email', delayDays: 2, body: 'Following up, {{firstName|there}}.' },
        { type: 'email', delayDays: 3, subject: 'Last note', body: 'Closing the loop.', newThread: true },
      ],
    }),
  );
  await launchCampaign(db, ownerActor(owner), campaign.id, new Date(now.getTime() - 10 * 86_400_000));
  // A campaign part way through: a third of the leads were sent step 1 over the last ten days
  // (with opens, clicks, replies and bounces) and wait for step 2, due over the next days or
  // already; the others wait for step 1, a tenth of them due now.
  await sql`
    with boxes as (select array_agg(id order by email_address) as ids from mail_accounts),
    numbered as (select l.id, l.email, row_number() over (order by l.id) as n from campaign_leads l where l.campaign_id = ${campaign.id}),
    picked as (select numbered.*, boxes.ids[1 + numbered.n % ${MAILBOXES}] as mailbox_id from numbered, boxes)
    insert into campaign_sends (campaign_id, lead_id, team_id, step_position, variant, mailbox_id, message_id, to_address, subject, body, status, attempts, due_at, sent_at, opened_at, clicked_at, replied_at, bounced_at)
    select ${campaign.id}, p.id, ${owner.teamId}, 0, (p.n % 2)::int, p.mailbox_id, '<bench-' || p.n || '@bench.test>', p.email, 'Hello', 'Hi', 'sent', 1,
      now() - (p.n % 10 + 1) * interval '1 day', now() - (p.n % 10 + 1) * interval '1 day',
      case when p.n % 3 = 0 then now() - interval '1 day' end,
      case when p.n % 10 = 0 then now() - interval '1 day' end,
      case when p.n % 25 = 0 then now() - interval '1 day' end,
      case when p.n % 50 = 1 then now() - interval '1 day' end
    from picked p where p.n % 3 = 0`.execute(db);
  await sql`
    update campaign_leads l set
      next_position = case when s.id is null then 0 else 1 end,
      next_at = case when s.id is null then now() + ((hashtext(l.id::text) % 10) + 1) * interval '1 hour' * 24 * (case when hashtext(l.id::text) % 10 = 0 then -1 else 1 end)
                     else now() + (hashtext(l.id::text) % 5) * interval '1 day' end,
      status = case when s.replied_at is not null then 'replied' when s.bounced_at is not null then 'bounced' else 'active' end,
      mailbox_id = s.mailbox_id,
      thread_subject = s.subject,
      thread_message_ids = case when s.id is null then '{}' else array[s.message_id] end
    from campaign_leads l2 left join campaign_sends s on s.lead_id = l2.id
    where l.id = l2.id and l.campaign_id = ${campaign.id}`.execute(db);
  // As autovacuum would have: the bulk update above left a dead version of every lead.
  await sql`vacuum analyze`.execute(db);
  // And write the loaded pages out now, so no checkpoint of them lands inside a timed part.
  await sql`checkpoint`.execute(db);
  const due = await db.selectFrom('campaign_leads').select((eb) => eb.fn.countAll<string>().as('n')).where('campaign_id', '=', campaign.id).where('status', '=', 'active').where('next_at', '<=', now).executeTakeFirstOrThrow();
  const active = await db.selectFrom('campaign_leads').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'active').executeTakeFirstOrThrow();
  step(`campaign launched and part way through (${active.n} active leads, ${due.n} due now)`, t0);
  console.log(`load average after loading: ${load()}`);

  // 1. Choosing the next due sends: what a tick reads before it plans anything.
  const parts: Record<string, number[]> = { campaigns: [], 'dynamic lists and steps': [], 'daily limit': [], 'mailbox loads': [], 'due leads': [] };
  const timed = async <T>(part: string, work: () => Promise<T>) => {
    const t = performance.now();
    const result = await work();
    parts[part]!.push(performance.now() - t);
    return result;
  };
  const choose = async (at: Date) => {
    for (const c of await timed('campaigns', () => sends.activeCampaigns(db))) {
      await timed('dynamic lists and steps', async () => [await sends.hasDynamicList(db, c.id), await repo.findSteps(db, c.id)]);
      await timed('daily limit', () => sends.campaignSendsSince(db, c.id, localDayStart(at, c.schedule.timezone)));
      await timed('mailbox loads', () => sends.mailboxLoads(db, c.id, new Date(Math.floor(at.getTime() / 86_400_000) * 86_400_000)));
      await timed('due leads', () => sends.dueLeads(db, c.id, at, 500));
    }
  };
  await choose(now);
  for (const list of Object.values(parts)) list.length = 0;
  const chooseTimes: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    const t = performance.now();
    await choose(new Date(now.getTime() + i * 1000));
    chooseTimes.push(performance.now() - t);
  }
  console.log(`1. choosing the next due sends, per tick (goal p95 ≤ 50 ms): ${fmt(chooseTimes)}`);
  for (const [part, times] of Object.entries(parts)) console.log(`   ${part.padEnd(24)} ${fmt(times)}`);
  if (values.explain) {
    const { sql: text, parameters } = sends.dueLeadsQuery(db, campaign.id, now, 500).compile();
    const plan = await sql.raw(`explain (analyze, buffers) ${text.replace(/\$(\d+)/g, (_, n) => `'${String(parameters[Number(n) - 1] instanceof Date ? (parameters[Number(n) - 1] as Date).toISOString() : parameters[Number(n) - 1])}'`)}`).execute(db);
    console.log((plan.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n'));
  }

  // 2a. Planning: whole ticks (reads and the writes of each planned email), three minutes apart
  // (a mailbox's gap is 2 minutes and up to 1 of jitter: each tick books each mailbox once).
  let planned = 0;
  let tickMs = 0;
  let nextTick = 0;
  const tickTimes: number[] = [];
  // Measured inside the profiled work: stopping the profiler takes CPU time of its own.
  const planned2a = await profiled('planning', async () => {
    const planning = measure();
    for (; planned < SENDS; nextTick++) {
      const at = new Date(now.getTime() + nextTick * 180_000);
      const t = performance.now();
      const result = await runTick(ctx, { now: at, batch: Math.min(500, SENDS - planned) });
      const ms = performance.now() - t;
      tickTimes.push(ms);
      tickMs += ms;
      planned += result.planned;
      if (result.planned === 0) break;
    }
    return planning();
  });
  const chooseMean = chooseTimes.reduce((a, b) => a + b, 0) / chooseTimes.length;
  const planPerEmail = (tickMs - chooseMean * tickTimes.length) / planned;
  console.log(`2a. ticks that planned ${planned} emails: ${fmt(tickTimes)}; planning per email, less the reads: ${planPerEmail.toFixed(2)} ms`);
  console.log(`    per email planned, the reads included: ${per(planned2a, planned)}`);

  // 2b. Sending them, one after another, through the SMTP server that answers at once.
  const queued = await db.selectFrom('campaign_sends').select(['id', 'mailbox_id']).where('campaign_id', '=', campaign.id).where('status', '=', 'queued').orderBy('due_at').limit(SENDS).execute();
  const receivedBefore = smtp.received.length;
  const engineTimes: number[] = [];
  const bareTimes: number[] = [];
  let t = performance.now();
  const sent2b = await profiled('sending', async () => {
    const sending = measure();
    for (const send of queued) {
      const t1 = performance.now();
      const outcome = await sendPlannedEmail(ctx, send.id);
      if (outcome !== 'sent') throw new Error(`send ${send.id}: ${outcome}`);
      engineTimes.push(performance.now() - t1);
    }
    return sending();
  });
  const sendMs = (performance.now() - t) / queued.length;
  // The bare SMTP part of that: the same messages, byte for byte, sent again by a client with
  // nothing else to do, one connection each as the engine opens them (and, like the engine's, with
  // Nagle's algorithm off).
  const messages = smtp.received.slice(receivedBefore);
  const bareTransport = () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: 'x', pass: 'y' },
      getSocket(_options: unknown, callback: (error: Error | null, socket?: { connection: net.Socket }) => void) {
        const socket = net.connect(smtp.port, '127.0.0.1', () => callback(null, { connection: socket }));
        socket.setNoDelay(true);
        socket.once('error', (error) => callback(error));
      },
    } as Parameters<typeof nodemailer.createTransport>[0]);
  const bare = measure();
  t = performance.now();
  for (const message of messages) {
    const t1 = performance.now();
    const transport = bareTransport();
    await transport.sendMail({ envelope: { from: message.from, to: message.to }, raw: message.raw });
    transport.close();
    bareTimes.push(performance.now() - t1);
  }
  const bareMs = (performance.now() - t) / messages.length;
  const bare2b = bare();
  // The same difference, less the machine's hiccups: the median of batches of 100 emails.
  const batchMedian = (times: number[]) => pct(Array.from({ length: Math.ceil(times.length / 100) }, (_, i) => times.slice(i * 100, i * 100 + 100).reduce((a, b) => a + b, 0) / Math.min(100, times.length - i * 100)), 50);
  const steadyOwn = batchMedian(engineTimes) - batchMedian(bareTimes);
  console.log(`2b. sending ${queued.length} emails: ${sendMs.toFixed(2)} ms each; the same messages sent bare ${bareMs.toFixed(2)} ms; the engine's own part ${(sendMs - bareMs).toFixed(2)} ms`);
  console.log(`    per email sent: ${per(sent2b, queued.length)}; a bare SMTP conversation: CPU ${(bare2b.cpuMs / queued.length).toFixed(2)} ms (both sides of it: the SMTP server runs in this process)`);
  const ownCpu = (planned2a.cpuMs / planned) + (sent2b.cpuMs - bare2b.cpuMs) / queued.length;
  console.log(`    own CPU per email (planning, reads included, + sending less the bare conversation): ${ownCpu.toFixed(2)} ms; statements per email ${((planned2a.statements / planned) + sent2b.statements / queued.length).toFixed(2)}, transactions ${((planned2a.transactions / planned) + sent2b.transactions / queued.length).toFixed(2)}`);
  console.log(`2. own overhead per email sent (goal ≤ 2 ms): planning ${planPerEmail.toFixed(2)} + sending ${(sendMs - bareMs).toFixed(2)} = ${(planPerEmail + sendMs - bareMs).toFixed(2)} ms`);
  console.log(`   the median batch of 100: sending ${batchMedian(engineTimes).toFixed(2)} less bare ${batchMedian(bareTimes).toFixed(2)}; planning ${planPerEmail.toFixed(2)} + sending ${steadyOwn.toFixed(2)} = ${(planPerEmail + steadyOwn).toFixed(2)} ms`);

  // 2c. The same through the queue, as a worker sends them: pg-boss fetches the send jobs
  // (campaignSendEmail.batchSize at a time) and completes each. More emails are planned, their
  // jobs made due now, and a worker started; timed until the SMTP server has taken them all.
  await sql`delete from ${sql.table(`${QUEUE_SCHEMA}.job`)} where name = ${campaignSendEmail.name} and state = 'created'`.execute(db);
  let planned2c = 0;
  for (nextTick++; planned2c < SENDS; nextTick++) {
    const result = await runTick(ctx, { now: new Date(now.getTime() + nextTick * 180_000), batch: Math.min(500, SENDS - planned2c) });
    planned2c += result.planned;
    if (result.planned === 0) break;
  }
  await sql`update ${sql.table(`${QUEUE_SCHEMA}.job`)} set start_after = now() where name = ${campaignSendEmail.name} and state = 'created'`.execute(db);
  const target = smtp.received.length + planned2c;
  const queued2c = measure();
  t = performance.now();
  await runtime.queue.work(ctx);
  while (smtp.received.length < target) await new Promise((resolve) => setTimeout(resolve, 2));
  const queuedMs = (performance.now() - t) / planned2c;
  const sent2c = queued2c();
  console.log(`2c. the same through the queue, ${planned2c} emails: ${queuedMs.toFixed(2)} ms each; less the bare conversation ${(queuedMs - bareMs).toFixed(2)} ms`);
  console.log(`    per email sent: ${per(sent2c, planned2c)}`);
  console.log(`2. with the queue (goal ≤ 2 ms): planning ${planPerEmail.toFixed(2)} + sending through the queue ${(queuedMs - bareMs).toFixed(2)} = ${(planPerEmail + queuedMs - bareMs).toFixed(2)} ms`);

  // 3. The details page's funnel.
  const get = () => app!.inject({ method: 'GET', url: `/api/v1/campaigns/${campaign.id}`, headers: { cookie: owner.cookie } });
  const first = await get();
  if (first.statusCode !== 200) throw new Error(`GET campaign: ${first.statusCode} ${first.body}`);
  const funnelTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t1 = performance.now();
    const response = await get();
    funnelTimes.push(performance.now() - t1);
    if (response.statusCode !== 200) throw new Error(`GET campaign: ${response.statusCode}`);
  }
  console.log(`3. GET /api/v1/campaigns/{id} with its counts (goal ≤ 300 ms): ${fmt(funnelTimes)}`);
  console.log(`   counts: ${JSON.stringify(first.json().data.counts)}`);
  console.log(`load average at the end: ${load()}`);
} finally {
  await runtime.close();
  await smtp.close();
  await throwaway.drop();
}
