// `node --import tsx apps/server/src/features/people-data/demo-cli.ts --people N [--seed S]`
// Loads N generated demo people and their companies into the configured database (DATABASE_URL,
// else the embedded PGlite in DATA_DIR). Running it again with the same seed adds only what is missing.
import { parseArgs } from 'node:util';
import { migrateToLatest } from '../../db/migrate.js';
import { loadConfig } from '../../lib/config.js';
import { openDatabaseFor } from '../../db/database.js';
import { loadDemoPeople } from './demo-people.js';
import { DEFAULT_DEMO_SEED } from './generator.js';

const { values } = parseArgs({
  options: { people: { type: 'string' }, seed: { type: 'string' }, 'batch-size': { type: 'string' } },
});
const people = Number(values.people);
const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size']);
if (!Number.isInteger(people) || people <= 0 || !Number.isInteger(seed) || (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))) {
  console.error('Usage: demo-cli.ts --people N [--seed S] [--batch-size N]   (whole numbers, N > 0)');
  process.exit(2);
}

const config = loadConfig();
const log = (line: string) => console.log(`[demo] ${line}`);
log(`Loading ${people.toLocaleString('en-US')} demo people (seed ${seed}) into ${config.databaseUrl ? 'PostgreSQL' : `the embedded PGlite in ${config.dataDir} (the server must not be running)`}...`);
const database = await openDatabaseFor(config);
try {
  await migrateToLatest(database.db);
  const result = await loadDemoPeople(database.db, {
    people,
    seed,
    log,
    progressEvery: Math.max(1000, Math.round(people / 10 / 1000) * 1000),
    // Into an empty or small database: COPY and indexes built once (the server must not be running on PGlite).
    bulk: config.databaseUrl ? { postgresUrl: config.databaseUrl } : { maintenanceWorkMem: '256MB' },
    ...(batchSize ? { batchSize } : {}),
  });
  log(`Done in ${result.seconds.toFixed(1)} s: ${result.people.inserted.toLocaleString('en-US')} people and ${result.companies.inserted.toLocaleString('en-US')} companies added, ${result.people.skipped.toLocaleString('en-US')} people already present.`);
} finally {
  await database.close();
}
