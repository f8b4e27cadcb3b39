import { COMPANY_LIST_MESSAGES, LISTS_MESSAGES, SEARCH_RUN_COST, type ListCompanyDto } from '@leadline/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam, uploadFile, type TestUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { getCreditsInfo, spendCredits } from '../../credits/index.js';
import { findMiscountedLists } from '../lists.repository.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let other: TestUser;

const call = (user: TestUser, options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: user.cookie } });
const opt = (value: string) => ({ label: value, value, status: 'include' as const });

const uploadCompanies = async (user: TestUser, csv: string, target: { listTitle?: string; existingListId?: string }) =>
  call(user, { method: 'POST', url: '/api/v1/lists/companies/upload', payload: { attachedFileInfo: { _id: await uploadFile(t.app, user, 'companies.csv', csv) }, ...target } });

const contents = async (user: TestUser, listId: string, body: object = {}) => {
  const response = await call(user, { method: 'POST', url: `/api/v1/lists/${listId}`, payload: { sortBy: 'name', sortOrder: 'asc', ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { companies: ListCompanyDto[]; total: number; list: { companies: number } };
};

const createList = async (user: TestUser, name: string, entityType: 'companyList' | 'contactList' = 'companyList') => {
  const response = await call(user, { method: 'POST', url: '/api/v1/lists', payload: { name, entityType } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t.ctx.db);
  other = await createOwner(t.ctx.db);
  await t.ctx.db
    .insertInto('companies')
    .values([
      { name: 'acme', domain: 'acme.com', headquarters_country: 'united states', industry: 'computer software' },
      { name: 'globex', domain: 'globex.com', headquarters_country: 'canada', industry: 'retail' },
      { name: 'initech', domain: 'initech.com', headquarters_country: 'united states', industry: 'retail' },
      { name: 'umbrella', domain: 'umbrella.com', headquarters_country: 'united kingdom', industry: 'biotechnology' },
    ])
    .execute();
});
afterAll(() => t.close());

describe('company list upload', () => {
  it('keeps names the database does not hold as companies not found, and says how many matched', async () => {
    const response = await uploadCompanies(team.owner, 'Company Names\nACME\nacme \nGlobex\nStripe\nAirbnb\n\n', { listTitle: 'Targets' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer).toMatchObject({ added: 4, names: 4, matched: 2, notFound: 2, list: { entityType: 'companyList', companies: 4 } });
    expect(LISTS_MESSAGES.companiesAdded(answer.added)).toBe('4 companies added successfully!');
    expect(LISTS_MESSAGES.companiesMatched(answer.matched, answer.names, answer.notFound)).toBe('2 of 4 companies matched; 2 kept as not found');

    const page = await contents(team.owner, answer.list._id);
    expect(page.total).toBe(4);
    expect(page.companies.map((c) => [c.name, c.notFound, c.domain])).toEqual([
      ['acme', false, 'acme.com'],
      ['airbnb', true, null],
      ['globex', false, 'globex.com'],
      ['stripe', true, null],
    ]);
    expect((await contents(team.owner, answer.list._id, { filters: { name: 'str' } })).companies.map((c) => c.name)).toEqual(['stripe']);
  });

  it('ends with no company lost when none of the names is in the database', async () => {
    const response = await uploadCompanies(team.member, 'Company Names\nStripe\nAirbnb\nNotion\n', { listTitle: 'Startups' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ added: 3, matched: 0, notFound: 3, list: { companies: 3 } });
    expect(LISTS_MESSAGES.companiesMatched(0, 3, 3)).toBe('0 of 3 companies matched; 3 kept as not found');
  });

  it('adds a name to an existing list once, and keeps one not-found company per team and name', async () => {
    const first = (await uploadCompanies(team.owner, 'Company Names\nStripe\n', { listTitle: 'Again' })).json().data;
    const again = (await uploadCompanies(team.admin, 'Company Names\nstripe\nAcme\n', { existingListId: first.list._id })).json().data;
    expect(again).toMatchObject({ added: 1, matched: 1, notFound: 1, list: { companies: 2 } });
    const kept = await t.ctx.db.selectFrom('custom_companies').select('id').where('team_id', '=', team.owner.teamId).where('name', '=', 'stripe').execute();
    expect(kept).toHaveLength(1);
    expect(await findMiscountedLists(t.ctx.db, team.owner.teamId)).toEqual([]);
  });

  it('answers the spec messages: empty file, missing column, and no names (a header-only file too)', async () => {
    for (const [csv, message] of [
      ['', LISTS_MESSAGES.fileEmpty],
      ['Companies\nAcme\n', LISTS_MESSAGES.companyColumnMissing],
      ['Company Names\n', LISTS_MESSAGES.companyNamesMissing],
      ['Company Names,Other\n', LISTS_MESSAGES.companyNamesMissing],
      ['Company Names,Other\n,x\n , y\n', LISTS_MESSAGES.companyNamesMissing],
    ] as const) {
      const bad = await uploadCompanies(team.owner, csv, { listTitle: 'Nope' });
      expect(bad.statusCode, JSON.stringify(csv)).toBe(400);
      expect(bad.json().error.message, JSON.stringify(csv)).toBe(message);
    }
    expect(LISTS_MESSAGES.companyNamesMissing).toBe('No company names found in the file. Please ensure your file has at least one company name!');
  });

  it('removes a not-found company from its list like any other', async () => {
    const answer = (await uploadCompanies(team.owner, 'Company Names\nNotion\nUmbrella\n', { listTitle: 'Remove' })).json().data;
    const notion = (await contents(team.owner, answer.list._id)).companies.find((c) => c.name === 'notion')!;
    const removed = await call(team.member, { method: 'PATCH', url: `/api/v1/lists/removeContacts/${answer.list._id}`, payload: { companies: [notion._id] } });
    expect(removed.json().data).toMatchObject({ changed: 1, list: { companies: 1 } });
    expect((await contents(team.owner, answer.list._id)).companies.map((c) => c.name)).toEqual(['umbrella']);
  });

  it('downloads the companies not found with the others', async () => {
    const answer = (await uploadCompanies(team.owner, 'Company Names\nNotion\nAcme\n', { listTitle: 'Download' })).json().data;
    const csv = await call(team.owner, { method: 'GET', url: `/api/v1/lists/download/${answer.list._id}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toMatch(/Acme/);
    expect(csv.body).toMatch(/Notion/);
  });
});

describe('saving companies of a search to a company list', () => {
  const addSearch = (user: TestUser, listId: string, body: object) =>
    call(user, { method: 'PATCH', url: `/api/v1/lists/addSearchCompanies/${listId}`, payload: body });

  it('adds the first N companies of the search, with the filters applied as on the Companies tab', async () => {
    const listId = await createList(team.owner, 'US companies');
    const response = await addSearch(team.owner, listId, { filters: { location_country: [opt('united states')], job_title: [opt('cto')] }, limit: 10 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ changed: 2, list: { companies: 2 } });
    expect((await contents(team.owner, listId)).companies.map((c) => c.name)).toEqual(['acme', 'initech']);

    const one = await addSearch(team.owner, listId, { filters: { industry: [opt('retail')], location_country: [opt('canada')] }, limit: 1 });
    expect(one.json().data.changed).toBe(1);
    expect((await contents(team.owner, listId)).total).toBe(3);
  });

  it('lets every member of the team save, and answers 404 to another team', async () => {
    const listId = await createList(team.admin, 'Shared');
    for (const user of [team.member, team.admin, team.owner]) {
      const response = await addSearch(user, listId, { filters: {}, limit: 4 });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await contents(team.member, listId)).total).toBe(4);

    const foreign = await addSearch(other, listId, { filters: {}, limit: 4 });
    expect(foreign.statusCode).toBe(404);
    expect((await contents(team.owner, listId)).total).toBe(4);
    const anonymous = await t.app.inject({ method: 'PATCH', url: `/api/v1/lists/addSearchCompanies/${listId}`, payload: { filters: {}, limit: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('charges the search run once, and refuses with 402 (nothing added) a member who cannot pay for it', async () => {
    const payer = await createOwner(t.ctx.db);
    const listId = await createList(payer, 'Metered');
    const filters = { location_country: [opt('united states')] };
    const before = (await getCreditsInfo(t.ctx.db, payer.teamId)).available;
    expect((await addSearch(payer, listId, { filters, limit: 2 })).statusCode).toBe(200);
    expect((await addSearch(payer, listId, { filters, limit: 4 })).statusCode).toBe(200);
    expect((await getCreditsInfo(t.ctx.db, payer.teamId)).available).toBe(before - SEARCH_RUN_COST);

    const broke = await createOwner(t.ctx.db);
    const brokeList = await createList(broke, 'Broke');
    const available = (await getCreditsInfo(t.ctx.db, broke.teamId)).available;
    await spendCredits(t.ctx.db, { teamId: broke.teamId, userId: broke.userId, action: 'test', amount: available, idempotencyKey: `drain-${broke.teamId}` });
    const refused = await addSearch(broke, brokeList, { filters, limit: 4 });
    expect(refused.statusCode).toBe(402);
    expect((await contents(broke, brokeList)).total).toBe(0);
  });

  it('saves selected companies by id through addContacts, and skips ids that are not companies', async () => {
    const listId = await createList(team.member, 'Picked');
    const ids = (await t.ctx.db.selectFrom('companies').select('id').orderBy('name').execute()).map((r) => r.id);
    const response = await call(team.member, { method: 'PATCH', url: `/api/v1/lists/addContacts/${listId}`, payload: { companies: [ids[0], ids[1], '00000000-0000-4000-8000-000000000000'] } });
    expect(response.json().data).toMatchObject({ changed: 2, list: { companies: 2 } });
    const foreign = await call(other, { method: 'PATCH', url: `/api/v1/lists/addContacts/${listId}`, payload: { companies: [ids[2]] } });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a people list and validates the count', async () => {
    const people = await createList(team.owner, 'People', 'contactList');
    const wrong = await addSearch(team.owner, people, { filters: {}, limit: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(COMPANY_LIST_MESSAGES.notACompanyList);
    const listId = await createList(team.owner, 'Counts');
    for (const limit of [0, 1.5, 10_001]) expect((await addSearch(team.owner, listId, { filters: {}, limit })).statusCode).toBe(400);
  });
});
