import { ICP_MESSAGES, ICP_NAME_MAX } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createPeople, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let foreign: TestUser;

const opt = (value: string) => ({ label: value, value, status: 'include' as const });
const create = (user: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/icp-filters/create', headers: { cookie: user.cookie }, payload });
const list = async (user: TestUser) => {
  const response = await t.app.inject({ method: 'GET', url: '/icp-filters/get', headers: { cookie: user.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ name: string; userName: string; matches: { total: number; isLowerBound: boolean } }>;
};
const remove = (user: TestUser, name: string) => t.app.inject({ method: 'DELETE', url: '/icp-filters/delete', headers: { cookie: user.cookie }, payload: { name } });

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
  await createPeople(t.ctx.db, [
    { id: 'ann', full_name: 'ann lee', job_title_levels: ['vp'], job_title_role: 'sales', location_country: 'united states' },
    { id: 'abe', full_name: 'abe cole', job_title_levels: ['vp'], job_title_role: 'sales', location_country: 'germany' },
    { id: 'bob', full_name: 'bob stone', job_title_levels: ['senior'], job_title_role: 'engineering', location_country: 'united states' },
  ]);
});
afterAll(() => t.close());

describe('ICP filters', () => {
  it('saves an ICP for the team and counts the people of the database it matches now', async () => {
    const created = await create(team.member, { name: 'Sales VPs', filters: { job_title_levels: [opt('VP')], job_title_role: [opt('sales')] } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Sales VPs', userName: team.member.name, matches: { total: 2, isLowerBound: false } });
    await create(team.owner, { name: 'US sales VPs', filters: { job_title_levels: [opt('vp')], location_country: [opt('united states')] } });
    const icps = await list(team.admin);
    expect(icps.map((i) => [i.name, i.matches.total])).toEqual([
      ['US sales VPs', 1],
      ['Sales VPs', 2],
    ]);
    expect(await list(foreign)).toEqual([]);
  });

  it("refuses a duplicate name in any case with the spec's warning", async () => {
    await create(team.owner, { name: 'Founders', filters: { job_title_levels: [opt('owner')] } });
    const duplicate = await create(team.member, { name: '  fOUNDERS ', filters: { job_title_levels: [opt('cxo')] } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(ICP_MESSAGES.duplicate);
    expect((await create(foreign, { name: 'Founders', filters: { job_title_levels: [opt('owner')] } })).statusCode).toBe(201);
  });

  it('needs a name of at most 75 characters and at least one filter value', async () => {
    const cases: Array<[object, string]> = [
      [{ name: ' ', filters: { industry: [opt('retail')] } }, ICP_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(ICP_NAME_MAX + 1), filters: { industry: [opt('retail')] } }, ICP_MESSAGES.nameTooLong],
      [{ name: 'Empty', filters: { job_title_levels: [] } }, ICP_MESSAGES.filterRequired],
      [{ name: 'Other filters only', filters: { skills: [opt('saas')] } }, ICP_MESSAGES.filterRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await create(team.owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await create(team.owner, { name: 'x'.repeat(ICP_NAME_MAX), filters: { job_company_size: [opt('51-200')] } })).statusCode).toBe(201);
  });

  it("deletes an ICP by name within the team only", async () => {
    await create(team.owner, { name: 'Retail', filters: { industry: [opt('retail')] } });
    expect((await remove(foreign, 'Retail')).statusCode).toBe(404);
    const deleted = await remove(team.member, 'retail');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.name).toBe('Retail');
    expect((await list(team.owner)).some((i) => i.name === 'Retail')).toBe(false);
  });
});
