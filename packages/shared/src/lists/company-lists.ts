import { z } from 'zod';
import { SearchFilters } from '../search/filters.js';
import { MAX_IDS_PER_CALL } from './schemas.js';

/**
 * `PATCH /api/v1/lists/addSearchCompanies/{listId}`: "select N" on the Companies tab adds the
 * first `limit` companies of the search (in the order the search shows them) to a company list.
 */
export const AddSearchCompaniesBody = z.object({
  filters: SearchFilters,
  limit: z
    .number()
    .int('Choose a whole number of companies')
    .min(1, 'Choose at least one company')
    .max(MAX_IDS_PER_CALL, `At most ${MAX_IDS_PER_CALL.toLocaleString('en-US')} companies at a time`),
});
export type AddSearchCompaniesBody = z.infer<typeof AddSearchCompaniesBody>;
export type AddSearchCompaniesBodyInput = z.input<typeof AddSearchCompaniesBody>;

export const COMPANY_LIST_MESSAGES = {
  notACompanyList: 'Companies can only be saved to a company list.',
  companiesSaved: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'company' : 'companies'} saved to your list successfully!`,
  noCompanySelected: 'Select at least one company to save.',
} as const;
