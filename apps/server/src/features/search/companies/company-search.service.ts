import { normalizeFilters, SearchFilters } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { companyConditions, findCompanyIds } from './company-filters.repository.js';

/**
 * The first `limit` companies the Companies tab shows for these filters ("select N"): the same
 * normalization and conditions as company search, in its order.
 */
export async function companyIdsForSearch(db: Kysely<DB>, filters: SearchFilters, limit: number) {
  return findCompanyIds(db, companyConditions(normalizeFilters(SearchFilters.parse(filters))), limit);
}
