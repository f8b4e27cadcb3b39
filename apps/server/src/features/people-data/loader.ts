import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CompanyRow, MappedPerson, PersonRow } from './pdl.js';
import {
  addSearchValueCounts,
  findCompanyIds,
  insertCompanies,
  insertPeople,
  type SearchValueCount,
} from './people-data.repository.js';

/**
 * Rows per INSERT statement and transaction. On PGlite, 250 to 2,000 measured within noise of
 * each other (50,000 demo people in about 20 s); 500 keeps each JSON document near 1.3 MB and
 * each hold on PGlite's single connection short, so requests still get answered during a load.
 */
export const DEFAULT_BATCH_SIZE = 500;

/** The autocomplete fields and where each takes its values from in a person row. */
export const SEARCH_VALUE_FIELDS = {
  job_title: (p) => p.job_title,
  job_company_name: (p) => p.job_company_name,
  industry: (p) => p.job_company_industry,
  location_name: (p) => p.location_name,
  location_country: (p) => p.location_country,
  skills: (p) => p.skills,
  education_school: (p) => p.education_schools,
  languages: (p) => p.languages,
  certifications: (p) => p.certifications,
  job_company_website: (p) => p.job_company_website,
} satisfies Record<string, (p: PersonRow) => string | null | readonly string[]>;

export type SearchValueField = keyof typeof SEARCH_VALUE_FIELDS;

/** Longer values are not suggestions anyone types, and would only bloat the primary key. */
const SEARCH_VALUE_MAX = 200;

export type LoadCounts = { inserted: number; skipped: number };

/** Inserts companies new by `pdl_id`, one transaction per batch. */
export async function loadCompanies(db: Kysely<DB>, rows: readonly CompanyRow[], batchSize = DEFAULT_BATCH_SIZE): Promise<LoadCounts> {
  const counts: LoadCounts = { inserted: 0, skipped: 0 };
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const inserted = await db.transaction().execute((trx) => insertCompanies(trx, distinctByPdlId(batch)));
    counts.inserted += inserted.length;
    counts.skipped += batch.length - inserted.length;
  }
  return counts;
}

/**
 * Inserts people new by `pdl_id`, links them to their employer's company row, and adds the
 * values of exactly the inserted rows to the autocomplete counts in the same transaction, so a
 * re-import or a resumed load never counts anyone twice.
 */
export async function loadPeople(db: Kysely<DB>, people: readonly MappedPerson[], batchSize = DEFAULT_BATCH_SIZE): Promise<LoadCounts> {
  const counts: LoadCounts = { inserted: 0, skipped: 0 };
  for (let start = 0; start < people.length; start += batchSize) {
    const batch = people.slice(start, start + batchSize);
    const inserted = await db.transaction().execute(async (trx) => {
      const rows = await withCompanyIds(trx, distinctByPdlId(batch.map((p) => p.row)), batch);
      const insertedIds = new Set(await insertPeople(trx, rows));
      const insertedRows = rows.filter((r) => r.pdl_id === null || insertedIds.has(r.pdl_id));
      await addSearchValueCounts(trx, countSearchValues(insertedRows));
      return insertedRows.length;
    });
    counts.inserted += inserted;
    counts.skipped += batch.length - inserted;
  }
  return counts;
}

/** Distinct (field, value) pairs with how many of the rows carry each, sorted so that
 * concurrent loaders on PostgreSQL lock `search_values` rows in the same order. */
export function countSearchValues(rows: readonly PersonRow[]): SearchValueCount[] {
  const counts = new Map<string, SearchValueCount>();
  const add = (field: string, value: string) => {
    if (value.length > SEARCH_VALUE_MAX) return;
    const k = `${field}\u0000${value}`;
    const existing = counts.get(k);
    if (existing) existing.count += 1;
    else counts.set(k, { field, value, count: 1 });
  };
  for (const row of rows) {
    for (const [field, read] of Object.entries(SEARCH_VALUE_FIELDS)) {
      const value = read(row);
      if (typeof value === 'string') add(field, value);
      else if (value) for (const v of value) add(field, v);
    }
  }
  return [...counts.values()].sort((a, b) => (a.field === b.field ? (a.value < b.value ? -1 : 1) : a.field < b.field ? -1 : 1));
}

/** A batch naming the same `pdl_id` twice keeps the first, so counts follow what is inserted. */
function distinctByPdlId<T extends { pdl_id: string | null }>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => r.pdl_id === null || (!seen.has(r.pdl_id) && (seen.add(r.pdl_id), true)));
}

/** Rows with `job_company_id` set from the companies already loaded: by PDL id, else by website. */
async function withCompanyIds(db: Kysely<DB>, rows: PersonRow[], people: readonly MappedPerson[]): Promise<PersonRow[]> {
  const refs = new Map<PersonRow, MappedPerson['company']>(people.map((p) => [p.row, p.company]));
  const pdlIds = new Set<string>();
  const domains = new Set<string>();
  for (const row of rows) {
    const ref = refs.get(row)!;
    if (ref.pdlId) pdlIds.add(ref.pdlId);
    if (ref.domain) domains.add(ref.domain);
  }
  const companies = await findCompanyIds(db, { pdlIds: [...pdlIds], domains: [...domains] });
  if (companies.length === 0) return rows;
  const byPdlId = new Map(companies.filter((c) => c.pdl_id).map((c) => [c.pdl_id!, c.id]));
  const byDomain = new Map(companies.filter((c) => c.domain).map((c) => [c.domain!, c.id]));
  return rows.map((row) => {
    const ref = refs.get(row)!;
    const id = (ref.pdlId ? byPdlId.get(ref.pdlId) : undefined) ?? (ref.domain ? byDomain.get(ref.domain) : undefined);
    return id ? { ...row, job_company_id: id } : row;
  });
}
