import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { importPdlFile } from './import.js';

let database: Database;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leadline-import-'));
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (name: string, lines: readonly string[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
};

const company = { id: 'c-acme', name: 'Acme Analytics', website: 'https://acme-analytics.com', industry: 'computer software', size: '51-200', employee_count: 120, inferred_revenue: '$10M-$25M', type: 'private', location: { name: 'austin, texas, united states', country: 'united states', continent: 'north america' } };
const ann = { id: 'p-ann', full_name: 'ann lee', job_title: 'senior data engineer', job_company_id: 'c-acme', job_company_name: 'acme analytics', job_company_website: 'acme-analytics.com', job_company_industry: 'computer software', location_name: 'austin, texas, united states', location_country: 'united states', skills: ['sql', 'python'], languages: [{ name: 'english' }], education: [{ school: { name: 'rice university' }, degrees: ['bachelors'] }], work_email: 'ann.lee@acme-analytics.com' };
const bo = { id: 'p-bo', full_name: 'bo chen', job_title: 'senior data engineer', job_company_name: 'acme analytics', job_company_website: 'acme-analytics.com', job_company_industry: 'computer software', location_name: 'toronto, ontario, canada', location_country: 'canada', skills: ['python', 'airflow'], languages: [{ name: 'english' }, { name: 'mandarin' }], certifications: [{ name: 'aws certified developer' }] };

const PEOPLE_FILE = [
  JSON.stringify(company),
  JSON.stringify(ann),
  '{"full_name": "broken", ',
  '',
  JSON.stringify({ id: 'p-bad', full_name: 'wrong type', job_title_levels: 'senior' }),
  '[1, 2, 3]',
  JSON.stringify(bo),
  JSON.stringify({ ...ann, full_name: 'ann lee again' }),
];

const searchValues = async () =>
  (await database.db.selectFrom('search_values').selectAll().orderBy('field').orderBy('value').execute()).map((r) => `${r.field}=${r.value}:${r.count}`);

describe('importing a PDL JSONL file', () => {
  it('loads the good lines and counts the bad ones with their line numbers', async () => {
    const file = write('people.jsonl', PEOPLE_FILE);
    const progress: string[] = [];
    const summary = await importPdlFile(database.db, file, { progressEvery: 2, batchSize: 2, log: (line) => progress.push(line) });
    expect(summary).toMatchObject({
      lines: 8,
      people: { inserted: 2, skipped: 1 },
      companies: { inserted: 1, skipped: 0 },
      badLines: 3,
      firstBadLines: [
        { line: 3, reason: expect.stringMatching(/^invalid JSON/) },
        { line: 5, reason: expect.stringMatching(/^job_title_levels: /) },
        { line: 6, reason: 'not a JSON object' },
      ],
    });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatch(/records \(\d+ new people, 1 new companies, \d+ bad lines\)/);

    const people = await database.db
      .selectFrom('people')
      .leftJoin('companies', 'companies.id', 'people.job_company_id')
      .select(['people.pdl_id', 'people.full_name', 'companies.pdl_id as company', 'people.has_work_email'])
      .orderBy('people.pdl_id')
      .execute();
    // Bo has no PDL company id; his employer is found by website.
    expect(people).toEqual([
      { pdl_id: 'p-ann', full_name: 'ann lee', company: 'c-acme', has_work_email: true },
      { pdl_id: 'p-bo', full_name: 'bo chen', company: 'c-acme', has_work_email: false },
    ]);
  });

  it('counts the values of the people loaded for autocomplete', async () => {
    expect(await searchValues()).toEqual([
      'certifications=aws certified developer:1',
      'education_school=rice university:1',
      'industry=computer software:2',
      'job_company_name=acme analytics:2',
      'job_company_website=acme-analytics.com:2',
      'job_title=senior data engineer:2',
      'languages=english:2',
      'languages=mandarin:1',
      'location_country=canada:1',
      'location_country=united states:1',
      'location_name=austin, texas, united states:1',
      'location_name=toronto, ontario, canada:1',
      'skills=airflow:1',
      'skills=python:2',
      'skills=sql:1',
    ]);
  });

  it('adds nothing and counts nothing twice when the same file is imported again', async () => {
    const before = await searchValues();
    const summary = await importPdlFile(database.db, path.join(dir, 'people.jsonl'));
    expect(summary).toMatchObject({ people: { inserted: 0, skipped: 3 }, companies: { inserted: 0, skipped: 1 }, badLines: 3 });
    expect(await searchValues()).toEqual(before);
    const { n } = await database.db.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(n).toBe(2);
  });

  it('links people who arrived before their company once the company is imported', async () => {
    const cleo = { id: 'p-cleo', full_name: 'cleo park', job_title: 'cto', job_company_website: 'www.globex.io' };
    await importPdlFile(database.db, write('cleo.jsonl', [JSON.stringify(cleo)]));
    const summary = await importPdlFile(database.db, write('globex.jsonl', [JSON.stringify({ id: 'c-globex', name: 'globex', website: 'globex.io' })]));
    expect(summary).toMatchObject({ companies: { inserted: 1 }, linked: 1 });
    const row = await database.db
      .selectFrom('people')
      .innerJoin('companies', 'companies.id', 'people.job_company_id')
      .select('companies.name')
      .where('people.pdl_id', '=', 'p-cleo')
      .executeTakeFirst();
    expect(row).toEqual({ name: 'globex' });
  });

  it('reads gzip-compressed files', async () => {
    const file = path.join(dir, 'dana.jsonl.gz');
    fs.writeFileSync(file, zlib.gzipSync(JSON.stringify({ id: 'p-dana', full_name: 'dana ortiz' }) + '\n'));
    const summary = await importPdlFile(database.db, file);
    expect(summary).toMatchObject({ lines: 1, people: { inserted: 1 }, badLines: 0 });
  });

  it('stores arrays and nested documents so they can be queried', async () => {
    const { rows } = await sql<{ school: string; skills: number }>`
      select education -> 0 -> 'school' ->> 'name' as school, cardinality(skills) as skills
      from people where pdl_id = 'p-ann'`.execute(database.db);
    expect(rows).toEqual([{ school: 'rice university', skills: 2 }]);
  });
});
