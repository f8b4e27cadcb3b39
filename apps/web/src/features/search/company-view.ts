import { companyFilterPlan, countActiveFilters, type SearchFilters } from '@leadline/shared';
import type { ResultsView } from './api';

/**
 * How many filters the results on this tab actually apply: all active ones for people; for
 * companies only those with a company meaning (the others are marked not applied).
 */
export function appliedFilterCount(filters: SearchFilters, view: ResultsView): number {
  return view === 'companies' ? companyFilterPlan(filters).applied.length : countActiveFilters(filters);
}

/** Active filters the Companies tab leaves out, for the panel's note. */
export function notAppliedFilterCount(filters: SearchFilters, view: ResultsView): number {
  return view === 'companies' ? companyFilterPlan(filters).notApplied.length : 0;
}
