import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { createOwner } from '../test/factories.js';
import type { Database } from './database.js';
import * as m0013 from './migrations/0013_import_batches.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('migration 0013 (import batches)', () => {
  it('turns the rows of imports stored before it into their whole batches, so a retry skips them', async () => {
    const db = database.db;
    await m0013.down(db);
    const owner = await createOwner(db);
    const running = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
    const other = '0190a1b2-c3d4-7e5f-8a9b-000000000002';
    const rows = [
      ...Array.from({ length: 5000 }, (_, i) => ({ importId: running, row: i + 1 })),
      ...Array.from({ length: 1234 }, (_, i) => ({ importId: running, row: 5001 + i })),
      ...Array.from({ length: 3 }, (_, i) => ({ importId: other, row: i + 1 })),
    ];
    await db
      .insertInto('contacts')
      .values(rows.map((r) => ({ team_id: owner.teamId, full_name: `Row ${r.row}`, is_custom: true, source_import_id: r.importId, source_row: r.row })))
      .execute();
    await db.insertInto('contacts').values({ team_id: owner.teamId, full_name: 'Saved from search', is_custom: false }).execute();

    await m0013.up(db);
    const batches = await db.selectFrom('import_batches').select(['import_id', 'first_row', 'last_row']).orderBy('import_id').orderBy('first_row').execute();
    expect(batches).toEqual([
      { import_id: running, first_row: 1, last_row: 5000 },
      { import_id: running, first_row: 5001, last_row: 6234 },
      { import_id: other, first_row: 1, last_row: 3 },
    ]);
  });
});
