// Search while a supervised service syncs, on PGlite, run by hand:
//   node --import tsx bench/service-sync.ts [--dir /tmp/bench-sync-pglite] [--people 50000] [--messages 50000]
//   ... --unpaced   also measures the same sync written without the lane's pacing (500-row batches back to back)
// Loads the demo people (skipped when already there), then times a fixed mix of searches (the
// service-layer calls a search page makes, as bench/search.ts does), asked at a fixed rate and
// timed from when each was due, with the database idle, and again while a supervised service instance writes N synthetic messages of about 2 KB into a
// scratch table through the write lane. The goal: p95 under the sync at most twice idle.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { SearchFiltersInput } from '@leadline/shared';
import { normalizeFilters, SearchFilters, TOTAL_EXACT_LIMIT } from '@leadline/shared';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { countUpTo, pagePeople } from '../apps/server/src/features/search/search.repository.js';
import { peopleSearchConditions } from '../apps/server/src/features/search/search.service.js';
import { loadConfig } from '../apps/server/src/lib/config.js';
import { createWriteLane, defineService, Supervisor, type WriteLaneOptions } from '../apps/server/src/supervisor/index.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    people: { type: 'string', default: '50000' },
    messages: { type: 'string', default: '50000' },
    rounds: { type: 'string', default: '10' },
    unpaced: { type: 'boolean', default: false },
    interval: { type: 'string', default: '100' },
  },
});
const people = Number(values.people);
const messages = Number(values.messages);
const rounds = Number(values.rounds);
const interval = Number(values.interval);

const o = (value: string, status: 'include' | 'exclude' = 'include') => ({ label: value, value, status });
const US = [o('united states')];
const MIX: SearchFiltersInput[] = [
  { location_country: US },
  {},
  { location_country: US, job_title_levels: [o('vp')] },
  { location_country: US, job_title_levels: [o('director')], job_title_role: [o('sales')] },
  { location_continent: [o('europe')] },
  { job_title: [o('engineer')] },
  { keywords: 'soft*engineer' },
  { skills: [o('python')] },
  { industry: [o('computer software')], job_company_size: [o('51-200')] },
  { inferred_years_experience: { min: 10, max: 20 }, job_title_levels: [o('cxo')] },
  { location_country: US, mobile_phone: true },
  { full_name: 'lee' },
];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  max ${Math.max(...xs).toFixed(1)} ms  (n=${xs.length})`;

const database = await openDatabase({ kind: 'pglite', ...(values.dir ? { dataDir: values.dir } : {}) });
const db = database.db;
await migrateToLatest(db);
const have = Number((await db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
if (have < people) {
  console.log(`loading ${people.toLocaleString('en-US')} people (have ${have.toLocaleString('en-US')})...`);
  const result = await loadDemoPeople(db, { people, batchSize: 1000, bulk: { maintenanceWorkMem: '256MB' }, log: (l) => console.log(`  ${l}`), progressEvery: 100_000 });
  console.log(`loaded in ${result.seconds.toFixed(1)} s`);
}
await sql`analyze`.execute(db);

/** What searchPage does for page 1, less the credits charge: the codes lookup, then the page and the capped count. */
const search = async (filters: SearchFiltersInput) => {
  const conditions = await peopleSearchConditions(db, normalizeFilters(SearchFilters.parse(filters)));
  await Promise.all([pagePeople(db, conditions, { after: null, limit: 50 }), countUpTo(db, 'people_search', conditions, TOTAL_EXACT_LIMIT)]);
};

// The scratch table a sync writes: one row per message, about 2 KB each.
const scratch = db as unknown as Kysely<any>;
await sql`drop table if exists bench_sync_messages`.execute(db);
await sql`
  create table bench_sync_messages (
    mailbox text not null, uid integer not null, message_id text not null, subject text not null,
    from_address text not null, to_address text not null, sent_at timestamptz not null, flags text[] not null,
    body text not null, primary key (mailbox, uid))`.execute(db);
const WORDS = 'meeting proposal quarterly pipeline follow up pricing contract renewal demo onboarding invoice schedule thanks regards team update'.split(' ');
function* messageRows(mailbox: string, n: number) {
  for (let uid = 1; uid <= n; uid++) {
    const words = Array.from({ length: 260 }, (_, i) => WORDS[(uid * 7 + i * 13) % WORDS.length]).join(' ');
    yield {
      mailbox, uid, message_id: `<${uid}.${mailbox}@bench.example.test>`, subject: `Re: ${WORDS[uid % WORDS.length]} ${uid}`,
      from_address: `sender${uid % 997}@customer${uid % 89}.example.test`, to_address: `${mailbox}@leadline.example.test`,
      sent_at: new Date(Date.UTC(2026, 0, 1) + uid * 60_000), flags: uid % 3 ? ['\\Seen'] : [], body: words.slice(0, 1800),
    };
  }
}

/**
 * Asks the search mix at a fixed rate (one search every `interval` ms, one at a time, as a
 * busy team's requests arrive) until `done()` and at least `minRounds` rounds; answers each
 * search's time from when it was due, so time spent waiting for the event loop or the
 * connection (a batch holding it) is counted, as a request over HTTP would feel it.
 */
const searchUntil = async (done: () => boolean, minRounds: number) => {
  const times: number[] = [];
  const start = performance.now();
  for (let round = 0, i = 0; round < minRounds || !done(); round++) {
    for (const filters of MIX) {
      const due = start + i++ * interval;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await search(filters);
      times.push(performance.now() - due);
    }
  }
  return times;
};

for (const filters of MIX) await search(filters); // warm-up
const idle = await searchUntil(() => true, rounds);

async function measureSync(label: string, lane: Partial<WriteLaneOptions>) {
  await sql`truncate bench_sync_messages`.execute(db);
  let finished = false;
  let syncMs = 0;
  let batches = 0;
  const service = defineService({
    name: 'bench.sync',
    instances: async () => ['mailbox-1'],
    async run(_ctx, key, tools) {
      if (finished) return new Promise<void>((resolve) => tools.signal.addEventListener('abort', () => resolve(), { once: true }));
      const t0 = performance.now();
      let written = 0;
      ({ batches } = await tools.lane.writeInBatches(messageRows(key, messages), async (trx, batch) => {
        await (trx as unknown as Kysely<any>).insertInto('bench_sync_messages').values(batch).onConflict((oc) => oc.columns(['mailbox', 'uid']).doNothing()).execute();
        written += batch.length;
        if (written % 10_000 < batch.length) console.log(`  ${label}: ${written.toLocaleString('en-US')} messages written (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      }, { signal: tools.signal }));
      syncMs = performance.now() - t0;
      finished = true;
    },
  });
  const supervisor = new Supervisor({
    // The bench's service enqueues and publishes nothing: no queue is started, so pg-boss's polling stays out of the figures.
    ctx: { db, config: loadConfig({}), queue: undefined as never, events: undefined as never },
    services: [service],
    lane: createWriteLane(db, 'pglite', lane),
    leaseMs: 30_000,
    log: () => {},
  });
  await supervisor.start();
  const busy = await searchUntil(() => finished, 1);
  await supervisor.stop();
  const stored = Number((await scratch.selectFrom('bench_sync_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const bytes = Number((await sql<{ b: number }>`select pg_total_relation_size('bench_sync_messages') as b`.execute(db)).rows[0]!.b);
  console.log(`${label.padEnd(26)} ${fmt(busy)}`);
  console.log(`${''.padEnd(26)} sync: ${stored.toLocaleString('en-US')} messages (${(bytes / 2 ** 20).toFixed(0)} MiB) in ${(syncMs / 1000).toFixed(1)} s, ${batches.toLocaleString('en-US')} transactions`);
  return busy;
}

console.log(`\nPGlite, ${people.toLocaleString('en-US')} people, ${MIX.length} searches a round, one due every ${interval} ms; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0]!.toFixed(2)}`);
console.log(`${'idle'.padEnd(26)} ${fmt(idle)}`);
const busy = await measureSync('during the sync (lane)', {});
// The same mix once the sync is done: what is left is the written data's effect on the cache.
console.log(`${'idle after the sync'.padEnd(26)} ${fmt(await searchUntil(() => true, rounds))}`);
if (values.unpaced) await measureSync('during an unpaced sync', { targetBatchMs: 10_000, share: 1, maxBatchSize: 500 });
const ratio = pct(busy, 95) / pct(idle, 95);
console.log(`\np95 during the sync / idle: ${ratio.toFixed(2)}x (goal <= 2x): ${ratio <= 2 ? 'met' : 'NOT met'}`);
await sql`drop table bench_sync_messages`.execute(db);
await database.close();
