/** The 20 filter sets both search benchmarks run (bench/search.ts, bench/search-load.ts). */
import type { SearchFiltersInput } from '@leadline/shared';

const o = (value: string, status: 'include' | 'exclude' = 'include') => ({ label: value, value, status });
const US = [o('united states')];
/** Selective and broad, with wildcards, excludes, ranges and past-job filters. */
export const MIX: Array<[string, SearchFiltersInput]> = [
  ['US (default)', { location_country: US }],
  ['no filters', {}],
  ['US vp', { location_country: US, job_title_levels: [o('vp')] }],
  ['US director sales', { location_country: US, job_title_levels: [o('director')], job_title_role: [o('sales')] }],
  ['europe continent', { location_continent: [o('europe')] }],
  ['exclude US+UK', { location_country: [o('united states', 'exclude'), o('united kingdom', 'exclude')] }],
  ['title contains engineer', { job_title: [o('engineer')] }],
  ['title excl. intern, US', { location_country: US, job_title: [o('intern', 'exclude')] }],
  ['keywords wildcard', { keywords: 'soft*engineer' }],
  ['keywords ?', { keywords: 'sales ?anager' }],
  ['skills python', { skills: [o('python')] }],
  ['industry software, 51-200', { industry: [o('computer software')], job_company_size: [o('51-200')] }],
  ['revenue band + US', { location_country: US, job_company_inferred_revenue: [o('$10M-$25M')] }],
  ['years 10-20, cxo', { inferred_years_experience: { min: 10, max: 20 }, job_title_levels: [o('cxo')] }],
  ['employees 1000+', { job_company_employee_count: { min: 1000, max: null } }],
  ['has mobile, US', { location_country: US, mobile_phone: true }],
  ['past company industry', { experience_company_industry: [o('retail')] }],
  ['past level vp, now not vp', { experience_title_levels: [o('vp')], job_title_levels: [o('vp', 'exclude')] }],
  ['past title contains manager', { experience_title: [o('manager')] }],
  ['name contains "lee"', { full_name: 'lee' }],
];
