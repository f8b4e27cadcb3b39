import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql.js';
import { searchCacheOf } from './search-cache.js';
import { termKey, type Term, type TermCodes } from './people-filters.repository.js';

type Condition = RawBuilder<boolean>;
/** A capped count: `total` is exact unless `isLowerBound` says the count stopped at the cap. */
export type Count = { total: number; isLowerBound: boolean };
/** `fresh`: query anew rather than reuse an answer of the last few seconds (search-cache.ts). */
type Freshness = { fresh?: boolean };

/** The number every write to people's search rows, term codes or companies changes (migration 0300). */
async function findSearchDataVersion(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('search_data_version').select(sql<string>`version::text`.as('version')).executeTakeFirst();
  return row?.version ?? '0';
}

/**
 * Runs a read-only search statement, or reuses its answer of the last few seconds, keyed by the
 * statement, its parameters and the data version, so a load or an import is seen at once (within
 * DATA_VERSION_CHECK_MS). Inside a transaction the caller wants its own snapshot, so it runs.
 */
async function reused<T>(db: Kysely<DB>, statement: CompiledQuery, run: () => Promise<T>, options: Freshness): Promise<T> {
  if (options.fresh || db.isTransaction) return run();
  const cache = searchCacheOf(db);
  const version = await cache.dataVersion(() => findSearchDataVersion(db));
  return cache.get(JSON.stringify([version, statement.sql, statement.parameters]), run);
}

const whereAll = (conditions: Condition[]) => (conditions.length ? sql<boolean>`${sql.join(conditions, sql` and `)}` : sql<boolean>`true`);

const peopleColumns = [
  'id',
  'full_name',
  'job_title',
  'job_company_name',
  'job_company_website',
  'job_company_industry',
  'linkedin_url',
  'location_name',
  'has_work_email',
  'has_personal_emails',
  'has_mobile_phone',
] as const;

/**
 * One page of people after the keyset `after` (ids ascending); one extra row tells if more
 * follow. The ids come from the narrow `people_search`; only the page's rows are read from `people`.
 */
export async function pagePeople(db: Kysely<DB>, conditions: Condition[], page: { after: string | null; limit: number }, options: Freshness = {}) {
  const after = page.after === null ? sql`true` : sql`people_search.id > ${page.after}`;
  const ids = sql`select people_search.id from people_search where ${whereAll(conditions)} and ${after} order by people_search.id limit ${page.limit + 1}`;
  const query = db
    .selectFrom('people')
    .select(peopleColumns.map((c) => `people.${c}` as const))
    .where(sql<boolean>`people.id in (${ids})`)
    .orderBy('people.id');
  return reused(db, query.compile(), () => query.execute(), options);
}

export async function pageCompanies(db: Kysely<DB>, conditions: Condition[], page: { after: string | null; limit: number }) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'domain', 'industry', 'revenue_lower_usd', 'revenue_upper_usd', 'headquarters_country', 'linkedin_employee_count', 'employee_count'])
    .where(whereAll(conditions))
    .$if(page.after !== null, (q) => q.where('id', '>', page.after!))
    .orderBy('id')
    .limit(page.limit + 1)
    .execute();
}

/**
 * Counts matches up to `cap`; beyond it the count stops, and the answer is a lower bound. Every
 * page and every user of the same filters shares one count for a few seconds (`reused`).
 */
export async function countUpTo(db: Kysely<DB>, table: 'people_search' | 'companies', conditions: Condition[], cap: number, options: Freshness = {}): Promise<Count> {
  const query = sql<{ n: number }>`
    select count(*)::int as n from (select 1 from ${sql.table(table)} where ${whereAll(conditions)} limit ${cap + 1}) matches`;
  const count = async () => {
    const n = (await query.execute(db)).rows[0]?.n ?? 0;
    return { total: Math.min(n, cap), isLowerBound: n > cap };
  };
  return reused(db, query.compile(db), count, options);
}

/** The codes of the terms that exist; see `people_terms()` in migration 0004. */
export async function findTermCodes(db: Kysely<DB>, terms: readonly Term[], options: Freshness = {}): Promise<TermCodes> {
  if (terms.length === 0) return new Map();
  const query = sql<{ code: number; field: string; value: string }>`
    select code, field, value from search_terms
    where (field, value) in (select * from unnest(${terms.map((t) => t.field)}::text[], ${terms.map((t) => t.value)}::text[]))`;
  const lookUp = async () => new Map((await query.execute(db)).rows.map((r) => [termKey(r.field, r.value), r.code]));
  return reused(db, query.compile(db), lookUp, options);
}

/** Ranked options: values starting with the text first, then values containing it; most common first. */
export async function findSearchValues(db: Kysely<DB>, field: string, text: string, limit: number) {
  const escaped = escapeLike(text);
  let query = db.selectFrom('search_values').select(['value', 'count']).where('field', '=', field);
  if (text) {
    // Under three characters a trigram index cannot help, so short texts match prefixes only.
    query = text.length < 3 ? query.where('value', 'like', `${escaped}%`) : query.where('value', 'like', `%${escaped}%`);
    query = query.orderBy(sql`value like ${`${escaped}%`}`, 'desc');
  }
  return query.orderBy('count', 'desc').orderBy('value').limit(limit).execute();
}

export async function listSavedSearches(db: Kysely<DB>, userId: string) {
  return db.selectFrom('saved_searches').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

export async function insertSavedSearch(db: Kysely<DB>, values: { teamId: string; userId: string; title: string; filters: unknown }) {
  return db
    .insertInto('saved_searches')
    .values({ team_id: values.teamId, user_id: values.userId, title: values.title, filters: JSON.stringify(values.filters) })
    .onConflict((oc) => oc.expression(sql`user_id, lower(title)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}
