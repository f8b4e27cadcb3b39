import {
  AppError,
  COMPANY_FILE_HEADER,
  COMPANY_LIST_MESSAGES,
  LISTS_MESSAGES,
  notFound,
  normalizeFilters,
  type AddSearchCompaniesBody,
  type CompanyUploadBody,
  type ListCompanyDto,
  type ListContentSortBy,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { Upload } from '../../../db/schema-lists.js';
import type { Actor } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';
import { readTableBatches, unescapeFormulaCell } from '../../../lib/files/index.js';
import { requireUpload } from '../../files/index.js';
import { companyIdsForSearch, meterSearchRun } from '../../search/index.js';
import * as lists from '../lists.repository.js';
import * as repo from './company-lists.repository.js';

const amount = (value: string | number | null) => (value === null ? null : Number(value));

export function presentListCompany(c: repo.ListCompanyRow): ListCompanyDto {
  return {
    _id: c.id,
    name: c.name,
    domain: c.domain,
    industry: c.industry,
    estimatedRevenueLowerBoundUSD: amount(c.revenue_lower_usd),
    estimatedRevenueHigherBoundUSD: amount(c.revenue_upper_usd),
    headQuartersCountry: c.headquarters_country,
    linkedInHeadCount: c.linkedin_employee_count ?? c.employee_count,
    addedAt: c.added_at.toISOString(),
    notFound: c.not_found,
  };
}

/** One page of a company list: its database companies and the names kept as not found. */
export async function companyListPage(
  db: Kysely<DB>,
  listId: string,
  q: { pageNum: number; limit: number; sortOrder: 'asc' | 'desc'; sortBy: ListContentSortBy; name?: string | undefined },
) {
  const { rows, total } = await repo.pageListCompanies(db, listId, q);
  return { companies: rows.map(presentListCompany), total };
}

/** The team's company list, or 404; a people list answers 400 (companies cannot go there). */
async function requireCompanyList(db: Kysely<DB>, actor: Actor, listId: string) {
  const list = await lists.findList(db, actor.teamId, listId);
  if (!list) throw notFound('List');
  if (list.entity_type !== 'companyList') throw new AppError('VALIDATION_FAILED', COMPANY_LIST_MESSAGES.notACompanyList, { field: 'listId' });
  return list;
}

/**
 * "Select N" on the Companies tab: the first `limit` companies of the search go into a company
 * list, chosen by the server from the filters (the client never sends thousands of ids).
 */
export async function addSearchCompanies(db: Kysely<DB>, actor: Actor, listId: string, body: AddSearchCompaniesBody) {
  await requireCompanyList(db, actor, listId);
  const ids = await companyIdsForSearch(db, body.filters, body.limit);
  // The same rows as the company search on screen: revealed under that search's run (search metering).
  const changed = await db.transaction().execute(async (trx) => {
    if (ids.length > 0) await meterSearchRun(trx, actor, normalizeFilters(body.filters));
    return repo.addCompaniesToList(trx, listId, ids);
  });
  return { changed, list: (await lists.findList(db, actor.teamId, listId))! };
}

const headerKey = (h: string) => h.trim().toLowerCase();

/**
 * The company upload's checks (spec §5): a file with nothing in it is empty; one with a header
 * but no name under 'Company Names' (a header-only file too) has no company names.
 */
export function validateCompanyFile(upload: Pick<Upload, 'headers' | 'row_count' | 'blank_counts'>) {
  const hasHeader = upload.headers.some((h) => h.trim() !== '');
  if (upload.row_count === 0 && !hasHeader) throw new AppError('VALIDATION_FAILED', LISTS_MESSAGES.fileEmpty, { field: 'attachedFileInfo' });
  const column = upload.headers.map(headerKey).indexOf(headerKey(COMPANY_FILE_HEADER));
  if (column < 0) throw new AppError('VALIDATION_FAILED', LISTS_MESSAGES.companyColumnMissing, { field: 'attachedFileInfo' });
  if (upload.row_count === 0 || (upload.blank_counts[column] ?? 0) >= upload.row_count) {
    throw new AppError('VALIDATION_FAILED', LISTS_MESSAGES.companyNamesMissing, { field: 'attachedFileInfo' });
  }
  return column;
}

/** Company names in a company list upload; beyond this the upload is refused. */
export const MAX_COMPANY_NAMES = 100_000;
const READ_BATCH_ROWS = 10_000;
const MATCH_CHUNK = 5_000;

/** The distinct lower-cased company names of a file's 'Company Names' column. */
export async function readCompanyNames(upload: Upload, column: number, max: number) {
  const names = new Set<string>();
  for await (const { rows } of readTableBatches(upload.path, upload.file_type, READ_BATCH_ROWS)) {
    for (const row of rows) {
      const name = unescapeFormulaCell(row[column] ?? '').trim().toLowerCase();
      if (name) names.add(name);
      if (names.size > max) throw new AppError('VALIDATION_FAILED', `A company list upload takes at most ${max.toLocaleString('en-US')} names.`);
    }
  }
  return [...names];
}

async function targetCompanyList(db: Kysely<DB>, actor: Actor, body: CompanyUploadBody) {
  if (body.existingListId) {
    const list = await lists.findList(db, actor.teamId, body.existingListId);
    if (!list || list.entity_type !== 'companyList') throw new AppError('NOT_FOUND', 'List not found.', { field: 'existingListId' });
    return list;
  }
  return lists.insertList(db, { teamId: actor.teamId, name: body.listTitle!, entityType: 'companyList', createdBy: actor.userId });
}

/**
 * Company list upload (spec §5): names lower-cased and de-duplicated, matched to the company
 * database; a name it does not hold stays in the list as the team's company marked not found.
 */
export async function uploadCompanies(ctx: AppContext, actor: Actor, body: CompanyUploadBody) {
  const upload = await requireUpload(ctx.db, actor.teamId, body.attachedFileInfo._id);
  const column = validateCompanyFile(upload);
  const names = await readCompanyNames(upload, column, MAX_COMPANY_NAMES);
  return ctx.db.transaction().execute(async (trx) => {
    const list = await targetCompanyList(trx, actor, body);
    let added = 0;
    let matched = 0;
    for (let i = 0; i < names.length; i += MATCH_CHUNK) {
      const chunk = names.slice(i, i + MATCH_CHUNK);
      const found = await repo.findCompaniesByNames(trx, chunk);
      const foundNames = new Set(found.map((c) => c.name));
      matched += foundNames.size;
      added += await repo.addCompaniesToList(trx, list.id, found.map((c) => c.id));
      added += await repo.addNotFoundCompaniesToList(trx, actor.teamId, list.id, chunk.filter((name) => !foundNames.has(name)));
    }
    return { list: (await lists.findList(trx, actor.teamId, list.id))!, added, names: names.length, matched, notFound: names.length - matched };
  });
}
