import {
  AppError,
  normalizeFilters,
  SAVED_SEARCH_DUPLICATE,
  readStoredFilters,
  SearchFilters,
  toLabel,
  TOTAL_EXACT_LIMIT,
  type AutocompleteField,
  type CompanyResult,
  type Prospect,
  type SavedSearchDto,
  type SaveSearchBody,
  type SearchRequest,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { findSecret } from '../../lib/crypto/secrets.js';
import { findPeopleContacts } from '../contacts/index.js';
import { companyConditions } from './companies/company-filters.repository.js';
import { peopleSearchQuery } from './people-filters.repository.js';
import { queryHash, readScrollToken, SCROLL_TOKEN_TTL_MS, signScrollToken, type ScrollState } from './scroll-token.js';
import { meterSearchPage } from './search-metering.js';
import * as repo from './search.repository.js';

const AUTOCOMPLETE_LIMIT = 20;
const secrets = new WeakMap<Kysely<DB>, Promise<string>>();
const tokenSecret = (db: Kysely<DB>) => {
  let secret = secrets.get(db);
  if (!secret) secrets.set(db, (secret = findSecret(db, 'search_token')));
  return secret;
};

type Condition = ReturnType<typeof companyConditions>[number];

/** People conditions, once the codes of the filter values are looked up. */
export async function peopleSearchConditions(db: Kysely<DB>, filters: SearchFilters): Promise<Condition[]> {
  const query = peopleSearchQuery(filters);
  return query.conditions(await repo.findTermCodes(db, query.terms));
}

/** Counts the people matching normalized filters, up to TOTAL_EXACT_LIMIT. */
export async function countPeople(db: Kysely<DB>, filters: SearchFilters) {
  return repo.countUpTo(db, 'people_search', await peopleSearchConditions(db, filters), TOTAL_EXACT_LIMIT);
}

type Page<T> = { data: T[]; total: number; total_is_lower_bound: boolean; scroll_token: string | null; appliedFilters: SearchFilters };

async function runSearch<Row extends { id: string }, T>(
  db: Kysely<DB>,
  actor: Actor,
  request: SearchRequest,
  kind: ScrollState['kind'],
  run: {
    table: 'people_search' | 'companies';
    conditions: (db: Kysely<DB>, f: SearchFilters) => Promise<Condition[]>;
    page: (db: Kysely<DB>, c: Condition[], p: { after: string | null; limit: number }) => Promise<Row[]>;
    present: (row: Row) => T;
  },
): Promise<Page<T>> {
  const { size, ...raw } = request.params;
  const filters = normalizeFilters(SearchFilters.parse(raw));
  const query = queryHash({ kind, filters, size });
  const secret = await tokenSecret(db);
  const state = request.scroll_token ? readScrollToken(request.scroll_token, secret, { kind, query }) : null;
  const conditions = await run.conditions(db, filters);

  // Deep pages reuse the first page's count: every page then costs what the first one did.
  // On PostgreSQL the page and the count run side by side on two connections.
  const [rows, count] = await Promise.all([
    run.page(db, conditions, { after: state?.after ?? null, limit: size }),
    state ? { total: state.total, isLowerBound: state.totalIsLowerBound } : repo.countUpTo(db, run.table, conditions, TOTAL_EXACT_LIMIT),
  ]);
  const hasMore = rows.length > size;
  const pageRows = rows.slice(0, size);
  await meterSearchPage(db, actor, { filters, rows: pageRows.length, scrollToken: request.scroll_token ?? null, preview: request.preview ?? false });

  const last = pageRows.at(-1);
  const scrollToken =
    hasMore && last
      ? signScrollToken(
          { kind, query, after: last.id, total: count.total, totalIsLowerBound: count.isLowerBound, expiresAt: Date.now() + SCROLL_TOKEN_TTL_MS },
          secret,
        )
      : null;
  return { data: pageRows.map(run.present), total: count.total, total_is_lower_bound: count.isLowerBound, scroll_token: scrollToken, appliedFilters: filters };
}

type PeopleSearchRow = Awaited<ReturnType<typeof repo.pagePeople>>[number];

/** A database person as a search row. Contact details stay hidden until enriched. */
export function presentProspect(p: PeopleSearchRow): Prospect {
  return {
    _id: p.id,
    contact: null,
    full_name: p.full_name,
    job_title: p.job_title,
    job_company_name: p.job_company_name,
    job_company_website: p.job_company_website,
    linkedin_url: p.linkedin_url,
    location_name: p.location_name,
    industry: p.job_company_industry,
    emails: [],
    primaryEmail: null,
    phones: [],
    primaryPhone: null,
    lastEmailEnrichment: null,
    lastPhoneEnrichment: null,
    isCustom: false,
    savedProfile: false,
    hasWorkEmail: p.has_work_email,
    hasPersonalEmails: p.has_personal_emails,
    hasMobilePhone: p.has_mobile_phone,
  };
}

type CompaniesRow = Awaited<ReturnType<typeof repo.pageCompanies>>[number];

export function presentCompany(c: CompaniesRow): CompanyResult {
  return {
    _id: c.id,
    name: c.name,
    domain: c.domain,
    industry: c.industry,
    estimatedRevenueLowerBoundUSD: c.revenue_lower_usd,
    estimatedRevenueHigherBoundUSD: c.revenue_upper_usd,
    headQuartersCountry: c.headquarters_country,
    linkedInHeadCount: c.linkedin_employee_count ?? c.employee_count,
  };
}

export async function searchPeople(db: Kysely<DB>, actor: Actor, request: SearchRequest) {
  const answer = await runSearch(db, actor, request, 'people', { table: 'people_search', conditions: peopleSearchConditions, page: repo.pagePeople, present: presentProspect });
  return { ...answer, data: await withTeamContacts(db, actor.teamId, answer.data) };
}

/** Search rows carry what the team already has of each person: its contact, enriched emails and phones, and whether it is saved. */
async function withTeamContacts(db: Kysely<DB>, teamId: string, rows: Prospect[]): Promise<Prospect[]> {
  const contacts = new Map((await findPeopleContacts(db, teamId, rows.map((r) => r._id))).map((c) => [c.person_id!, c]));
  return rows.map((row) => {
    const c = contacts.get(row._id);
    if (!c) return row;
    return {
      ...row,
      contact: c.id,
      emails: c.emails as Prospect['emails'],
      primaryEmail: c.primary_email,
      phones: c.phones,
      primaryPhone: c.primary_phone,
      lastEmailEnrichment: c.last_email_enrichment?.toISOString() ?? null,
      lastPhoneEnrichment: c.last_phone_enrichment?.toISOString() ?? null,
      savedProfile: Boolean(c.saved),
    };
  });
}

export function searchCompanies(db: Kysely<DB>, actor: Actor, request: SearchRequest) {
  return runSearch(db, actor, request, 'companies', { table: 'companies', conditions: async (_db, f) => companyConditions(f), page: repo.pageCompanies, present: presentCompany });
}

export async function autocomplete(db: Kysely<DB>, field: AutocompleteField, query: string) {
  const rows = await repo.findSearchValues(db, field, query.toLowerCase(), AUTOCOMPLETE_LIMIT);
  return rows.map((r) => ({ label: toLabel(r.value), value: r.value }));
}

const presentSavedSearch = (row: Awaited<ReturnType<typeof repo.listSavedSearches>>[number]): SavedSearchDto => ({
  _id: row.id,
  title: row.title,
  // Stored filters are re-read through the current model, so an old saved search stays valid.
  filters: readStoredFilters(row.filters),
  createdAt: row.created_at.toISOString(),
});

export async function listSavedSearches(db: Kysely<DB>, actor: Actor) {
  return (await repo.listSavedSearches(db, actor.userId)).map(presentSavedSearch);
}

/** Saves the raw filters (not normalized), so "months in current role" keeps moving with time. */
export async function saveSearch(db: Kysely<DB>, actor: Actor, body: SaveSearchBody) {
  const row = await repo.insertSavedSearch(db, { teamId: actor.teamId, userId: actor.userId, title: body.title, filters: body.filters });
  if (!row) throw new AppError('CONFLICT', SAVED_SEARCH_DUPLICATE, { field: 'title' });
  return presentSavedSearch(row);
}
