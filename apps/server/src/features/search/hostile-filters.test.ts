import { FILTER_FIELDS, NUMBER_MESSAGES, TEXT_MESSAGES } from '@leadline/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createPeople, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let owner: TestUser;

const call = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: owner.cookie } });
const search = (params: object) => call({ method: 'POST', url: '/search/contacts', payload: { params } });

beforeAll(async () => {
  t = await createTestApp({ work: true });
  owner = await createOwner(t.ctx.db);
  await createPeople(t.ctx.db, [
    { id: 'ann', full_name: 'ann lee', job_title: 'engineer', inferred_years_experience: 12, job_company_employee_count: 50, location_country: 'united states' },
    { id: 'bob', full_name: 'bob stone', job_title: 'engineer', inferred_years_experience: 3, job_company_employee_count: 5000, location_country: 'united states' },
  ]);
});
afterAll(() => t.close());

const TEXT_FIELDS = FILTER_FIELDS.filter((f) => f.kind === 'text').map((f) => f.key);
const OPTION_FIELDS = FILTER_FIELDS.filter((f) => f.kind === 'multi' || f.kind === 'location').map((f) => f.key);

describe('search filters with text no database can store', () => {
  it.each(TEXT_FIELDS)('refuses a NUL byte in %s with 400 naming the field', async (key) => {
    const response = await search({ [key]: 'engi\u0000neer' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toEqual({ code: 'VALIDATION_FAILED', field: `params.${key}`, message: `params.${key}: ${TEXT_MESSAGES.controlCharacter}` });
  });

  it.each(OPTION_FIELDS)('refuses a NUL byte in an option of %s', async (key) => {
    const response = await search({ [key]: [{ label: 'x', value: 'a\u0000b' }] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.field).toBe(`params.${key}.0.value`);
  });

  it('takes an option holding a tab, as the people database may hold one', async () => {
    expect((await search({ job_title: [{ label: 'a\tb', value: 'a\tb' }] })).statusCode).toBe(200);
  });

  it('refuses a lone surrogate and other control characters, and keeps emoji and tabs-free text', async () => {
    expect((await search({ keywords: 'a\ud800' })).json().error.message).toBe(`params.keywords: ${TEXT_MESSAGES.loneSurrogate}`);
    expect((await search({ full_name: 'a\u0007' })).statusCode).toBe(400);
    expect((await search({ keywords: 'engineer 😀' })).statusCode).toBe(200);
  });
});

describe('range filters', () => {
  it.each([
    [{ inferred_years_experience: { min: 0.5 } }, 'params.inferred_years_experience.min', NUMBER_MESSAGES.wholeNumber],
    [{ inferred_years_experience: { max: 2 ** 31 } }, 'params.inferred_years_experience.max', NUMBER_MESSAGES.int32],
    [{ job_company_employee_count: { min: -(2 ** 31) - 1 } }, 'params.job_company_employee_count.min', NUMBER_MESSAGES.int32],
    [{ job_company_total_funding_raised: { min: 1e300 } }, 'params.job_company_total_funding_raised.min', NUMBER_MESSAGES.safeInteger],
    [{ job_company_total_funding_raised: { max: 2.5 } }, 'params.job_company_total_funding_raised.max', NUMBER_MESSAGES.wholeNumber],
    [{ months_in_current_role: 1.5 }, 'params.months_in_current_role', NUMBER_MESSAGES.wholeNumber],
  ])('refuses %j with 400 and a clear message', async (params, field, message) => {
    const response = await search(params);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ field, message: `${field}: ${message}` });
  });

  it('accepts whole numbers up to the column type: funding beyond 2^31 is a fine amount', async () => {
    const years = await search({ inferred_years_experience: { min: 10, max: 2 ** 31 - 1 } });
    expect(years.json().data.response.data.map((p: { full_name: string }) => p.full_name)).toEqual(['ann lee']);
    expect((await search({ job_company_total_funding_raised: { min: 5_000_000_000 } })).statusCode).toBe(200);
  });
});

describe('saved searches and dynamic lists', () => {
  it('stores nothing for a refused value', async () => {
    const saved = await call({ method: 'POST', url: '/search/save', payload: { title: 'Bad', filters: { keywords: 'a\u0000' } } });
    expect(saved.statusCode).toBe(400);
    const titled = await call({ method: 'POST', url: '/search/save', payload: { title: 'Bad\u0000', filters: {} } });
    expect(titled.json().error.field).toBe('title');
    const list = await call({ method: 'POST', url: '/api/v1/lists', payload: { name: 'Bad', isDynamic: true, filters: { inferred_years_experience: { min: 0.5 } } } });
    expect(list.statusCode).toBe(400);
    const count = await t.ctx.db.selectFrom('saved_searches').select((eb) => eb.fn.countAll<string>().as('n')).where('team_id', '=', owner.teamId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  // Rows written before the schema refused these values.
  const storedFilters = {
    job_title: [{ label: 'Engineer', value: 'engineer', status: 'include' }, { label: 'old client', value: 7, status: 'include' }],
    inferred_years_experience: { min: 10.5, max: 40 },
    job_company_employee_count: { min: 2 ** 31 },
    keywords: 'x\u0001',
  };
  const cleaned = { job_title: [{ label: 'Engineer', value: 'engineer', status: 'include' }], inferred_years_experience: { max: 40 } };

  it('loads a stored saved search without the values the schema now refuses', async () => {
    await t.ctx.db
      .insertInto('saved_searches')
      .values({ team_id: owner.teamId, user_id: owner.userId, title: 'Old', filters: JSON.stringify(storedFilters) })
      .execute();
    const response = await call({ method: 'GET', url: '/search/save' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.find((s: { title: string }) => s.title === 'Old').filters).toEqual(cleaned);
  });

  it('shows, lists and refreshes a stored dynamic list with such values', async () => {
    const row = await t.ctx.db
      .insertInto('lists')
      .values({ team_id: owner.teamId, name: 'Old dynamic', entity_type: 'contactList', created_by: owner.userId, is_dynamic: true, filters: JSON.stringify(storedFilters), completion_status: 'complete' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const all = await call({ method: 'GET', url: '/api/v1/lists/getAll' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.lists.find((l: { _id: string }) => l._id === row.id).filters).toEqual(cleaned);

    expect((await call({ method: 'POST', url: `/api/v1/lists/${row.id}/refresh`, payload: {} })).statusCode).toBe(202);
    const end = Date.now() + 20_000;
    let page = await call({ method: 'POST', url: `/api/v1/lists/${row.id}`, payload: {} });
    while (page.json().data?.list.refreshedAt === null && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      page = await call({ method: 'POST', url: `/api/v1/lists/${row.id}`, payload: {} });
    }
    expect(page.statusCode, page.body).toBe(200);
    // The refresh searched with what was left: engineers with at most 40 years.
    expect(page.json().data.contacts.map((c: { fullName: string }) => c.fullName).sort()).toEqual(['Ann Lee', 'Bob Stone']);
  });
});
