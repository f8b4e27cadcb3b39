import { once } from 'node:events';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyText, quoteIdent } from '../../db/copy.js';
import type { DB } from '../../db/schema.js';
import type { MappedPerson, PersonRow } from './pdl.js';
import { insertPeople, PERSON_COLUMNS } from './people-data.repository.js';

/**
 * The bulk path for large generated loads into an empty or small `people` table. It drops the
 * secondary indexes of `people` and `people_search` (remembering them in `bulk_load_indexes`),
 * switches off the `people_search` triggers, writes the rows (COPY on PostgreSQL, large INSERTs
 * elsewhere), then fills the autocomplete counts, the search terms and `people_search` set by
 * set, and builds the indexes again. Rows are not checked against existing `pdl_id`s first: a
 * duplicate fails the load (callers use it only when none can exist).
 *
 * On PostgreSQL each step commits on its own, because a load of millions outlasts a working
 * session (10M people: about 27 min to write, an hour of search rows, 7 min of indexes): the
 * people commit with their COPY, the search rows in chunks of about CHUNK people (each with its
 * autocomplete counts and terms, so a person is counted exactly when its search row exists),
 * each index on its own. `finishBulkLoad` carries an interrupted load on from where it stopped.
 * On PGlite (a local, smaller load) everything is one transaction, and a failure rolls it back.
 */
export type BulkLoadOptions = {
  /** With a PostgreSQL URL the rows go through COPY on a connection of their own. */
  postgresUrl?: string;
  /** Memory for each index build; PGlite's WASM heap is small. */
  maintenanceWorkMem?: string;
  /** People per search-row step (default CHUNK). */
  chunkSize?: number;
  log?: (line: string) => void;
};

type BulkConnection = {
  /** Runs one statement; values are bound as $1, $2, ... and never written into the text. */
  query<T>(text: string, values?: readonly unknown[]): Promise<T[]>;
  writePeople(rows: readonly PersonRow[]): Promise<void>;
  finishWriting(): Promise<void>;
};

/** Runs one step: in a transaction of its own on PostgreSQL, inside the one transaction on PGlite. */
type Step = <T>(fn: (c: BulkConnection) => Promise<T>) => Promise<T>;

const SYNC_TRIGGERS = ['people_search_insert', 'people_search_update', 'people_search_delete'];
/** About how many people's search rows, counts and terms are written by one statement each. */
const CHUNK = 1_000_000;
/** The autocomplete values of person `p` as (field, value) pairs, for `unnest`. */
const UNNEST_VALUES = `
  array['job_title', 'job_company_name', 'industry', 'location_name', 'location_country', 'job_company_website']
    || array_fill('skills'::text, array[cardinality(p.skills)]) || array_fill('education_school'::text, array[cardinality(p.education_schools)])
    || array_fill('languages'::text, array[cardinality(p.languages)]) || array_fill('certifications'::text, array[cardinality(p.certifications)]),
  array[p.job_title, p.job_company_name, p.job_company_industry, p.location_name, p.location_country, p.job_company_website]
    || p.skills || p.education_schools || p.languages || p.certifications`;

/** Loads the people of `batches` (rows already linked to their company) through the bulk path. */
export async function bulkLoadPeople(db: Kysely<DB>, batches: AsyncIterable<MappedPerson[]> | Iterable<MappedPerson[]>, options: BulkLoadOptions = {}): Promise<number> {
  return withSteps(db, options, async (step) => {
    const log = timedLog(options);
    await step((c) => startBulkLoad(c));
    const count = await step(async (c) => {
      let n = 0;
      for await (const batch of batches) {
        await c.writePeople(batch.map((p) => p.row));
        n += batch.length;
      }
      await c.finishWriting();
      return n;
    });
    log(`bulk: ${count.toLocaleString('en-US')} people written`);
    await finishSteps(step, log, options.chunkSize ?? CHUNK);
    return count;
  });
}

/** Carries on a bulk load that stopped midway (search rows, indexes, triggers); does nothing when none did. */
export async function finishBulkLoad(db: Kysely<DB>, options: BulkLoadOptions = {}): Promise<boolean> {
  const pending = await db.executeQuery<{ n: number }>(
    CompiledQuery.raw(
      `select (select count(*) from bulk_load_indexes)::int + (select count(*) from pg_trigger where tgname = 'people_search_insert' and tgenabled = 'D')::int as n`,
    ),
  );
  if (pending.rows[0]!.n === 0) return false;
  await withSteps(db, options, (step) => finishSteps(step, timedLog(options), options.chunkSize ?? CHUNK));
  return true;
}

function timedLog(options: BulkLoadOptions) {
  const started = performance.now();
  return (line: string) => options.log?.(`${line} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

async function withSteps<T>(db: Kysely<DB>, options: BulkLoadOptions, run: (step: Step) => Promise<T>): Promise<T> {
  const settings: Array<[string, string]> = [['maintenance_work_mem', options.maintenanceWorkMem ?? '1GB'], ['work_mem', '256MB']];
  const applySettings = async (c: BulkConnection) => {
    for (const [name, value] of settings) await c.query(`select set_config($1, $2, true)`, [name, value]);
  };
  if (options.postgresUrl) {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    try {
      return await run(async (fn) => {
        await client.query('begin');
        try {
          const c = postgresConnection(client);
          await applySettings(c);
          const result = await fn(c);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        }
      });
    } finally {
      await client.end();
    }
  }
  return db.transaction().execute(async (trx) => {
    const c: BulkConnection = {
      query: async <R>(text: string, values: readonly unknown[] = []) => (await trx.executeQuery<R>(CompiledQuery.raw(text, [...values]))).rows,
      writePeople: async (rows) => void (await insertPeople(trx, rows)),
      finishWriting: async () => {},
    };
    await applySettings(c);
    return run((fn) => fn(c));
  });
}

/** Drops the secondary indexes (remembered for later) and switches the search-row triggers off. */
async function startBulkLoad(c: BulkConnection) {
  // Indexes that back a constraint stay (the primary keys, people.pdl_id): others may refer to them.
  const indexes = await c.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in ('people', 'people_search')
       and not exists (select 1 from pg_constraint k where k.conname = i.indexname)`,
  );
  for (const index of indexes) {
    await c.query(`insert into bulk_load_indexes (name, definition) values ($1, $2) on conflict do nothing`, [index.indexname, index.indexdef]);
    await c.query(`drop index ${quoteIdent(index.indexname)}`);
  }
  for (const trigger of SYNC_TRIGGERS) await c.query(`alter table people disable trigger ${trigger}`);
}

/**
 * Search rows for the people without one, then the remembered indexes, then the triggers.
 *
 * The chunks are ranges of the heap's blocks (TID range scans), not ranges of ids: ids are not in
 * physical order, so a chunk of consecutive ids reads pages from all over a table of many
 * gigabytes (10M people: 16 GB), while a block range reads one stretch once and finds it cached
 * for the next statement. A person is in a chunk when its row lies in the range and it has no
 * search row yet, which is also what lets an interrupted load carry on.
 */
async function finishSteps(step: Step, log: (line: string) => void, chunkSize: number) {
  const [size] = await step(async (c) => {
    await c.query(`analyze people`);
    return c.query<{ blocks: number; per_block: number }>(`
      select (pg_relation_size('people') / current_setting('block_size')::int)::int as blocks,
        case when relpages > 0 and reltuples > 0 then reltuples / relpages else 1 end as per_block
      from pg_class where oid = 'people'::regclass`);
  });
  const blocks = size?.blocks ?? 0;
  const span = Math.max(1, Math.ceil(chunkSize / Math.max(size?.per_block ?? 1, 0.01)));
  for (let from = 0; from < blocks; from += span) {
    // The last range is open-ended, so nothing written after the size was read is left out.
    const bounded = from + span < blocks;
    const range = `p.ctid >= $1::tid${bounded ? ` and p.ctid < $2::tid` : ''}`;
    const rangeValues = bounded ? [`(${from},0)`, `(${from + span},0)`] : [`(${from},0)`];
    await step(async (c) => {
      await c.query(`drop table if exists bulk_chunk`);
      // One index probe per person: a hash or merge anti-join would read all of people_search.
      await c.query(`set local enable_hashjoin = off`);
      await c.query(`set local enable_mergejoin = off`);
      await c.query(`
        create temp table bulk_chunk on commit drop as
        select p.id from people p where ${range} and not exists (select 1 from people_search s where s.id = p.id)`, rangeValues);
      await c.query(`reset enable_hashjoin`);
      await c.query(`reset enable_mergejoin`);
      const [chunk] = await c.query<{ n: number }>(`select count(*)::int as n from bulk_chunk`);
      if (!chunk || chunk.n === 0) return;
      await c.query(`analyze bulk_chunk`);
      // The range again, so people is read by a TID range scan rather than probed id by id.
      const chunkPeople = `people p join bulk_chunk b on b.id = p.id`;
      await c.query(`
        insert into search_values (field, value, count)
        select f.field, f.value, count(*)::int from ${chunkPeople} cross join lateral unnest(${UNNEST_VALUES}) f(field, value)
        where ${range} and f.value is not null and length(f.value) <= 200
        group by 1, 2 order by 1, 2
        on conflict (field, value) do update set count = search_values.count + excluded.count`, rangeValues);
      await c.query(`
        insert into search_terms (field, value)
        select distinct t.field, t.value from ${chunkPeople}, people_terms(p) t where ${range} order by 1, 2
        on conflict do nothing`, rangeValues);
      await c.query(`analyze search_terms`); // people_search_row looks every term's code up
      await c.query(`insert into people_search select r.* from ${chunkPeople}, people_search_row(p) r where ${range} order by p.id`, rangeValues);
      log(`bulk: search rows, autocomplete counts and terms of ${chunk.n.toLocaleString('en-US')} people`);
    });
  }
  const indexes = await step((c) => c.query<{ name: string; definition: string }>(`select name, definition from bulk_load_indexes order by name`));
  for (const index of indexes) {
    await step(async (c) => {
      await c.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      await c.query(`delete from bulk_load_indexes where name = $1`, [index.name]);
    });
    log(`bulk: index ${index.name}`);
  }
  await step(async (c) => {
    for (const trigger of SYNC_TRIGGERS) await c.query(`alter table people enable trigger ${trigger}`);
  });
}

/** A pg client in a transaction; people rows stream through one COPY in text format. */
function postgresConnection(client: pg.Client): BulkConnection {
  let copy: ReturnType<typeof copyFrom> | null = null;
  let done: Promise<unknown> | null = null;
  return {
    query: async <T>(text: string, values: readonly unknown[] = []) => (await client.query(text, [...values])).rows as T[],
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

