import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CompanyRow, PersonRow } from './pdl.js';

export type SearchValueCount = { field: string; value: string; count: number };

// Every column the loader writes, checked against the row types so none is forgotten.
export const PERSON_COLUMNS = Object.keys({
  pdl_id: 1, full_name: 1, first_name: 1, last_name: 1, job_title: 1, job_title_role: 1, job_title_sub_role: 1,
  job_title_levels: 1, job_company_id: 1, job_company_name: 1, job_company_website: 1, job_company_size: 1,
  job_company_employee_count: 1, job_company_inferred_revenue: 1, job_company_total_funding_raised: 1,
  job_company_industry: 1, job_company_type: 1, job_company_location_name: 1, job_company_location_country: 1,
  job_company_location_continent: 1, location_name: 1, location_country: 1, location_continent: 1,
  location_locality: 1, location_region: 1, skills: 1, languages: 1, certifications: 1, education: 1,
  education_schools: 1, education_degrees: 1, experience: 1, sex: 1, inferred_years_experience: 1,
  job_start_date: 1, linkedin_url: 1, linkedin_username: 1, github_url: 1, github_username: 1, facebook_url: 1,
  work_email: 1, personal_emails: 1, mobile_phone: 1, has_work_email: 1, has_personal_emails: 1, has_mobile_phone: 1,
} satisfies Record<keyof PersonRow, 1>) as (keyof PersonRow)[];

const COMPANY_COLUMNS = Object.keys({
  pdl_id: 1, name: 1, domain: 1, industry: 1, size: 1, employee_count: 1, inferred_revenue: 1, revenue_lower_usd: 1,
  revenue_upper_usd: 1, total_funding_raised: 1, type: 1, headquarters_country: 1, headquarters_continent: 1,
  location_name: 1, linkedin_url: 1, linkedin_employee_count: 1, founded: 1,
} satisfies Record<keyof CompanyRow, 1>) as (keyof CompanyRow)[];

/**
 * A whole batch as one JSON parameter, expanded into rows of the table's own type by the
 * database. One parameter instead of 50 per row halves the load time on PGlite, and it never
 * meets PostgreSQL's 65,535-parameter limit.
 */
function rowsOf(table: 'people' | 'companies' | 'search_values', rows: readonly object[]) {
  return sql`jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`.as('r');
}

/** Inserts the companies that are new by `pdl_id`; answers the `pdl_id`s inserted. */
export async function insertCompanies(db: Kysely<DB>, rows: readonly CompanyRow[]): Promise<(string | null)[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('companies')
    .columns(COMPANY_COLUMNS)
    .expression((eb) => eb.selectFrom(rowsOf('companies', rows)).select(COMPANY_COLUMNS.map((c) => sql.ref(`r.${c}`).as(c))))
    .onConflict((oc) => oc.column('pdl_id').doNothing())
    .returning('pdl_id')
    .execute();
  return inserted.map((r) => r.pdl_id);
}

/** Inserts the people that are new by `pdl_id`; answers the `pdl_id`s inserted. */
export async function insertPeople(db: Kysely<DB>, rows: readonly PersonRow[]): Promise<(string | null)[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('people')
    .columns(PERSON_COLUMNS)
    .expression((eb) => eb.selectFrom(rowsOf('people', rows)).select(PERSON_COLUMNS.map((c) => sql.ref(`r.${c}`).as(c))))
    .onConflict((oc) => oc.column('pdl_id').doNothing())
    .returning('pdl_id')
    .execute();
  return inserted.map((r) => r.pdl_id);
}

/** Adds to the autocomplete counts; `counts` must hold each (field, value) once. */
export async function addSearchValueCounts(db: Kysely<DB>, counts: readonly SearchValueCount[]): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insertInto('search_values')
    .columns(['field', 'value', 'count'])
    .expression((eb) => eb.selectFrom(rowsOf('search_values', counts)).select([sql.ref('r.field').as('field'), sql.ref('r.value').as('value'), sql.ref('r.count').as('count')]))
    .onConflict((oc) => oc.columns(['field', 'value']).doUpdateSet((eb) => ({ count: eb('search_values.count', '+', eb.ref('excluded.count')) })))
    .execute();
}

/** Company ids for PDL company ids and for website domains, whichever are known. */
export async function findCompanyIds(db: Kysely<DB>, keys: { pdlIds: readonly string[]; domains: readonly string[] }) {
  if (keys.pdlIds.length === 0 && keys.domains.length === 0) return [];
  return db
    .selectFrom('companies')
    .select(['id', 'pdl_id', 'domain'])
    .where((eb) =>
      eb.or([
        ...(keys.pdlIds.length ? [eb('pdl_id', '=', eb.fn.any(eb.val([...keys.pdlIds])))] : []),
        ...(keys.domains.length ? [eb('domain', '=', eb.fn.any(eb.val([...keys.domains])))] : []),
      ]),
    )
    .execute();
}

/**
 * Links people without an employer row to a company with their employer's website; for people
 * loaded before their companies. Answers how many were linked.
 */
export async function linkPeopleToCompaniesByDomain(db: Kysely<DB>): Promise<number> {
  const result = await db
    .updateTable('people')
    .from('companies')
    .set((eb) => ({ job_company_id: eb.ref('companies.id') }))
    .where('people.job_company_id', 'is', null)
    .whereRef('people.job_company_website', '=', 'companies.domain')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function hasAnyPerson(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('people').select(sql.lit(1).as('one')).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function personExists(db: Kysely<DB>, pdlId: string): Promise<boolean> {
  const row = await db.selectFrom('people').select('id').where('pdl_id', '=', pdlId).executeTakeFirst();
  return row !== undefined;
}

export type CompanyIdMaps = { byPdlId: Map<string, string>; byDomain: Map<string, string> };

/** Every company's id by PDL id and by website, for linking a large load's people in memory. */
export async function companyIdMaps(db: Kysely<DB>): Promise<CompanyIdMaps> {
  const rows = await db.selectFrom('companies').select(['id', 'pdl_id', 'domain']).execute();
  const maps: CompanyIdMaps = { byPdlId: new Map(), byDomain: new Map() };
  for (const r of rows) {
    if (r.pdl_id) maps.byPdlId.set(r.pdl_id, r.id);
    if (r.domain && !maps.byDomain.has(r.domain)) maps.byDomain.set(r.domain, r.id);
  }
  return maps;
}

/** How many people there are, counting no further than `cap`. */
export async function countPeopleUpTo(db: Kysely<DB>, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from people limit ${cap}) p`.execute(db);
  return rows[0]?.n ?? 0;
}
