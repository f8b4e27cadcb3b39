// Entry point of `npm run credits:grant` and `npm run credits:check`; see credits-cli.ts.
import { AppError } from '@leadline/shared';
import { migrateToLatest } from '../../db/migrate.js';
import { loadConfig } from '../../lib/config.js';
import { openDatabaseFor } from '../../db/database.js';
import { runCreditsCli } from './credits-cli.js';

const database = await openDatabaseFor(loadConfig());
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
