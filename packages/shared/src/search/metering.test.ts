import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH_FILTERS, type SearchFilters } from './filters.js';
import { isOpeningSearch, searchIdentity } from './metering.js';
import { normalizeFilters } from './normalize.js';

const option = (value: string, label = value, status: 'include' | 'exclude' = 'include') => ({ label, value, status });

describe('searchIdentity', () => {
  it('is the same whatever the labels, the order of options or keys, and after normalization', () => {
    const a: SearchFilters = { job_title: [option('sales'), option('growth')], location_country: [option('united states', 'United States')] };
    const b: SearchFilters = { location_country: [option('United States', 'USA')], job_title: [option('growth', 'Growth'), option('sales')] };
    expect(searchIdentity(b)).toBe(searchIdentity(a));
    expect(searchIdentity(normalizeFilters(a))).toBe(searchIdentity(a));
    expect(searchIdentity({ ...a, keywords: '  ' })).toBe(searchIdentity(a));
  });

  it('differs when a value, a status or a range differs', () => {
    const base: SearchFilters = { job_title: [option('sales')] };
    const identities = [
      base,
      { job_title: [option('sales', 'sales', 'exclude')] },
      { job_title: [option('sale')] },
      { ...base, inferred_years_experience: { min: 2, max: null } },
    ].map((f) => searchIdentity(f));
    expect(new Set(identities).size).toBe(4);
  });
});

describe('isOpeningSearch', () => {
  it('recognizes only the filters the screen opens with', () => {
    expect(isOpeningSearch(DEFAULT_SEARCH_FILTERS)).toBe(true);
    expect(isOpeningSearch({ location_country: [option('united states', 'US')] })).toBe(true);
    expect(isOpeningSearch({})).toBe(false);
    expect(isOpeningSearch({ ...DEFAULT_SEARCH_FILTERS, job_title: [option('sales')] })).toBe(false);
  });
});
