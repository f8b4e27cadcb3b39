// `node --import tsx apps/server/src/features/people-data/import-cli.ts FILE [--batch-size N] [--progress-every N]`
// Loads a People Data Labs JSONL file (people and/or companies, optionally .gz) into the configured
// database (DATABASE_URL, else the embedded PGlite in DATA_DIR).
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../../db/migrate.js';
import { loadConfig } from '../../lib/config.js';
import { openDatabaseFor } from '../../db/database.js';
import { formatImportSummary, importPdlFile } from './import.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'batch-size': { type: 'string' }, 'progress-every': { type: 'string' } },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('Usage: import-cli.ts FILE.jsonl[.gz] [--batch-size N] [--progress-every N]');
  process.exit(2);
}

const config = loadConfig();
const log = (line: string) => console.log(`[import] ${line}`);
log(`Importing ${file} into ${config.databaseUrl ? 'PostgreSQL' : `the embedded PGlite in ${config.dataDir} (the server must not be running)`}...`);
const database = await openDatabaseFor(config);
try {
  await migrateToLatest(database.db);
  const summary = await importPdlFile(database.db, file, {
    log,
    ...(values['batch-size'] ? { batchSize: positiveInt(values['batch-size'], '--batch-size') } : {}),
    ...(values['progress-every'] ? { progressEvery: positiveInt(values['progress-every'], '--progress-every') } : {}),
  });
  for (const line of formatImportSummary(summary).split('\n')) log(line);
} finally {
  await database.close();
}

function positiveInt(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive whole number`);
    process.exit(2);
  }
  return n;
}
