import { DEFAULT_SEARCH_FILTERS } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { appliedFilterCount, notAppliedFilterCount } from './company-view';

const opt = (value: string) => ({ label: value, value, status: 'include' as const });

describe('appliedFilterCount', () => {
  it('counts every active filter for people, and only those with a company meaning for companies', () => {
    const filters = { ...DEFAULT_SEARCH_FILTERS, job_title: [opt('cto')], industry: [opt('retail')], full_name: '' };
    expect(appliedFilterCount(filters, 'people')).toBe(3);
    expect(appliedFilterCount(filters, 'companies')).toBe(2);
    expect(notAppliedFilterCount(filters, 'companies')).toBe(1);
    expect(notAppliedFilterCount(filters, 'people')).toBe(0);
  });
});
