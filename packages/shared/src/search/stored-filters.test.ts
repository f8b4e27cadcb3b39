import { describe, expect, it } from 'vitest';
import { readStoredFilters } from './stored-filters.js';

describe('readStoredFilters', () => {
  it('answers valid stored filters as they are', () => {
    const filters = { keywords: 'engineer', job_company_employee_count: { min: 10, max: null }, job_title: [{ label: 'CTO', value: 'cto', status: 'exclude' }] };
    expect(readStoredFilters(filters)).toEqual(filters);
  });

  it('leaves out each value the schema refuses and keeps the rest of the same filter', () => {
    const stored = {
      keywords: 'x\u0000',
      full_name: 'Ada',
      job_title: [{ label: 'a', value: 'a\u0000' }, { label: 'CTO', value: 'cto' }, 'not an option', { label: 'n', value: 7 }],
      inferred_years_experience: { min: 0.5, max: 30 },
      job_company_total_funding_raised: { min: 5_000_000_000, max: 1e300 },
      job_company_employee_count: { min: 2 ** 31 },
      months_in_current_role: 2.5,
      sex: [{ label: 'x', value: 'not a gender' }],
      unknown_key: 1,
    };
    expect(readStoredFilters(stored)).toEqual({
      full_name: 'Ada',
      job_title: [{ label: 'CTO', value: 'cto', status: 'include' }],
      inferred_years_experience: { max: 30 },
      job_company_total_funding_raised: { min: 5_000_000_000 },
    });
  });

  it.each([null, 'text', 42, [], [{ keywords: 'x' }]])('answers no filters for a stored %j', (stored) => {
    expect(readStoredFilters(stored)).toEqual({});
  });
});
