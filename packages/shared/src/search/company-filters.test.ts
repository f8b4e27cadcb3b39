import { describe, expect, it } from 'vitest';
import { appliesToCompanies, COMPANY_MEANING, companyFilterPlan } from './company-filters.js';
import { DEFAULT_SEARCH_FILTERS, FILTER_FIELDS, SearchFilters, type SearchFiltersInput } from './filters.js';
import { normalizeFilters } from './normalize.js';

const opt = (value: string, status: 'include' | 'exclude' = 'include') => ({ label: value, value, status });
const plan = (input: SearchFiltersInput) => companyFilterPlan(SearchFilters.parse(input));

describe('companyFilterPlan', () => {
  it('turns the default United States filter into a headquarters country test', () => {
    expect(companyFilterPlan(DEFAULT_SEARCH_FILTERS)).toEqual({
      clauses: [{ kind: 'options', field: 'headquarters_country', options: DEFAULT_SEARCH_FILTERS.location_country, from: 'location_country' }],
      applied: ['location_country'],
      notApplied: [],
    });
  });

  it('lists the filters that describe the person as not applied', () => {
    const result = plan({ full_name: 'ann', job_title: [opt('cto')], job_title_levels: [opt('vp')], work_email: true, experience_company_name: [opt('acme')], job_title_role: [opt('sales')] });
    expect(result.clauses).toEqual([]);
    expect(result.applied).toEqual([]);
    expect(result.notApplied).toEqual(['full_name', 'job_title', 'job_title_levels', 'work_email', 'job_title_role', 'experience_company_name']);
  });

  it('maps the company filters to the company fields, keeping include and exclude', () => {
    const result = plan({
      job_company_name: [opt('acme')],
      job_company_website: [opt('acme.com', 'exclude')],
      industry: [opt('retail')],
      job_company_size: [opt('51-200')],
      job_company_inferred_revenue: [opt('$1M-$10M')],
      job_company_location_country: [opt('canada')],
      job_company_location_name: [opt('toronto, ontario, canada')],
      job_company_type: [opt('private')],
      job_company_employee_count: { min: 10, max: 500 },
      job_company_total_funding_raised: { min: 1000 },
    });
    expect(result.clauses.map((c) => [c.from, c.kind === 'keywords' ? 'keywords' : c.field])).toEqual([
      ['job_company_name', 'name'],
      ['industry', 'industry'],
      ['job_company_location_name', 'location_name'],
      ['job_company_location_country', 'headquarters_country'],
      ['job_company_size', 'size'],
      ['job_company_website', 'domain'],
      ['job_company_inferred_revenue', 'inferred_revenue'],
      ['job_company_total_funding_raised', 'total_funding_raised'],
      ['job_company_employee_count', 'employee_count'],
      ['job_company_type', 'type'],
    ]);
    expect(result.clauses[5]).toMatchObject({ options: [opt('acme.com', 'exclude')] });
    expect(result.clauses[8]).toMatchObject({ kind: 'range', range: { min: 10, max: 500 } });
    expect(result.notApplied).toEqual([]);
  });

  it('keeps both the person location and the company location when both are set', () => {
    const result = plan({ location_country: [opt('united states')], job_company_location_country: [opt('canada')] });
    expect(result.clauses.filter((c) => c.kind === 'options' && c.field === 'headquarters_country')).toHaveLength(2);
    expect(result.applied).toEqual(['location_country', 'job_company_location_country']);
  });

  it('applies keywords to the company and skips inactive filters', () => {
    const result = plan({ keywords: 'soft*', full_name: '', skills: [], inferred_years_experience: { min: 0, max: 0 } });
    expect(result).toEqual({ clauses: [{ kind: 'keywords', text: 'soft*', from: 'keywords' }], applied: ['keywords'], notApplied: [] });
  });

  it('works on normalized filters: continents become headquarters countries, months in role stays not applied', () => {
    const normalized = normalizeFilters(SearchFilters.parse({ location_continent: [opt('oceania')], months_in_current_role: 6 }), new Date('2026-06-15'));
    const result = companyFilterPlan(normalized);
    expect(result.clauses).toHaveLength(1);
    expect(result.clauses[0]).toMatchObject({ kind: 'options', field: 'headquarters_country', from: 'location_country' });
    expect(result.notApplied).toEqual([]);
    expect(plan({ months_in_current_role: 6 }).notApplied).toEqual(['months_in_current_role']);
  });
});

describe('appliesToCompanies', () => {
  it('has a meaning (or none) for every filter of the panel', () => {
    for (const field of FILTER_FIELDS) expect(field.key in COMPANY_MEANING).toBe(true);
    expect(Object.keys(COMPANY_MEANING).sort()).toEqual(Object.keys(SearchFilters.shape).sort());
  });

  it('applies the company section except department, and the person location, but no past job', () => {
    const applied = FILTER_FIELDS.filter((f) => appliesToCompanies(f.key)).map((f) => f.key);
    expect(applied).toEqual([
      'location_country',
      'location_name',
      'location_continent',
      'keywords',
      'job_company_name',
      'industry',
      'job_company_location_name',
      'job_company_location_country',
      'job_company_location_continent',
      'job_company_size',
      'job_company_website',
      'job_company_inferred_revenue',
      'job_company_total_funding_raised',
      'job_company_employee_count',
      'job_company_type',
    ]);
  });
});
