import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { ensureDemoPeople, loadDemoPeople } from './demo-people.js';
import { SEARCH_VALUE_FIELDS } from './loader.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const count = async (table: 'people' | 'companies') =>
  (await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

/** What search_values should say, computed from the people table itself. */
const SOURCE: Record<keyof typeof SEARCH_VALUE_FIELDS, string> = {
  job_title: 'job_title',
  job_company_name: 'job_company_name',
  industry: 'job_company_industry',
  location_name: 'location_name',
  location_country: 'location_country',
  skills: 'unnest(skills)',
  education_school: 'unnest(education_schools)',
  languages: 'unnest(languages)',
  certifications: 'unnest(certifications)',
  job_company_website: 'job_company_website',
};

describe('demo people', () => {
  it('resumes an interrupted first load and then leaves the database alone', async () => {
    const lines: string[] = [];
    // As if the server had stopped after the first 100 people.
    await loadDemoPeople(database.db, { people: 100, seed: 5 });
    const result = await ensureDemoPeople(database.db, { people: 300, seed: 5, log: (line) => lines.push(line) });
    expect(result).toMatchObject({ people: { inserted: 200, skipped: 100 }, companies: { inserted: 8 } });
    expect(lines[0]).toBe('Resuming 300 demo people into the prospect database...');
    expect(lines.at(-1)).toMatch(/^Demo data ready: 200 people and 8 companies in [\d.]+ s\.$/);
    expect([await count('people'), await count('companies')]).toEqual([300, 12]);

    expect(await ensureDemoPeople(database.db, { people: 300, seed: 5 })).toBeNull();
    // Another seed's first id is absent, but the database holds people: not an empty database.
    expect(await ensureDemoPeople(database.db, { people: 10, seed: 6 })).toBeNull();
    expect(await count('people')).toBe(300);
  });

  it('links every demo person to their company', async () => {
    const unlinked = await database.db.selectFrom('people').select('pdl_id').where('job_company_id', 'is', null).execute();
    expect(unlinked).toEqual([]);
  });

  it('keeps the autocomplete counts equal to what the people table holds', async () => {
    for (const [field, expression] of Object.entries(SOURCE)) {
      const { rows: expected } = await sql<{ value: string; count: number }>`
        select value, count(*)::int as count
        from (select ${sql.raw(expression)} as value from people) v
        where value is not null
        group by value order by value`.execute(database.db);
      const actual = await database.db.selectFrom('search_values').select(['value', 'count']).where('field', '=', field).orderBy('value').execute();
      expect(actual, field).toEqual(expected);
    }
  });
});
