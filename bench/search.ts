// Search benchmark, run by hand:
//   node --import tsx bench/search.ts --db pglite --people 1000000 [--dir /tmp/bench-pglite]
//   node --import tsx bench/search.ts --db postgres --url postgres://... --people 10000000
//   ... --explain 200   after the runs, EXPLAIN (ANALYZE, BUFFERS) the page-1 and count queries of
//                       every combination whose page 1 took longer than 200 ms
// Loads N generated people (skipped when already there), then runs a fixed mix of 20 filter
// combinations and prints p50/p95 of page 1 (with its count), page 100 (keyset, as the scroll
// token does), the count alone, and autocomplete.
import { parseArgs } from 'node:util';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { AutocompleteField, SearchFiltersInput } from '@leadline/shared';
import { normalizeFilters, SearchFilters, TOTAL_EXACT_LIMIT } from '@leadline/shared';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { finishBulkLoad } from '../apps/server/src/features/people-data/bulk-load.repository.js';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { countUpTo, pagePeople } from '../apps/server/src/features/search/search.repository.js';
import { autocomplete, countPeople, peopleSearchConditions } from '../apps/server/src/features/search/search.service.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    dir: { type: 'string' },
    people: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    size: { type: 'string', default: '50' },
    explain: { type: 'string' },
  },
});
const people = Number(values.people);
const runs = Number(values.runs);
const size = Number(values.size);

const o = (value: string, status: 'include' | 'exclude' = 'include') => ({ label: value, value, status });
const US = [o('united states')];
/** Selective and broad, with wildcards, excludes, ranges and past-job filters. */
const MIX: Array<[string, SearchFiltersInput]> = [
  ['US (default)', { location_country: US }],
  ['no filters', {}],
  ['US vp', { location_country: US, job_title_levels: [o('vp')] }],
  ['US director sales', { location_country: US, job_title_levels: [o('director')], job_title_role: [o('sales')] }],
  ['europe continent', { location_continent: [o('europe')] }],
  ['exclude US+UK', { location_country: [o('united states', 'exclude'), o('united kingdom', 'exclude')] }],
  ['title contains engineer', { job_title: [o('engineer')] }],
  ['title excl. intern, US', { location_country: US, job_title: [o('intern', 'exclude')] }],
  ['keywords wildcard', { keywords: 'soft*engineer' }],
  ['keywords ?', { keywords: 'sales ?anager' }],
  ['skills python', { skills: [o('python')] }],
  ['industry software, 51-200', { industry: [o('computer software')], job_company_size: [o('51-200')] }],
  ['revenue band + US', { location_country: US, job_company_inferred_revenue: [o('$10M-$25M')] }],
  ['years 10-20, cxo', { inferred_years_experience: { min: 10, max: 20 }, job_title_levels: [o('cxo')] }],
  ['employees 1000+', { job_company_employee_count: { min: 1000, max: null } }],
  ['has mobile, US', { location_country: US, mobile_phone: true }],
  ['past company industry', { experience_company_industry: [o('retail')] }],
  ['past level vp, now not vp', { experience_title_levels: [o('vp')], job_title_levels: [o('vp', 'exclude')] }],
  ['past title contains manager', { experience_title: [o('manager')] }],
  ['name contains "lee"', { full_name: 'lee' }],
];
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
const searchPage = async (filters: SearchFiltersInput, after: string | null, on = db) => {
  const conditions = await peopleSearchConditions(on, normalizeFilters(SearchFilters.parse(filters)));
  const [rows, count] = await Promise.all([
    pagePeople(on, conditions, { after, limit: size }),
    after === null ? countUpTo(on, 'people_search', conditions, TOTAL_EXACT_LIMIT) : null,
  ]);
  return { rows: rows.slice(0, size), more: rows.length > size, total: count?.total ?? 0, lowerBound: count?.isLowerBound ?? false };
};
const page1: number[] = [];
const deep: number[] = [];
const counts: number[] = [];
const ac: number[] = [];
const slow: Array<[string, SearchFiltersInput]> = [];
console.log(`\n${values.db}, ${people.toLocaleString('en-US')} people, page size ${size}, ${runs} runs each`);
console.log('filter mix'.padEnd(30), 'page 1 (+count)'.padStart(16), 'count'.padStart(10), 'page 100'.padStart(10), 'total');
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
    c.push(await time(() => countPeople(db, normalizeFilters(SearchFilters.parse(filters)))));
  }
  // Page 100 through the token: walk 99 pages (not timed), then time the 100th.
  let deepMs = NaN;
  if (total >= 100 * size || lowerBound) {
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
  console.log(label.padEnd(30), `${pct(p1, 50).toFixed(1)} ms`.padStart(16), `${pct(c, 50).toFixed(1)} ms`.padStart(10), `${Number.isNaN(deepMs) ? '-' : `${deepMs.toFixed(1)} ms`}`.padStart(10), `${total}${lowerBound ? '+' : ''}`);
}
for (let i = 0; i < runs; i++) for (const [field, q] of AUTOCOMPLETE) ac.push(await time(() => autocomplete(db, field, q)));

console.log('\nsummary');
console.log(`  page 1 with count  ${fmt(page1)}`);
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
