import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import type { Database } from './database.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('uuid_v7() (contact ids)', () => {
  it('makes version-7, RFC 4122 variant ids that grow with time and never repeat', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await sql<{ id: string }>`select uuid_v7() as id`.execute(database.db)).rows[0]!.id);
      await new Promise((r) => setTimeout(r, 2));
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    const many = (await sql<{ n: number }>`select count(distinct uuid_v7())::int as n from generate_series(1, 10000)`.execute(database.db)).rows[0]!.n;
    expect(many).toBe(10000);
    const ms = parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});
