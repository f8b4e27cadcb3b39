import {
  AppError,
  normalizeFilters,
  notFound,
  readStoredFilters,
  SYSTEM_CREATOR_NAME,
  type CreateListBody,
  type ListContactsChangeBody,
  type ListContentsBody,
  type ListDto,
  type ListsQuery,
  type PageContext,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { List, ListEntityType } from '../../db/schema-lists.js';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { refreshDynamicList } from './lists.jobs.js';
import { presentContact } from '../contacts/index.js';
import { assertSearchRunAffordable } from '../search/index.js';
import * as companyRepo from './companies/company-lists.repository.js';
import { companyListPage } from './companies/company-lists.service.js';
import { listExtraColumns, type ExtraColumnSource } from './extra-columns.js';
import * as repo from './lists.repository.js';

export function presentList(row: List, creatorName: string | null): ListDto {
  return {
    _id: row.id,
    name: row.name,
    entityType: row.entity_type,
    contacts: row.contacts_count,
    companies: row.companies_count,
    isDynamic: row.is_dynamic,
    filters: row.filters ? readStoredFilters(row.filters) : null,
    completionStatus: row.completion_status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    sequencesCount: row.sequences_count,
    createdBy: row.created_by,
    createdByName: row.generated_by_system ? SYSTEM_CREATOR_NAME : (creatorName ?? 'Former member'),
    generatedBySystem: row.generated_by_system,
    totalWithPersonalEmail: row.total_with_personal_email,
    totalWithProfessionalEmail: row.total_with_professional_email,
    totalWithLinkedin: row.total_with_linkedin,
    totalWithValidPhone: row.total_with_valid_phone,
    newSinceRefresh: row.new_since_refresh,
    refreshedAt: row.refreshed_at?.toISOString() ?? null,
    refreshError: row.refresh_error,
  };
}

/** The team's list, or 404 (also for another team's list). */
export async function requireList(db: Kysely<DB>, actor: Actor, id: string, entityType?: ListEntityType) {
  const list = await repo.findList(db, actor.teamId, id);
  if (!list || (entityType && list.entity_type !== entityType)) throw notFound('List');
  return list;
}

export async function presentListRow(db: Kysely<DB>, row: List) {
  return presentList(row, await repo.findCreatorName(db, row.created_by));
}

export async function createList(ctx: AppContext, actor: Actor, body: CreateListBody) {
  // A dynamic list reveals the people of its filters: a search run the creator must afford.
  if (body.isDynamic) await assertSearchRunAffordable(ctx.db, actor, normalizeFilters(body.filters!));
  const row = await repo.insertList(ctx.db, {
    teamId: actor.teamId,
    name: body.name,
    entityType: body.entityType,
    createdBy: actor.userId,
    isDynamic: body.isDynamic,
    ...(body.isDynamic ? { filters: body.filters, processing: true } : {}),
  });
  if (body.isDynamic) await ctx.queue.send(refreshDynamicList, { listId: row.id, requestedBy: actor.userId });
  return presentList(row, actor.name);
}

export async function getLists(db: Kysely<DB>, actor: Actor, query: ListsQuery) {
  const [{ rows, total }, creators] = await Promise.all([repo.pageLists(db, actor.teamId, query), repo.listCreators(db, actor.teamId)]);
  return {
    lists: rows.map((r) => presentList(r, r.creator_name)),
    total,
    createdByData: creators.map((c) => ({ _id: c.id, name: c.name })),
  };
}

export async function getListContents(db: Kysely<DB>, actor: Actor, id: string, body: ListContentsBody, columnSources: readonly ExtraColumnSource[] = []) {
  const list = await requireList(db, actor, id);
  const q = { pageNum: body.pageNum, limit: body.limit, sortBy: body.sortBy, sortOrder: body.sortOrder, name: body.filters.name };
  if (list.entity_type === 'companyList') {
    const { companies, total } = await companyListPage(db, id, q);
    return { list: await presentListRow(db, list), contacts: [], companies, total, columns: [], cells: {} };
  }
  const [{ rows, total }, extra] = await Promise.all([repo.pageListContacts(db, id, q), listExtraColumns(db, columnSources, list)]);
  const cells = await extra.cellsOf(rows.map((c) => c.id));
  return {
    list: await presentListRow(db, list),
    contacts: rows.map((c) => presentContact(c, c.added_at)),
    companies: [],
    total,
    columns: extra.columns,
    cells: Object.fromEntries(cells),
  };
}

export async function deleteList(db: Kysely<DB>, actor: Actor, id: string) {
  if (!(await repo.deleteList(db, actor.teamId, id))) throw notFound('List');
  return { _id: id, deleted: true as const };
}

/**
 * Adds contacts (or, to a company list, companies) to a list. Ids that are not the team's are
 * ignored rather than leaked: the answer counts what was actually added.
 */
export async function addToList(db: Kysely<DB>, actor: Actor, listId: string, body: ListContactsChangeBody, pageContext: PageContext | null) {
  const list = await requireList(db, actor, listId);
  const changed =
    list.entity_type === 'companyList'
      ? await companyRepo.addCompaniesToList(db, listId, body.companies)
      : await repo.addContactsToList(db, actor.teamId, listId, [...body.contacts, ...body.customContacts], pageContext);
  return { changed, list: await presentListRow(db, (await repo.findList(db, actor.teamId, listId))!) };
}

export async function removeFromList(db: Kysely<DB>, actor: Actor, listId: string, body: ListContactsChangeBody) {
  const list = await requireList(db, actor, listId);
  const changed =
    list.entity_type === 'companyList'
      ? await companyRepo.removeCompaniesFromList(db, listId, body.companies)
      : await repo.removeContactsFromList(db, listId, [...body.contacts, ...body.customContacts]);
  return { changed, list: await presentListRow(db, (await repo.findList(db, actor.teamId, listId))!) };
}

export async function refreshList(ctx: AppContext, actor: Actor, id: string) {
  const list = await requireList(ctx.db, actor, id, 'contactList');
  if (!list.is_dynamic || !list.filters) throw new AppError('VALIDATION_FAILED', 'Only a dynamic list can be refreshed.');
  await assertSearchRunAffordable(ctx.db, actor, normalizeFilters(readStoredFilters(list.filters)));
  const jobId = await ctx.queue.send(refreshDynamicList, { listId: id, requestedBy: actor.userId });
  return { list: await presentListRow(ctx.db, list), jobId: jobId ?? '' };
}
