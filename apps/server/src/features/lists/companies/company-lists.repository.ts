import type { ListContentSortBy } from '@leadline/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { escapeLike } from '../../../lib/sql.js';

/**
 * A company list holds database companies (`list_companies`) and the team's companies not found
 * in the database (`list_custom_companies`, migration 0080); `lists.companies_count` counts both.
 */

export type ListCompanyRow = {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  revenue_lower_usd: string | number | null;
  revenue_upper_usd: string | number | null;
  headquarters_country: string | null;
  linkedin_employee_count: number | null;
  employee_count: number | null;
  added_at: Date;
  not_found: boolean;
};

/** Both kinds of members of one list, as one relation with the columns of a company row. */
const members = (listId: string) => sql`(
  select c.id, c.name, c.domain, c.industry, c.revenue_lower_usd, c.revenue_upper_usd, c.headquarters_country,
         c.linkedin_employee_count, c.employee_count, lc.added_at, false as not_found
  from list_companies lc join companies c on c.id = lc.company_id where lc.list_id = ${listId}
  union all
  select cc.id, cc.name, cc.domain, cc.industry, null::bigint, null::bigint, cc.headquarters_country,
         null::integer, cc.employee_count, lcc.added_at, cc.match_status = 'not_found'
  from list_custom_companies lcc join custom_companies cc on cc.id = lcc.custom_company_id where lcc.list_id = ${listId}
)`;

/** One page of a company list, with the total of the (name-filtered) rows. */
export async function pageListCompanies(
  db: Kysely<DB>,
  listId: string,
  q: { pageNum: number; limit: number; sortOrder: 'asc' | 'desc'; sortBy: ListContentSortBy; name?: string | undefined },
) {
  const nameFilter = q.name ? sql<boolean>`m.name ilike ${`%${escapeLike(q.name)}%`}` : sql<boolean>`true`;
  const order = q.sortBy === 'addedAt' ? sql`m.added_at` : sql`m.name`;
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<ListCompanyRow>`
      select * from ${members(listId)} m where ${nameFilter}
      order by ${order} ${sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc')}, m.id
      limit ${q.limit} offset ${(q.pageNum - 1) * q.limit}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${members(listId)} m where ${nameFilter}`.execute(db),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Both kinds of members after `after` in id order, for downloads. */
export async function listCompaniesAfter(db: Kysely<DB>, listId: string, after: string | null, limit: number) {
  const { rows } = await sql<ListCompanyRow>`
    select * from ${members(listId)} m where ${after === null ? sql`true` : sql`m.id > ${after}`} order by m.id limit ${limit}`.execute(db);
  return rows;
}

/** Adds database companies (by id) to a company list; answers how many were new to it. */
export async function addCompaniesToList(db: Kysely<DB>, listId: string, companyIds: string[]) {
  if (companyIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with added as (
      insert into list_companies (list_id, company_id)
      select ${listId}, c.id from companies c where c.id = any(${companyIds}::uuid[])
      on conflict do nothing returning company_id
    ), delta as (select count(*)::int as n from added),
    _ as (update lists set companies_count = companies_count + delta.n, updated_at = now() from delta where lists.id = ${listId})
    select n from delta`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Removes companies of either kind from a list; answers how many it held. */
export async function removeCompaniesFromList(db: Kysely<DB>, listId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with removed as (delete from list_companies where list_id = ${listId} and company_id = any(${ids}::uuid[]) returning company_id),
    removed_custom as (delete from list_custom_companies where list_id = ${listId} and custom_company_id = any(${ids}::uuid[]) returning custom_company_id),
    delta as (select (select count(*)::int from removed) + (select count(*)::int from removed_custom) as n),
    _ as (update lists set companies_count = companies_count - delta.n, updated_at = now() from delta where lists.id = ${listId})
    select n from delta`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Database companies whose lower-cased name is one of `names`, with that name. */
export async function findCompaniesByNames(db: Kysely<DB>, names: string[]) {
  if (names.length === 0) return [];
  const { rows } = await sql<{ id: string; name: string }>`
    select id, lower(name) as name from companies where lower(name) = any(${names}::text[])`.execute(db);
  return rows;
}

/**
 * Keeps names the database does not hold as the team's companies (one per team and name) and
 * adds them to the list; answers how many were new to the list.
 */
export async function addNotFoundCompaniesToList(db: Kysely<DB>, teamId: string, listId: string, names: string[]) {
  if (names.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with kept as (
      insert into custom_companies (team_id, name) select ${teamId}, n from unnest(${names}::text[]) as n
      on conflict (team_id, name) do update set updated_at = custom_companies.updated_at
      returning id
    ), added as (
      insert into list_custom_companies (list_id, custom_company_id) select ${listId}, id from kept
      on conflict do nothing returning custom_company_id
    ), delta as (select count(*)::int as n from added),
    _ as (update lists set companies_count = companies_count + delta.n, updated_at = now() from delta where lists.id = ${listId})
    select n from delta`.execute(db);
  return rows[0]?.n ?? 0;
}

/** How many companies of either kind a list holds, counted from its rows. */
export const countListCompanies = (listId: ReturnType<typeof sql>) => sql<number>`(
  (select count(*)::int from list_companies x where x.list_id = ${listId}) +
  (select count(*)::int from list_custom_companies y where y.list_id = ${listId}))`;
