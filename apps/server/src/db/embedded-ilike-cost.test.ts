import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('estimates a case-insensitive LIKE at its WebAssembly cost on the embedded database only (migration 0072)', async () => {
  const { rows } = await sql<{ procost: number }>`select procost::float8 as procost from pg_proc where oid = 'texticlike(text, text)'::regprocedure`.execute(database.db);
  expect(rows).toEqual([{ procost: database.kind === 'pglite' ? 20 : 1 }]);
});
