import { once } from 'node:events';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DB } from '../../db/schema.js';
import type { MappedPerson, PersonRow } from './pdl.js';
import { insertPeople, PERSON_COLUMNS } from './people-data.repository.js';

/**
 * The bulk path for large generated loads into an empty or small `people` table. In one
 * transaction it drops the secondary indexes of `people` and `people_search`, switches off the
 * `people_search` triggers, writes the rows (COPY on PostgreSQL, large INSERTs elsewhere), then
 * fills the autocomplete counts, the search terms and `people_search` with one statement each,
 * and builds the indexes again. A failure rolls all of it back. Rows are not checked against
 * existing `pdl_id`s first: a duplicate fails the load (callers use it only when none can exist).
 */
export type BulkLoadOptions = {
  /** With a PostgreSQL URL the rows go through COPY on a connection of their own. */
  postgresUrl?: string;
  /** Memory for each index build; PGlite's WASM heap is small. */
  maintenanceWorkMem?: string;
  log?: (line: string) => void;
};

type BulkConnection = {
  query<T>(text: string): Promise<T[]>;
  writePeople(rows: readonly PersonRow[]): Promise<void>;
  finishWriting(): Promise<void>;
};

const SYNC_TRIGGERS = ['people_search_insert', 'people_search_update', 'people_search_delete'];

/** Loads the people of `batches` (rows already linked to their company) through the bulk path. */
export async function bulkLoadPeople(db: Kysely<DB>, batches: AsyncIterable<MappedPerson[]> | Iterable<MappedPerson[]>, options: BulkLoadOptions = {}): Promise<number> {
  if (options.postgresUrl) {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    try {
      await client.query('begin');
      const count = await runBulkLoad(postgresConnection(client), batches, options);
      await client.query('commit');
      return count;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
  }
  return db.transaction().execute((trx) =>
    runBulkLoad(
      {
        query: async <T>(text: string) => (await sql.raw<T>(text).execute(trx)).rows,
        writePeople: async (rows) => void (await insertPeople(trx, rows)),
        finishWriting: async () => {},
      },
      batches,
      options,
    ),
  );
}

async function runBulkLoad(c: BulkConnection, batches: AsyncIterable<MappedPerson[]> | Iterable<MappedPerson[]>, options: BulkLoadOptions): Promise<number> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  await c.query(`set local maintenance_work_mem = '${options.maintenanceWorkMem ?? '1GB'}'`);
  await c.query(`set local work_mem = '256MB'`);

  // Indexes that back a constraint stay (the primary keys, people.pdl_id): others may refer to them.
  const indexes = await c.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in ('people', 'people_search')
       and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
  );
  for (const index of indexes) await c.query(`drop index ${quoteIdent(index.indexname)}`);
  for (const trigger of SYNC_TRIGGERS) await c.query(`alter table people disable trigger ${trigger}`);

  let count = 0;
  for await (const batch of batches) {
    await c.writePeople(batch.map((p) => p.row));
    count += batch.length;
  }
  await c.finishWriting();
  log(`bulk: ${count.toLocaleString('en-US')} people written (${seconds()} s)`);

  // The new people are those without a people_search row yet.
  const isNew = `not exists (select 1 from people_search s where s.id = p.id)`;
  await c.query(`
    insert into search_values (field, value, count)
    select f.field, f.value, count(*)::int from people p
    cross join lateral unnest(
      array['job_title', 'job_company_name', 'industry', 'location_name', 'location_country', 'job_company_website']
        || array_fill('skills'::text, array[cardinality(p.skills)]) || array_fill('education_school'::text, array[cardinality(p.education_schools)])
        || array_fill('languages'::text, array[cardinality(p.languages)]) || array_fill('certifications'::text, array[cardinality(p.certifications)]),
      array[p.job_title, p.job_company_name, p.job_company_industry, p.location_name, p.location_country, p.job_company_website]
        || p.skills || p.education_schools || p.languages || p.certifications
    ) f(field, value)
    where f.value is not null and length(f.value) <= 200 and ${isNew}
    group by 1, 2 order by 1, 2
    on conflict (field, value) do update set count = search_values.count + excluded.count`);
  log(`bulk: autocomplete counts (${seconds()} s)`);
  await c.query(`
    insert into search_terms (field, value)
    select distinct t.field, t.value from people p, people_terms(p) t where ${isNew} order by 1, 2
    on conflict do nothing`);
  await c.query(`
    insert into people_search select r.* from people p, people_search_row(p) r where ${isNew} order by p.id`);
  log(`bulk: search rows (${seconds()} s)`);

  for (const trigger of SYNC_TRIGGERS) await c.query(`alter table people enable trigger ${trigger}`);
  for (const index of indexes) {
    await c.query(index.indexdef);
    log(`bulk: index ${index.indexname} (${seconds()} s)`);
  }
  return count;
}

/** A pg client in a transaction; people rows stream through one COPY in text format. */
function postgresConnection(client: pg.Client): BulkConnection {
  let copy: ReturnType<typeof copyFrom> | null = null;
  let done: Promise<unknown> | null = null;
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    async writePeople(rows) {
      if (!copy) {
        copy = client.query(copyFrom(`copy people (${PERSON_COLUMNS.join(', ')}) from stdin`));
        done = once(copy, 'finish');
      }
      if (!copy.write(rows.map(copyLine).join(''))) await once(copy, 'drain');
    },
    async finishWriting() {
      if (!copy) return;
      copy.end();
      await done;
    },
  };
}

/** One row of COPY's text format. */
function copyLine(row: PersonRow): string {
  let line = '';
  for (let i = 0; i < PERSON_COLUMNS.length; i++) {
    const column = PERSON_COLUMNS[i]!;
    const value = row[column] as unknown;
    if (i > 0) line += '\t';
    if (value === null || value === undefined) line += '\\N';
    else if (Array.isArray(value)) line += copyText(column === 'education' || column === 'experience' ? JSON.stringify(value) : arrayLiteral(value as string[]));
    else if (typeof value === 'object') line += copyText(JSON.stringify(value));
    else if (typeof value === 'boolean') line += value ? 't' : 'f';
    else line += copyText(String(value));
  }
  return `${line}\n`;
}

const arrayLiteral = (values: readonly string[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;

const copyText = (text: string) => (/[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (ch) => COPY_ESCAPES[ch]!) : text);
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
