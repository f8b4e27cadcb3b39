import { DEFAULT_SEARCH_FILTERS, SEARCH_RUN_COST } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { searchCost } from './search-cost';

const sales = { job_title: [{ label: 'Sales', value: 'sales', status: 'include' as const }] };

describe('searchCost', () => {
  it('costs a run for new filters and for the filters of the opening preview', () => {
    expect(searchCost(sales, { filters: DEFAULT_SEARCH_FILTERS, run: 0, failed: false })).toBe(SEARCH_RUN_COST);
    expect(searchCost(DEFAULT_SEARCH_FILTERS, { filters: DEFAULT_SEARCH_FILTERS, run: 0, failed: false })).toBe(SEARCH_RUN_COST);
  });

  it('costs nothing for the search on screen, whatever the labels, unless it failed', () => {
    const relabelled = { job_title: [{ label: 'SALES', value: 'sales', status: 'include' as const }] };
    expect(searchCost(relabelled, { filters: sales, run: 2, failed: false })).toBe(0);
    expect(searchCost(sales, { filters: sales, run: 2, failed: true })).toBe(SEARCH_RUN_COST);
  });
});
