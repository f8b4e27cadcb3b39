// Search benchmark, run by hand:
//   node --import tsx bench/search.ts --db pglite --people 1000000 [--dir /tmp/bench-pglite]
//   node --import tsx bench/search.ts --db postgres --url postgres://... --people 10000000
//   ... --deep no       skip page 100 (each filter set walks 99 pages to reach it)
//   ... --explain 200   after the runs, EXPLAIN (ANALYZE, BUFFERS) the page-1 and count queries of
//                       every combination whose page 1 took longer than 200 ms
// Loads N generated people (skipped when already there), then runs a fixed mix of 20 filter
// combinations and prints p50/p95 of page 1 (with a fresh count, and with the count kept from the
// run before), page 100 (keyset, as the scroll token does), the count alone, and autocomplete.
// The load benchmark (many clients over HTTP) is bench/search-load.ts.
import { parseArgs } from 'node:util';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { AutocompleteField, SearchFiltersInput } from '@leadline/shared';
import { normalizeFilters, SearchFilters, TOTAL_EXACT_LIMIT } from '@leadline/shared';
import { MIX } from './search-mix.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { finishBulkLoad } from '../apps/server/src/features/people-data/bulk-load.repository.js';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { countUpTo, pagePeople } from '../apps/server/src/features/search/search.repository.js';
import { autocomplete, peopleSearchConditions } from '../apps/server/src/features/search/search.service.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    dir: { type: 'string' },
    people: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    size: { type: 'string', default: '50' },
    explain: { type: 'string' },
    deep: { type: 'string', default: 'yes' },
  },
});
const people = Number(values.people);
const runs = Number(values.runs);
const size = Number(values.size);

const AUTOCOMPLETE: Array<[AutocompleteField, string]> = [
  ['job_title', 'sa'], ['job_title', 'sales'], ['job_title', 'engineer'], ['job_title', ''],
  ['job_company_name', 'ac'], ['job_company_name', 'tech'], ['industry', 'soft'], ['industry', 'fin'],
  ['location_name', 'lon'], ['location_name', 'san fr'], ['skills', 'py'], ['skills', 'management'],
  ['education_school', 'univ'], ['languages', 'span'], ['certifications', 'aws'], ['job_company_website', '.io'],
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
const fmt = (xs: number[]) => (xs.length ? `p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  (n=${xs.length})` : 'n/a');

const database =
  values.db === 'postgres'
    ? await openDatabase({ kind: 'postgres', url: values.url ?? process.env.DATABASE_URL ?? '' })
    : await openDatabase({ kind: 'pglite', ...(values.dir ? { dataDir: values.dir } : {}) });
const db = database.db;
await migrateToLatest(db);
const have = Number((await db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
// Into an empty or small database the bulk path (COPY on PostgreSQL) is taken.
const bulk = values.db === 'postgres' ? { postgresUrl: values.url ?? process.env.DATABASE_URL ?? '' } : { maintenanceWorkMem: '256MB' };
// A bulk load that an earlier run left midway (PostgreSQL commits it step by step) is carried on;
// one that stopped before its people committed starts again below.
if (have >= people && await finishBulkLoad(db, { ...bulk, log: (l) => console.log(`  ${l}`) })) console.log('finished the bulk load an earlier run left midway');
if (have < people) {
  console.log(`loading ${people.toLocaleString('en-US')} people (have ${have.toLocaleString('en-US')})...`);
  const result = await loadDemoPeople(db, { people, batchSize: 1000, bulk, log: (l) => console.log(`  ${l}`), progressEvery: 100_000 });
  console.log(`loaded in ${result.seconds.toFixed(1)} s (${Math.round(result.people.inserted / result.seconds)} people/s)`);
}
await sql`analyze`.execute(db);

// What searchPeople does for a page, less the credits charge (its own small transaction): the
// codes lookup, then the page and (on page 1) the capped count side by side. Page 100 starts after
// the last id of page 99, as its scroll token would.
// `fresh` counts anew each time (the first search of a filter set); otherwise a count of the last
// 30 s is reused, as for every later page and user of the same filters.
const searchPage = async (filters: SearchFiltersInput, after: string | null, on = db, fresh = true) => {
  const conditions = await peopleSearchConditions(on, normalizeFilters(SearchFilters.parse(filters)));
  const [rows, count] = await Promise.all([
    pagePeople(on, conditions, { after, limit: size }, { fresh }),
    after === null ? countUpTo(on, 'people_search', conditions, TOTAL_EXACT_LIMIT, { fresh }) : null,
  ]);
  return { rows: rows.slice(0, size), more: rows.length > size, total: count?.total ?? 0, lowerBound: count?.isLowerBound ?? false };
};
const page1: number[] = [];
const page1Reused: number[] = [];
const deep: number[] = [];
const counts: number[] = [];
const ac: number[] = [];
const slow: Array<[string, SearchFiltersInput]> = [];
console.log(`\n${values.db}, ${people.toLocaleString('en-US')} people, page size ${size}, ${runs} runs each`);
console.log('filter mix'.padEnd(30), 'page 1 (+count)'.padStart(16), 'p95'.padStart(10), 'count'.padStart(10), 'page 100'.padStart(10), 'total');
for (const [label, filters] of MIX) {
  const p1: number[] = [];
  const c: number[] = [];
  let total = 0;
  let lowerBound = false;
  for (let i = 0; i < runs; i++) {
    p1.push(await time(async () => {
      const r = await searchPage(filters, null);
      total = r.total;
      lowerBound = r.lowerBound;
    }));
    c.push(await time(async () => countUpTo(db, 'people_search', await peopleSearchConditions(db, normalizeFilters(SearchFilters.parse(filters))), TOTAL_EXACT_LIMIT, { fresh: true })));
    page1Reused.push(await time(() => searchPage(filters, null, db, false)));
  }
  // Page 100 through the token: walk 99 pages (not timed), then time the 100th.
  let deepMs = NaN;
  if (values.deep !== 'no' && (total >= 100 * size || lowerBound)) {
    let after: string | null = null;
    for (let p = 1; p < 100 && (p === 1 || after); p++) {
      const r = await searchPage(filters, after);
      after = r.more ? r.rows.at(-1)!.id : null;
    }
    if (after) {
      const from = after;
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await time(() => searchPage(filters, from)));
      deepMs = pct(samples, 50);
      deep.push(...samples);
    }
  }
  if (values.explain && pct(p1, 95) > Number(values.explain)) slow.push([label, filters]);
  page1.push(...p1);
  counts.push(...c);
  console.log(label.padEnd(30), `${pct(p1, 50).toFixed(1)} ms`.padStart(16), `${pct(p1, 95).toFixed(1)} ms`.padStart(10), `${pct(c, 50).toFixed(1)} ms`.padStart(10), `${Number.isNaN(deepMs) ? '-' : `${deepMs.toFixed(1)} ms`}`.padStart(10), `${total}${lowerBound ? '+' : ''}`);
}
for (let i = 0; i < runs; i++) for (const [field, q] of AUTOCOMPLETE) ac.push(await time(() => autocomplete(db, field, q)));

console.log('\nsummary');
console.log(`  page 1 with count  ${fmt(page1)}`);
console.log(`  page 1, count kept ${fmt(page1Reused)}`);
console.log(`  page 100 by token  ${fmt(deep)}`);
console.log(`  count (capped)     ${fmt(counts)}`);
console.log(`  autocomplete       ${fmt(ac)}`);

/** Records the queries a search runs, to explain them afterwards. */
class Recorder implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery({ node }: { node: RootOperationNode }) {
    this.nodes.push(node);
    return node;
  }
  async transformResult<R>({ result }: { result: R }) {
    return result;
  }
}
for (const [label, filters] of slow) {
  const recorder = new Recorder();
  await searchPage(filters, null, db.withPlugin(recorder));
  for (const node of recorder.nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' } as never);
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, buffers) ${compiled.sql}`, [...compiled.parameters]));
    console.log(`\n--- ${label}: ${compiled.sql.replace(/\s+/g, ' ').slice(0, 160)}...`);
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
  }
}
await database.close();
