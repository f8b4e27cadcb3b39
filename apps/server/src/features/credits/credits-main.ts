// Entry point of `npm run credits:grant` and `npm run credits:check`; see credits-cli.ts.
import { AppError } from '@leadline/shared';
import { migrateToLatest } from '../../db/migrate.js';
import { loadConfig } from '../../lib/config.js';
import { openDatabaseFor, type Database } from '../../db/database.js';
import { runCreditsCli } from './credits-cli.js';

const config = loadConfig();
let database: Database;
try {
  database = await openDatabaseFor(config);
} catch (error) {
  // The embedded database has one process: while the app runs it holds it. One line says so.
  const running = !config.databaseUrl && /in use by process/.test((error as Error).message);
  console.error(
    running
      ? `credits: the app is running on the embedded database in ${config.dataDir} (${(error as Error).message.match(/process \d+/)?.[0]}); stop it first (Ctrl+C in its terminal), then run this again.`
      : `credits: cannot open the database: ${(error as Error).message}`,
  );
  process.exit(1);
}
let code = 1;
try {
  await migrateToLatest(database.db);
  code = await runCreditsCli(database.db, process.argv.slice(2));
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
} finally {
  await database.close();
}
process.exit(code);
