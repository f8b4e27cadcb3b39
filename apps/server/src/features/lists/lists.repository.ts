import type { ListContentSortBy, ListsQuery, PageContext } from '@leadline/shared';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Contact, List, ListEntityType } from '../../db/schema-lists.js';
import { escapeLike } from '../../lib/sql.js';
import { flagCounts } from '../contacts/index.js';
import { countListCompanies } from './companies/company-lists.repository.js';

/** Adds (sign 1) or subtracts (sign -1) the counts of `delta` to a list, in the same statement. */
export const applyDelta = (listId: string, sign: 1 | -1) => sql`
  update lists set
    contacts_count = contacts_count + ${sign} * delta.n,
    total_with_personal_email = total_with_personal_email + ${sign} * delta.personal,
    total_with_professional_email = total_with_professional_email + ${sign} * delta.professional,
    total_with_linkedin = total_with_linkedin + ${sign} * delta.linkedin,
    total_with_valid_phone = total_with_valid_phone + ${sign} * delta.phone,
    updated_at = now()
  from delta where lists.id = ${listId}`;

export async function insertList(
  db: Kysely<DB>,
  values: { teamId: string; name: string; entityType: ListEntityType; createdBy: string | null; isDynamic?: boolean; filters?: unknown; processing?: boolean },
) {
  return db
    .insertInto('lists')
    .values({
      team_id: values.teamId,
      name: values.name,
      entity_type: values.entityType,
      created_by: values.createdBy,
      generated_by_system: values.createdBy === null,
      is_dynamic: values.isDynamic ?? false,
      filters: values.filters === undefined ? null : JSON.stringify(values.filters),
      completion_status: values.processing ? 'processing' : 'complete',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findList(db: Kysely<DB>, teamId: string, id: string) {
  return db.selectFrom('lists').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
}

/** A list by id, locked until the transaction ends (one refresh of it at a time). */
export async function lockList(trx: Kysely<DB>, id: string) {
  return trx.selectFrom('lists').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setListStatus(db: Kysely<DB>, id: string, status: List['completion_status']) {
  await db.updateTable('lists').set({ completion_status: status, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function deleteList(db: Kysely<DB>, teamId: string, id: string) {
  const row = await db.deleteFrom('lists').where('team_id', '=', teamId).where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

const LIST_SORT: Record<ListsQuery['sortBy'], RawBuilder<unknown>> = {
  createdAt: sql`lists.created_at`,
  updatedAt: sql`lists.updated_at`,
  name: sql`lower(lists.name)`,
  contacts: sql`(lists.contacts_count + lists.companies_count)`,
  createdByName: sql`coalesce(users.name, '')`,
};

/** One page of the team's lists with its total, filtered and sorted as the lists table asks. */
export async function pageLists(db: Kysely<DB>, teamId: string, q: ListsQuery) {
  let query = db
    .selectFrom('lists')
    .leftJoin('users', 'users.id', 'lists.created_by')
    .where('lists.team_id', '=', teamId);
  if (!q.includeGeneratedBySystem) query = query.where('lists.generated_by_system', '=', false);
  if (!q.includeDynamic) query = query.where('lists.is_dynamic', '=', false);
  if (q.entityType) query = query.where('lists.entity_type', '=', q.entityType);
  if (q.name) query = query.where('lists.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.createdBy === 'system') query = query.where('lists.generated_by_system', '=', true);
  else if (q.createdBy) query = query.where('lists.created_by', '=', q.createdBy);
  if (q.hasLinkedInContacts) query = query.where('lists.total_with_linkedin', '>', 0);
  if (q.hasEmailContacts) query = query.where(sql<boolean>`lists.total_with_personal_email + lists.total_with_professional_email > 0`);

  const [rows, total] = await Promise.all([
    query
      .selectAll('lists')
      .select('users.name as creator_name')
      .orderBy(LIST_SORT[q.sortBy], q.sortOrder)
      .orderBy('lists.id', q.sortOrder)
      .limit(q.limit)
      .offset((q.pageNum - 1) * q.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function listCreators(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom('lists')
    .innerJoin('users', 'users.id', 'lists.created_by')
    .where('lists.team_id', '=', teamId)
    .select(['users.id', 'users.name'])
    .distinct()
    .orderBy('users.name')
    .execute();
}

export async function findCreatorName(db: Kysely<DB>, userId: string | null) {
  if (!userId) return null;
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** Adds the team's contacts to a list; already present ones are skipped. Answers how many were added. */
export async function addContactsToList(db: Kysely<DB>, teamId: string, listId: string, contactIds: string[], pageContext: PageContext | null) {
  if (contactIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with added as (
      insert into list_contacts (list_id, contact_id, page_context)
      select ${listId}, c.id, ${pageContext} from contacts c where c.team_id = ${teamId} and c.id = any(${contactIds}::uuid[])
      on conflict do nothing
      returning contact_id
    ), delta as (
      select ${flagCounts('c')} from added join contacts c on c.id = added.contact_id
    ), _ as (${applyDelta(listId, 1)})
    select n from delta`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function removeContactsFromList(db: Kysely<DB>, listId: string, contactIds: string[]) {
  if (contactIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with removed as (
      delete from list_contacts where list_id = ${listId} and contact_id = any(${contactIds}::uuid[])
      returning contact_id
    ), delta as (
      select ${flagCounts('c')} from removed join contacts c on c.id = removed.contact_id
    ), _ as (${applyDelta(listId, -1)})
    select n from delta`.execute(db);
  return rows[0]?.n ?? 0;
}

/** Recounts lists from their rows: after a contact changes, and by the consistency check. */
export async function recountLists(db: Kysely<DB>, listIds: string[]) {
  if (listIds.length === 0) return;
  await sql`
    update lists set
      contacts_count = coalesce(s.n, 0),
      total_with_personal_email = coalesce(s.personal, 0),
      total_with_professional_email = coalesce(s.professional, 0),
      total_with_linkedin = coalesce(s.linkedin, 0),
      total_with_valid_phone = coalesce(s.phone, 0),
      companies_count = ${countListCompanies(sql.ref('lists.id'))}
    from (select l.id, s.* from unnest(${listIds}::uuid[]) as l(id)
          left join lateral (select ${flagCounts('c')} from list_contacts lc join contacts c on c.id = lc.contact_id where lc.list_id = l.id) s on true) s
    where lists.id = s.id`.execute(db);
}

/** The stored counts next to counts recomputed from the rows, for lists whose two disagree. */
export async function findMiscountedLists(db: Kysely<DB>, teamId?: string) {
  const { rows } = await sql<{ id: string }>`
    select l.id from lists l
    left join lateral (select ${flagCounts('c')} from list_contacts lc join contacts c on c.id = lc.contact_id where lc.list_id = l.id) s on true
    where (${teamId ?? null}::uuid is null or l.team_id = ${teamId ?? null})
      and (l.contacts_count, l.total_with_personal_email, l.total_with_professional_email, l.total_with_linkedin, l.total_with_valid_phone,
           l.companies_count)
        is distinct from (s.n, s.personal, s.professional, s.linkedin, s.phone, ${countListCompanies(sql.ref('l.id'))})`.execute(db);
  return rows.map((r) => r.id);
}

export async function listIdsContaining(db: Kysely<DB>, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  const rows = await db.selectFrom('list_contacts').select('list_id').distinct().where('contact_id', 'in', contactIds).execute();
  return rows.map((r) => r.list_id);
}

const CONTENT_SORT: Record<ListContentSortBy, RawBuilder<unknown>> = {
  addedAt: sql`lc.added_at`,
  name: sql`lower(c.full_name)`,
  jobTitle: sql`lower(c.job_title)`,
  'company.name': sql`lower(c.company_name)`,
  email: sql`lower(c.primary_email)`,
  country: sql`lower(c.country)`,
};

/** One page of a people list, with the total of the (name-filtered) rows. */
export async function pageListContacts(
  db: Kysely<DB>,
  listId: string,
  q: { pageNum: number; limit: number; sortBy: ListContentSortBy; sortOrder: 'asc' | 'desc'; name?: string | undefined },
) {
  const nameFilter = q.name ? sql<boolean>`c.full_name ilike ${`%${escapeLike(q.name)}%`}` : sql<boolean>`true`;
  const nulls = q.sortOrder === 'asc' ? sql`nulls last` : sql`nulls first`;
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<Contact & { added_at: Date }>`
      select c.*, lc.added_at from list_contacts lc join contacts c on c.id = lc.contact_id
      where lc.list_id = ${listId} and ${nameFilter}
      order by ${CONTENT_SORT[q.sortBy]} ${sql.raw(q.sortOrder)} ${nulls}, c.id
      limit ${q.limit} offset ${(q.pageNum - 1) * q.limit}`.execute(db),
    sql<{ n: number }>`
      select count(*)::int as n from list_contacts lc join contacts c on c.id = lc.contact_id
      where lc.list_id = ${listId} and ${nameFilter}`.execute(db),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function setDynamicRefreshed(db: Kysely<DB>, listId: string, added: number) {
  await db
    .updateTable('lists')
    .set({ new_since_refresh: added, refreshed_at: new Date(), refresh_error: null, updated_at: new Date() })
    .where('id', '=', listId)
    .execute();
}

/** A refresh that added nobody, and why; the list is no longer being filled. */
export async function setDynamicRefused(db: Kysely<DB>, listId: string, reason: string) {
  await db.updateTable('lists').set({ refresh_error: reason, completion_status: 'complete', updated_at: new Date() }).where('id', '=', listId).execute();
}

/** Who pays for a team's work: `userId` while they belong to the team, else the team's owner. */
export async function findPayerId(db: Kysely<DB>, teamId: string, userId: string | null) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('team_id', '=', teamId)
    .where((eb) => (userId ? eb.or([eb('id', '=', userId), eb('permission', '=', 'TEAM_OWNER')]) : eb('permission', '=', 'TEAM_OWNER')))
    .orderBy(sql`permission is null`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findDynamicListIds(db: Kysely<DB>) {
  const rows = await db.selectFrom('lists').select('id').where('is_dynamic', '=', true).execute();
  return rows.map((r) => r.id);
}

/** People matching `conditions` that the list does not hold yet, in id order. */
export async function findNewMatches(db: Kysely<DB>, teamId: string, listId: string, conditions: RawBuilder<boolean>[], limit: number) {
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const { rows } = await sql<{ id: string }>`
    select people.id from people
    where ${where}
      and not exists (select 1 from contacts c join list_contacts lc on lc.contact_id = c.id
                      where c.team_id = ${teamId} and c.person_id = people.id and lc.list_id = ${listId})
    order by people.id limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

