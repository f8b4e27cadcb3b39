import type { SearchFiltersInput } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let user: TestUser;

const opt = (value: string, status: 'include' | 'exclude' = 'include') => ({ label: value, value, status });

const COMPANIES = [
  { name: 'acme', domain: 'acme.com', industry: 'computer software', size: '51-200', inferred_revenue: '$10M-$25M', employee_count: 120, total_funding_raised: 5_000_000, type: 'private', headquarters_country: 'united states', headquarters_continent: 'north america', location_name: 'austin, texas, united states' },
  { name: 'globex', domain: 'globex.com', industry: 'retail', size: '1001-5000', inferred_revenue: '$100M-$250M', employee_count: 2400, total_funding_raised: null, type: 'public', headquarters_country: 'canada', headquarters_continent: 'north america', location_name: 'toronto, ontario, canada' },
  { name: 'initech', domain: 'initech.de', industry: 'computer software', size: '11-50', inferred_revenue: '$1M-$10M', employee_count: 30, total_funding_raised: 800_000, type: 'private', headquarters_country: 'germany', headquarters_continent: 'europe', location_name: 'berlin, berlin, germany' },
  { name: 'umbrella', domain: 'umbrella.com', industry: 'biotechnology', size: '1001-5000', inferred_revenue: '$100M-$250M', employee_count: 1800, total_funding_raised: null, type: 'public', headquarters_country: 'united states', headquarters_continent: 'north america', location_name: 'raccoon city, ohio, united states' },
  { name: 'nowhere inc', domain: null, industry: null, size: null, inferred_revenue: null, employee_count: null, total_funding_raised: null, type: null, headquarters_country: null, headquarters_continent: null, location_name: null },
];

const search = async (params: SearchFiltersInput) => {
  const response = await t.app.inject({ method: 'POST', url: '/search/companies', headers: { cookie: user.cookie }, payload: { params: { ...params, size: 100 } } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.response;
};
const names = async (params: SearchFiltersInput) => (await search(params)).data.map((c: { name: string }) => c.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  user = await createOwner(t.ctx.db);
  await t.ctx.db.insertInto('companies').values(COMPANIES).execute();
});
afterAll(() => t.close());

describe('company search filters', () => {
  it('tests the headquarters when the people filters name a country, a continent or a place', async () => {
    expect(await names({ location_country: [opt('United States')] })).toEqual(['acme', 'umbrella']);
    expect(await names({ location_country: [opt('united states', 'exclude')] })).toEqual(['globex', 'initech', 'nowhere inc']);
    expect(await names({ location_continent: [opt('europe')] })).toEqual(['initech']);
    expect(await names({ location_name: [opt('toronto, ontario, canada')] })).toEqual(['globex']);
  });

  it('applies the company section: name, website, industry, size, revenue, type, headcount and funding', async () => {
    expect(await names({ job_company_name: [opt('Acme'), opt('globex')] })).toEqual(['acme', 'globex']);
    expect(await names({ job_company_website: [opt('umbrella.com')] })).toEqual(['umbrella']);
    expect(await names({ industry: [opt('computer software')], job_company_size: [opt('11-50')] })).toEqual(['initech']);
    expect(await names({ job_company_inferred_revenue: [opt('$100M-$250M')] })).toEqual(['globex', 'umbrella']);
    expect(await names({ job_company_type: [opt('public')], job_company_location_country: [opt('canada')] })).toEqual(['globex']);
    expect(await names({ job_company_employee_count: { min: 100, max: 2000 } })).toEqual(['acme', 'umbrella']);
    expect(await names({ job_company_total_funding_raised: { min: 1_000_000 } })).toEqual(['acme']);
  });

  it('matches keywords against the name, the domain or the industry, with wildcards', async () => {
    expect(await names({ keywords: 'biotech' })).toEqual(['umbrella']);
    expect(await names({ keywords: 'init*de' })).toEqual(['initech']);
    expect(await names({ keywords: 'softw?re', location_country: [opt('united states')] })).toEqual(['acme']);
  });

  it('ignores the filters that describe a person, and says which filters it answered for', async () => {
    const answer = await search({ location_country: [opt('united states')], job_title: [opt('cto')], full_name: 'nobody', skills: [opt('typescript')] });
    expect(answer.data.map((c: { name: string }) => c.name).sort()).toEqual(['acme', 'umbrella']);
    expect(answer.total).toBe(2);
    expect(answer.appliedFilters).toMatchObject({ location_country: [opt('united states')], job_title: [opt('cto')] });
  });

  it('pages on with the scroll token under the same filters', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/search/companies', headers: { cookie: user.cookie }, payload: { params: { job_company_size: [opt('1001-5000')], size: 1 } } });
    const page1 = first.json().data.response;
    expect(page1.total).toBe(2);
    const second = await t.app.inject({ method: 'POST', url: '/search/companies', headers: { cookie: user.cookie }, payload: { params: { job_company_size: [opt('1001-5000')], size: 1 }, scroll_token: page1.scroll_token } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.response.data[0]._id).not.toBe(page1.data[0]._id);
  });
});
