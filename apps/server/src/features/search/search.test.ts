import { MESSAGES, SAVED_SEARCH_DUPLICATE, type SearchFiltersInput } from '@leadline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadPeople } from '../people-data/index.js';
import { mapPerson, PdlPerson, type PdlPerson as PdlPersonInput } from '../people-data/index.js';

let t: TestApp;
let user: TestUser;

const person = (id: string, p: Partial<PdlPersonInput>): PdlPersonInput => ({ id, full_name: `person ${id}`, ...p });
const PEOPLE: PdlPersonInput[] = [
  person('ann', {
    full_name: 'ann lee',
    job_title: 'vp of sales',
    job_title_levels: ['vp'],
    job_title_role: 'sales',
    location_country: 'united states',
    location_name: 'austin, texas, united states',
    job_company_name: 'acme',
    job_company_website: 'acme.com',
    job_company_industry: 'computer software',
    job_company_size: '51-200',
    job_company_inferred_revenue: '$10M-$25M',
    job_company_employee_count: 120,
    skills: ['negotiation', 'saas'],
    inferred_years_experience: 14,
    job_start_date: '2026-01',
    linkedin_url: 'linkedin.com/in/ann-lee',
    work_email: 'ann@acme.com',
    experience: [{ title: { name: 'sales director', levels: ['director'], role: 'sales' }, company: { name: 'globex', website: 'globex.com', industry: 'retail', location: { country: 'canada' } } }],
  }),
  person('bob', {
    full_name: 'bob stone',
    job_title: 'software engineer',
    job_title_levels: ['senior'],
    job_title_role: 'engineering',
    location_country: 'germany',
    job_company_name: 'initech 100%',
    job_company_industry: 'computer software',
    job_company_size: '11-50',
    skills: ['typescript'],
    inferred_years_experience: 6,
    job_start_date: '2020-05',
    experience: [{ title: { name: 'junior developer', levels: ['entry'] }, company: { name: 'acme', website: 'acme.com' } }],
  }),
  person('cid', {
    full_name: 'cid moss',
    job_title: 'head of sales',
    job_title_levels: ['director'],
    job_title_role: 'sales',
    location_country: 'canada',
    job_company_name: 'globex',
    job_company_industry: 'retail',
    mobile_phone: '+1 555 0100',
  }),
  person('dee', { full_name: 'dee ray', job_title: 'sales_ops analyst', location_country: null as unknown as string }),
];

const search = (params: SearchFiltersInput & { size?: number }, scroll_token?: string | null, cookie = user.cookie) =>
  t.app.inject({ method: 'POST', url: '/search/contacts', headers: { cookie }, payload: { params, ...(scroll_token ? { scroll_token } : {}) } });
const names = async (params: SearchFiltersInput) => {
  const response = await search(params);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.response.data.map((p: { full_name: string }) => p.full_name).sort();
};
const opt = (value: string, status: 'include' | 'exclude' = 'include') => ({ label: value, value, status });

beforeAll(async () => {
  t = await createTestApp();
  user = await createOwner(t.ctx.db);
  await loadPeople(t.ctx.db, PEOPLE.map((p) => mapPerson(PdlPerson.parse(p))));
});
afterAll(() => t.close());

describe('search filters', () => {
  it('includes any of and excludes none of, keeping people without a value', async () => {
    expect(await names({ location_country: [opt('united states'), opt('canada')] })).toEqual(['ann lee', 'cid moss']);
    expect(await names({ location_country: [opt('Germany', 'exclude')] })).toEqual(['ann lee', 'cid moss', 'dee ray']);
    expect(await names({ location_country: [opt('germany', 'exclude'), opt('canada', 'exclude')], job_title_role: [opt('sales')] })).toEqual(['ann lee']);
  });

  it('matches levels, titles (contained), skills, industries and company bands', async () => {
    expect(await names({ job_title_levels: [opt('vp'), opt('director')] })).toEqual(['ann lee', 'cid moss']);
    expect(await names({ job_title_levels: [opt('vp', 'exclude')] })).toEqual(['bob stone', 'cid moss', 'dee ray']);
    expect(await names({ job_title: [opt('sales')] })).toEqual(['ann lee', 'cid moss', 'dee ray']);
    expect(await names({ job_title: [opt('sales', 'exclude')] })).toEqual(['bob stone']);
    expect(await names({ skills: [opt('TypeScript')] })).toEqual(['bob stone']);
    expect(await names({ industry: [opt('computer software')], job_company_size: [opt('51-200')] })).toEqual(['ann lee']);
    expect(await names({ job_company_inferred_revenue: [opt('$10M-$25M')] })).toEqual(['ann lee']);
  });

  it('applies ranges, months in the current role and contact channels', async () => {
    expect(await names({ inferred_years_experience: { min: 10, max: null } })).toEqual(['ann lee']);
    expect(await names({ inferred_years_experience: { min: 10, max: 5 } })).toEqual(['bob stone']); // swapped to 5..10
    expect(await names({ job_company_employee_count: { min: 100, max: 150 } })).toEqual(['ann lee']);
    const months = new Date().getUTCFullYear() * 12 + new Date().getUTCMonth() - (2026 * 12 + 0) + 1;
    expect(await names({ months_in_current_role: Math.max(months, 1) })).toContain('ann lee');
    expect(await names({ months_in_current_role: Math.max(months, 1) })).not.toContain('bob stone');
    expect(await names({ work_email: true })).toEqual(['ann lee']);
    expect(await names({ mobile_phone: true })).toEqual(['cid moss']);
  });

  it('matches past jobs in any entry of experience', async () => {
    expect(await names({ experience_company_name: [opt('acme')] })).toEqual(['bob stone']);
    expect(await names({ experience_company_location_country: [opt('canada')] })).toEqual(['ann lee']);
    expect(await names({ experience_title: [opt('director')] })).toEqual(['ann lee']);
    expect(await names({ experience_title_levels: [opt('entry')] })).toEqual(['bob stone']);
    expect(await names({ experience_company_name: [opt('globex', 'exclude')] })).toEqual(['bob stone', 'cid moss', 'dee ray']);
  });

  it('combines included and excluded values of several fields, known and unknown, as each field alone would', async () => {
    expect(await names({ experience_title_levels: [opt('director')], job_title_levels: [opt('director', 'exclude')] })).toEqual(['ann lee']);
    expect(await names({ job_title_levels: [opt('director'), opt('senior')], job_title_role: [opt('sales'), opt('engineering')], location_country: [opt('canada', 'exclude')] })).toEqual(['bob stone']);
    expect(await names({ job_title_role: [opt('sales')], job_title_levels: [opt('vp', 'exclude')] })).toEqual(['cid moss']);
    expect(await names({ job_company_name: [opt('atlantis'), opt('globex')], job_title_role: [opt('sales')] })).toEqual(['cid moss']);
    expect(await names({ job_title_role: [opt('sales')], location_country: [opt('atlantis', 'exclude')] })).toEqual(['ann lee', 'cid moss']);
    expect(await names({ job_company_name: [opt('atlantis')], location_country: [opt('germany', 'exclude')] })).toEqual([]);
    expect(await names({ job_title_levels: [opt('vp', 'exclude')], job_title_role: [opt('engineering', 'exclude')] })).toEqual(['cid moss', 'dee ray']);
  });

  it('tests a set of more codes than one index query holds field by field, with the same answer', async () => {
    await sql`insert into search_terms (field, value) select f, f || ' ' || g from unnest(array['skills', 'languages']) f, generate_series(1, 520) g`.execute(t.ctx.db);
    const many = (field: string, n: number) => Array.from({ length: n }, (_, i) => opt(`${field} ${i + 1}`, 'exclude'));
    expect(await names({ job_title_role: [opt('sales')], skills: many('skills', 500), languages: many('languages', 500) })).toEqual(['ann lee', 'cid moss']);
    expect(await names({ job_title_role: [opt('sales')], skills: [...many('skills', 499), opt('saas', 'exclude')], languages: many('languages', 500) })).toEqual(['cid moss']);
    expect(await names({ job_title_role: [opt('sales'), opt('engineering')], skills: [...many('skills', 499).map((o) => ({ ...o, status: 'include' as const })), opt('typescript')], languages: many('languages', 500) })).toEqual(['bob stone']);
  });

  it('treats keyword wildcards as wildcards and a typed % or _ literally', async () => {
    expect(await names({ keywords: 'soft*engineer' })).toEqual(['bob stone']);
    expect(await names({ keywords: 'a?n lee' })).toEqual(['ann lee']);
    expect(await names({ keywords: 'sales_ops' })).toEqual(['dee ray']);
    expect(await names({ keywords: '100%' })).toEqual(['bob stone']);
    expect(await names({ keywords: '%' })).toEqual(['bob stone']); // only the literal % in "initech 100%"
    expect(await names({ full_name: '_' })).toEqual([]);
  });

  it('reduces LinkedIn URLs to their short form before matching', async () => {
    expect(await names({ linkedin_url: 'https://www.linkedin.com/in/Ann-Lee/' })).toEqual(['ann lee']);
  });

  it('answers the Prospect fields without revealing contact details', async () => {
    const response = await search({ full_name: 'ann' });
    const body = response.json().data.response;
    expect(body.data[0]).toMatchObject({
      full_name: 'ann lee',
      job_title: 'vp of sales',
      job_company_name: 'acme',
      job_company_website: 'acme.com',
      industry: 'computer software',
      linkedin_url: 'linkedin.com/in/ann-lee',
      emails: [],
      primaryEmail: null,
      hasWorkEmail: true,
      isCustom: false,
    });
    expect(response.body).not.toContain('ann@acme.com');
    expect(body.appliedFilters).toEqual({ full_name: 'ann' });
  });
});

describe('paging with the scroll token', () => {
  beforeAll(async () => {
    await sql`insert into people (pdl_id, full_name, location_country, job_title)
      select 'bulk-' || g, 'bulk person ' || g, 'france', 'analyst' from generate_series(1, 10050) g`.execute(t.ctx.db);
  });

  it('walks every match once, page after page, and keeps the first count', async () => {
    const seen = new Set<string>();
    let token: string | null = null;
    let pages = 0;
    do {
      const response = await search({ location_country: [opt('france')], job_title: [opt('analyst')], size: 100 }, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json().data.response;
      expect(body.total).toBe(10_000);
      expect(body.total_is_lower_bound).toBe(true);
      for (const p of body.data) seen.add(p._id);
      token = body.scroll_token;
      pages++;
    } while (token);
    expect(pages).toBe(101);
    expect(seen.size).toBe(10_050);
  }, 60_000);

  it('counts exactly below the cap', async () => {
    const body = (await search({ location_country: [opt('united states'), opt('canada')], size: 1 })).json().data.response;
    expect(body).toMatchObject({ total: 2, total_is_lower_bound: false });
    expect(body.scroll_token).toEqual(expect.any(String));
    const next = (await search({ location_country: [opt('united states'), opt('canada')], size: 1 }, body.scroll_token)).json().data.response;
    expect(next.scroll_token).toBeNull();
    expect(next.data[0]._id).not.toBe(body.data[0]._id);
  });

  it('refuses a forged token, a token for other filters, and garbage with 400', async () => {
    const first = (await search({ location_country: [opt('france')], size: 10 })).json().data.response;
    const [payload, mac] = first.scroll_token.split('.');
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...state, after: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${mac}`;
    for (const token of [forged, 'garbage', `${payload}.AAAA`]) {
      const response = await search({ location_country: [opt('france')], size: 10 }, token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe('scroll_token');
    }
    const otherFilters = await search({ location_country: [opt('germany')], size: 10 }, first.scroll_token);
    expect(otherFilters.statusCode).toBe(400);
  });
});

describe('companies', () => {
  it('searches companies with the company filters and answers Company rows', async () => {
    await sql`insert into companies (name, domain, industry, size, inferred_revenue, revenue_lower_usd, revenue_upper_usd, headquarters_country, employee_count, linkedin_employee_count)
      values ('umbrella', 'umbrella.com', 'biotechnology', '1001-5000', '$100M-$250M', 100000000, 250000000, 'united kingdom', 2000, 1800),
             ('tiny co', 'tiny.co', 'retail', '1-10', '$0-$1M', 0, 1000000, 'france', 5, null)`.execute(t.ctx.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/search/companies',
      headers: { cookie: user.cookie },
      payload: { params: { industry: [opt('biotechnology')], size: 10 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.response.data).toEqual([
      {
        _id: expect.any(String),
        name: 'umbrella',
        domain: 'umbrella.com',
        industry: 'biotechnology',
        estimatedRevenueLowerBoundUSD: 100000000,
        estimatedRevenueHigherBoundUSD: 250000000,
        headQuartersCountry: 'united kingdom',
        linkedInHeadCount: 1800,
      },
    ]);
  });
});

describe('autocomplete', () => {
  const options = async (field: string, query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/autocomplete/${field}?query=${encodeURIComponent(query)}`, headers: { cookie: user.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.map((o: { value: string }) => o.value);
  };

  it('ranks prefix matches before infix matches, then by how common a value is', async () => {
    await sql`insert into search_values (field, value, count) values
      ('job_title', 'sales manager', 5), ('job_title', 'head of sales', 50), ('job_title', 'sales director', 9), ('job_title', 'salesforce admin', 1)
      on conflict (field, value) do update set count = excluded.count`.execute(t.ctx.db);
    const ranked = await options('job_title', 'sales');
    // Prefix matches by count (ties by value), then infix matches by count.
    expect(ranked).toEqual(['sales director', 'sales manager', 'sales_ops analyst', 'salesforce admin', 'head of sales', 'vp of sales']);
  });

  it('answers nothing for unknown text and refuses unknown fields', async () => {
    expect(await options('job_title', 'zzzzqqq')).toEqual([]);
    expect(await options('skills', 'type')).toEqual(['typescript']);
    const bad = await t.app.inject({ method: 'GET', url: '/autocomplete/password?query=a', headers: { cookie: user.cookie } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('saved searches', () => {
  it("saves searches per user and warns about a duplicate name in any case", async () => {
    const save = (title: string, cookie = user.cookie) =>
      t.app.inject({ method: 'POST', url: '/search/save', headers: { cookie }, payload: { title, filters: { job_title_levels: [opt('vp')] } } });
    const created = await save('VPs in sales');
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ title: 'VPs in sales', filters: { job_title_levels: [opt('vp')] } });
    const duplicate = await save('  vps IN SALES ');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toEqual({ code: 'CONFLICT', message: SAVED_SEARCH_DUPLICATE, field: 'title' });
    const other = await createOwner(t.ctx.db);
    expect((await save('VPs in sales', other.cookie)).statusCode).toBe(201);
    const mine = (await t.app.inject({ method: 'GET', url: '/search/save', headers: { cookie: user.cookie } })).json().data;
    expect(mine.map((s: { title: string }) => s.title)).toEqual(['VPs in sales']);
    expect((await save(' ')).json().error.field).toBe('title');
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/search/save' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(MESSAGES.signInRequired);
  });
});
