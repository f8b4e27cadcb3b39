import crypto from 'node:crypto';
import pg from 'pg';
import { quoteIdent } from '../db/copy.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

async function asAdmin(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (tests and benchmarks): its URL,
 * and `drop` to remove it again, connections and all.
 */
export async function createThrowawayDatabase(adminUrl: string, prefix = 'leadline_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database ${quoteIdent(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a new database on that PostgreSQL server, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(database.db);
    return database;
  }
  const throwaway = await createThrowawayDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 5 });
  await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}
