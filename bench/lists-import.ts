// List import benchmark, run by hand:
//   node --expose-gc --import tsx bench/lists-import.ts --db postgres --url postgres://... [--rows 4000000] [--file /tmp/x.csv]
//   node --expose-gc --import tsx bench/lists-import.ts --db pglite [--dir /tmp/bench-import-pglite] [--rows 4000000]
// With --expose-gc each phase starts from a collected heap, as a fresh worker would, so one
// phase's garbage does not count in the next one's peak.
// Writes (or reuses) a prospect CSV with every accepted header (or takes --file, a .csv or an .xlsx), summarizes it as the upload does,
// imports it into a new list through the import job's own code path, and prints the time, the
// rows per second and the process's peak memory (RSS sampled every 50 ms). Then it exports the
// list through the download code path and prints rows/s, time to first byte and peak memory.
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { ProgressTracker } from '../apps/server/src/features/progress/progress.service.js';
import { downloadList } from '../apps/server/src/features/lists/export/index.js';
import { importFileIntoList } from '../apps/server/src/features/lists/import/index.js';
import { insertList } from '../apps/server/src/features/lists/index.js';
import type { Actor } from '../apps/server/src/lib/actor.js';
import { Outbox } from '../apps/server/src/events/outbox.js';
import type { AppContext } from '../apps/server/src/lib/context.js';
import { CsvSummaryTap, summarizeTable, type TableSummary } from '../apps/server/src/lib/files/index.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    url: { type: 'string' },
    dir: { type: 'string' },
    rows: { type: 'string', default: '4000000' },
    file: { type: 'string' },
  },
});
const rows = Number(values.rows);
const file = values.file ?? `/tmp/leadline-prospects-${rows}.csv`;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** Core-seconds the whole machine spent busy so far (Linux /proc/stat; NaN elsewhere): this process and the database server together. */
const busyCoreSeconds = () => {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks as number[];
    return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
  } catch {
    return Number.NaN;
  }
};
const resetPeak = () => {
  (globalThis as { gc?: () => void }).gc?.();
  peakRss = process.memoryUsage().rss;
};

/**
 * Plausible rows of the 11 accepted headers, 268 bytes each on average, so that 4M rows make
 * 1 GiB, the largest upload. Any other file can be measured with --file.
 */
async function writeCsv(path: string, n: number) {
  const out = createWriteStream(path);
  out.write('Full Name,Job Title,Job Level,Department,Company,Email,Phone,Company Domain,Country,City,LinkedIn URL\n');
  const titles = ['Vice President of Sales Operations', 'Senior Software Engineer, Platform', 'Director of Marketing Communications', 'Head of Customer Success EMEA'];
  const cities = ['San Francisco', 'London', 'Berlin', 'São Paulo', 'Sydney', 'Toronto'];
  for (let i = 0; i < n; i++) {
    const company = `Company ${i % 50_000} Inc`;
    const domain = `company-${i % 50_000}.example.com`;
    const line = `Firstname${i} Lastname${i},"${titles[i % 4]}",director,sales,"${company}",first.last${i}@${domain},+1 415 555 ${String(i % 10_000).padStart(4, '0')},${domain},United States,${cities[i % 6]},https://www.linkedin.com/in/firstname-lastname-${i}/\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

if (!existsSync(file)) {
  console.log(`writing ${rows.toLocaleString('en-US')} rows to ${file}...`);
  await writeCsv(file, rows);
}
const size = statSync(file).size;
console.log(`${os.cpus().length} cores, ${values.db}; file ${file}: ${(size / 1024 ** 3).toFixed(2)} GiB`);

const database =
  values.db === 'postgres'
    ? await openDatabase({ kind: 'postgres', url: values.url ?? process.env.DATABASE_URL ?? '' })
    : await openDatabase({ kind: 'pglite', ...(values.dir ? { dataDir: values.dir } : {}) });
const db = database.db;
await migrateToLatest(db);

const team = await db.insertInto('teams').values({ name: 'Bench team' }).returning('id').executeTakeFirstOrThrow();
const user = await db
  .insertInto('users')
  .values({ name: 'Bench', email: `bench-${Date.now()}@example.com`, password_hash: 'x', team_id: team.id, permission: 'TEAM_OWNER' })
  .returning('id')
  .executeTakeFirstOrThrow();

resetPeak();
console.log(`process RSS before the summary: ${mb(peakRss)}`);
let t0 = performance.now();
const fileType = file.endsWith('.xlsx') ? 'xlsx' : 'csv';
// A CSV is summarized as the upload streams it to disk (CsvSummaryTap); Excel once it is there.
let summary: TableSummary;
if (fileType === 'csv') {
  const tap = new CsvSummaryTap();
  await pipeline(createReadStream(file, { highWaterMark: 64 * 1024 }), tap, new Writable({ write: (_chunk, _encoding, done) => done() }));
  summary = tap.summary();
} else {
  summary = await summarizeTable(file, fileType);
}
const summarySeconds = (performance.now() - t0) / 1000;
console.log(`summary (what the upload computes while streaming): ${summary.rowCount.toLocaleString('en-US')} rows in ${summarySeconds.toFixed(1)} s, peak RSS ${mb(peakRss)}`);

const upload = await db
  .insertInto('uploads')
  .values({
    team_id: team.id, user_id: user.id, file_name: `bench.${fileType}`, file_type: fileType, size_bytes: size, path: file,
    headers: JSON.stringify(summary.headers), row_count: summary.rowCount, blank_counts: JSON.stringify(summary.blankCounts),
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const list = await insertList(db, { teamId: team.id, name: 'Bench import', entityType: 'contactList', createdBy: user.id, processing: true });
const tracker = await ProgressTracker.create(db, { teamId: team.id, userId: user.id, kind: 'lists.import-prospects' });
// The bench runs the work itself: jobs sent go nowhere; events are stored as in production (no subscribers).
const queue = { send: async () => null };
const events = new Outbox([]);
events.connect(queue);
const ctx = { db, queue, events } as unknown as AppContext;

resetPeak();
t0 = performance.now();
const cpu0 = process.cpuUsage();
const busy0 = busyCoreSeconds();
const ticker = setInterval(async () => {
  const p = await tracker.current();
  console.log(`  ${p.done.toLocaleString('en-US')} / ${(p.total ?? 0).toLocaleString('en-US')} rows, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}, 10_000);
await importFileIntoList(ctx, { progressId: tracker.id, teamId: team.id, uploadId: upload.id, listId: list.id, useRawFileData: true }, tracker);
clearInterval(ticker);
const importSeconds = (performance.now() - t0) / 1000;
const imported = (await tracker.current()).result?.imported as number;
const cpu = process.cpuUsage(cpu0);
const busy = busyCoreSeconds() - busy0;
console.log(
  `import: ${imported.toLocaleString('en-US')} rows in ${importSeconds.toFixed(1)} s (${Math.round(imported / importSeconds).toLocaleString('en-US')} rows/s, ${Math.round((imported * summary.headers.length) / importSeconds).toLocaleString('en-US')} cells/s), peak RSS ${mb(peakRss)}, this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, machine busy ${busy.toFixed(1)} core-s`,
);

await sql`analyze contacts`.execute(db);
await sql`analyze list_contacts`.execute(db);
resetPeak();
const actor = { userId: user.id, teamId: team.id } as Actor;
t0 = performance.now();
const { body } = await downloadList(db, actor, list.id);
let firstByteMs = NaN;
let bytes = 0;
for await (const chunk of body) {
  if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - t0;
  bytes += (chunk as Buffer).length;
}
const exportSeconds = (performance.now() - t0) / 1000;
console.log(
  `export: ${imported.toLocaleString('en-US')} rows, ${mb(bytes)} in ${exportSeconds.toFixed(1)} s (${Math.round(imported / exportSeconds).toLocaleString('en-US')} rows/s), first byte ${firstByteMs.toFixed(0)} ms, peak RSS ${mb(peakRss)}`,
);

clearInterval(sampler);
await database.close();
