import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { DB } from '../../db/schema.js';
import { createTestDatabase, createThrowawayDatabase } from '../../test/database.js';
import { loadDemoPeople } from './demo-people.js';
import { finishBulkLoad } from './bulk-load.repository.js';
import { importPdlFile } from './import.js';

/** People whose `people_search` row is missing, left over, or differs from a fresh projection. */
async function outOfSync(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from people p
    full join people_search s on s.id = p.id
    left join lateral people_search_row(p) r on true
    where s.id is null or p.id is null or s is distinct from r`.execute(db);
  return rows[0]!.n;
}

/** Everything search reads, keyed by pdl_id, with codes spelled out as their terms. */
async function searchState(db: Kysely<DB>) {
  const { rows: people } = await sql<{ pdl_id: string; terms: string[]; rest: string }>`
    select p.pdl_id,
      array(select t.field || '=' || t.value from search_terms t where t.code = any(s.terms) order by 1) as terms,
      (s.full_name, s.job_title, s.job_company_name, s.experience_titles, s.inferred_years_experience, s.job_start_date,
       s.job_company_employee_count, s.job_company_total_funding_raised, s.has_work_email, s.has_personal_emails, s.has_mobile_phone)::text as rest
    from people p join people_search s on s.id = p.id order by p.pdl_id`.execute(db);
  const values = await db.selectFrom('search_values').select(['field', 'value', 'count']).orderBy('field').orderBy('value').execute();
  const { rows: indexes } = await sql<{ name: string }>`
    select indexname as name from pg_indexes where tablename in ('people', 'people_search') order by 1`.execute(db);
  const linked = await db.selectFrom('people').select('pdl_id').where('job_company_id', 'is not', null).orderBy('pdl_id').execute();
  return { people, values, indexes: indexes.map((i) => i.name), linked: linked.map((l) => l.pdl_id) };
}

/** Runs `fn` on a fresh, migrated database of the TEST_DATABASE_URL server, with its URL (the bulk path connects by URL). */
async function withOwnPostgres(adminUrl: string, fn: (db: Kysely<DB>, url: string) => Promise<void>) {
  const throwaway = await createThrowawayDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    await fn(database.db, throwaway.url);
  } finally {
    await database.close();
    await throwaway.drop();
  }
}

let regular: Database;
let bulk: Database;
/** The regular loader's result, before the people_search test changes that database. */
let expected: Awaited<ReturnType<typeof searchState>>;
beforeAll(async () => {
  [regular, bulk] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await loadDemoPeople(regular.db, { people: 400, seed: 3, batchSize: 50 });
  expected = await searchState(regular.db);
});
afterAll(async () => {
  await Promise.all([regular.close(), bulk.close()]);
});

describe('bulk load', () => {
  it('leaves the same people, search rows, autocomplete counts and indexes as the regular loader', async () => {
    await loadDemoPeople(bulk.db, { people: 400, seed: 3, batchSize: 50, bulk: { maintenanceWorkMem: '64MB' } });
    expect(await outOfSync(bulk.db)).toBe(0);
    const actual = await searchState(bulk.db);
    expect(actual.people).toHaveLength(400);
    expect(actual).toEqual(expected);
  });

  it('writes through COPY on PostgreSQL with the same result', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return; // COPY needs a PostgreSQL server; CI runs this with one.
    await withOwnPostgres(adminUrl, async (db, url) => {
      await loadDemoPeople(db, { people: 400, seed: 3, batchSize: 50, bulk: { postgresUrl: url } });
      expect(await outOfSync(db)).toBe(0);
      expect(await searchState(db)).toEqual(expected);
    });
  });
});

describe('people_search', () => {
  it('follows inserts, updates, deletes and an import that links people to companies', async () => {
    const db = regular.db;
    expect(await outOfSync(db)).toBe(0);
    await db.updateTable('people').set({ location_country: 'iceland', skills: ['knitting'] }).where('pdl_id', '=', 'demo-3-person-7').execute();
    await db.deleteFrom('people').where('pdl_id', '=', 'demo-3-person-8').execute();
    expect(await outOfSync(db)).toBe(0);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from people_search s join search_terms t on t.code = any(s.terms)
      where (t.field, t.value) in (('location_country', 'iceland'), ('skills', 'knitting'))`.execute(db);
    expect(rows[0]!.n).toBe(2);

    // People first, their company after: the import links them by website (an UPDATE of people).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-load-'));
    const write = (name: string, records: object[]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
      return file;
    };
    await importPdlFile(db, write('people.jsonl', [{ id: 'sync-1', full_name: 'sync person', job_title: 'buyer', job_company_website: 'syncco.com', experience: [{ title: { name: 'clerk' } }] }]));
    expect(await outOfSync(db)).toBe(0);
    const summary = await importPdlFile(db, write('companies.jsonl', [{ id: 'sync-co', name: 'syncco', website: 'syncco.com' }]));
    expect(summary.linked).toBe(1);
    expect(await outOfSync(db)).toBe(0);
    const row = await sql<{ experience_titles: string[] }>`
      select s.experience_titles from people_search s join people p on p.id = s.id where p.pdl_id = 'sync-1'`.execute(db);
    expect(row.rows[0]!.experience_titles).toEqual(['clerk']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('bulk load that stops midway', () => {
  it('keeps what committed on PostgreSQL and finishBulkLoad carries on to the same result', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return; // step-by-step commits are the PostgreSQL path; CI runs this with a server.
    await withOwnPostgres(adminUrl, async (db, url) => {
      // The session ends after the people and one chunk of about 150 search rows committed.
      const chunks: number[] = [];
      const log = (line: string) => {
        const chunk = /^bulk: search rows, autocomplete counts and terms of ([\d,]+) people/.exec(line);
        if (chunk && chunks.push(Number(chunk[1]!.replace(/,/g, ''))) === 2) throw new Error('stopped');
      };
      await expect(loadDemoPeople(db, { people: 400, seed: 3, batchSize: 50, bulk: { postgresUrl: url, chunkSize: 150 }, log })).rejects.toThrow('stopped');
      expect(chunks[0]).toBeGreaterThan(100);
      expect(chunks[0]).toBeLessThan(200);
      const searchRows = await sql<{ n: number }>`select count(*)::int as n from people_search`.execute(db);
      expect(searchRows.rows[0]!.n).toBe(chunks[0]);
      expect(await finishBulkLoad(db, { postgresUrl: url, chunkSize: 150 })).toBe(true);
      expect(await finishBulkLoad(db, { postgresUrl: url })).toBe(false);
      expect(await outOfSync(db)).toBe(0);
      expect(await searchState(db)).toEqual(expected);
    });
  });

  it('rolls back whole on PGlite, leaving nothing to carry on', async () => {
    const database = await createTestDatabase();
    try {
      const log = (line: string) => {
        if (line.startsWith('bulk: search rows')) throw new Error('stopped');
      };
      await expect(loadDemoPeople(database.db, { people: 50, seed: 4, batchSize: 50, bulk: { maintenanceWorkMem: '64MB' }, log })).rejects.toThrow('stopped');
      expect(await finishBulkLoad(database.db)).toBe(false);
      const people = await sql<{ n: number }>`select count(*)::int as n from people`.execute(database.db);
      expect(people.rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
