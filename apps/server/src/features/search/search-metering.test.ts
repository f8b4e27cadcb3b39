import { DEFAULT_SEARCH_FILTERS, MESSAGES, SEARCH_RUN_COST, type SearchFiltersInput } from '@leadline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner, createPeople, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getCreditsInfo, spendCredits } from '../credits/index.js';

let t: TestApp;

const us = (label = 'United States') => ({ label, value: 'united states', status: 'include' as const });
const title = (value: string) => ({ label: value, value, status: 'include' as const });

type Ask = { params?: SearchFiltersInput & { size?: number }; scroll_token?: string | null; preview?: boolean; path?: '/search/contacts' | '/search/companies' };
const search = (user: TestUser, ask: Ask = {}) =>
  t.app.inject({
    method: 'POST',
    url: ask.path ?? '/search/contacts',
    headers: { cookie: user.cookie },
    payload: { params: { size: 2, ...(ask.params ?? DEFAULT_SEARCH_FILTERS) }, ...(ask.scroll_token ? { scroll_token: ask.scroll_token } : {}), ...(ask.preview ? { preview: true } : {}) },
  });
const ok = async (user: TestUser, ask: Ask = {}) => {
  const response = await search(user, ask);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.response as { data: Array<{ _id: string; full_name: string }>; scroll_token: string | null };
};
const used = async (user: TestUser) => (await getCreditsInfo(t.ctx.db, user.teamId)).used;
/** The search charges in the team's ledger, and whose they are. */
const searchCharges = async (teamId: string) =>
  t.ctx.db
    .selectFrom('credit_ledger')
    .select(['user_id', 'amount'])
    .where('team_id', '=', teamId)
    .where('action', '=', 'b2b_contact_search')
    .where('kind', '=', 'charge')
    .execute();
/** Leaves the team exactly `left` credits. */
const drainTo = async (user: TestUser, left: number) => {
  const { available } = await getCreditsInfo(t.ctx.db, user.teamId);
  if (available > left) await spendCredits(t.ctx.db, { teamId: user.teamId, userId: user.userId, action: 'test', amount: available - left, idempotencyKey: `drain-${user.teamId}-${left}` });
};

beforeAll(async () => {
  t = await createTestApp();
  await createPeople(
    t.ctx.db,
    Array.from({ length: 7 }, (_, i) => ({ id: `meter-${i}`, full_name: `meter person ${i}`, location_country: 'united states', job_title: i < 4 ? 'sales manager' : 'engineer' })),
  );
  await sql`insert into companies (name, domain, industry) values ('meter co', 'meter.co', 'retail')`.execute(t.ctx.db);
});
afterAll(() => t.close());

describe('search runs', () => {
  it('charges nothing for the preview the screen opens with, and starts the run when paging on from it', async () => {
    const owner = await createOwner(t.ctx.db);
    const first = await ok(owner, { preview: true });
    expect(first.data).toHaveLength(2);
    expect(await used(owner)).toBe(0);
    expect(await ok(owner, { preview: true })).toMatchObject({ data: first.data });
    expect(await used(owner)).toBe(0);

    const second = await ok(owner, { scroll_token: first.scroll_token });
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
    await ok(owner, { scroll_token: second.scroll_token });
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
  });

  it('charges a search once, and nothing for its next pages, its retries, another page size or labels', async () => {
    const owner = await createOwner(t.ctx.db);
    const params = { job_title: [title('sales')], location_country: [us()] };
    const first = await ok(owner, { params });
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
    const second = await ok(owner, { params, scroll_token: first.scroll_token });
    expect(second.data.map((p) => p._id)).not.toEqual(first.data.map((p) => p._id));
    await ok(owner, { params, scroll_token: first.scroll_token });
    await ok(owner, { params });
    await ok(owner, { params: { location_country: [us('USA')], job_title: [title('sales')], size: 3 } });
    expect(await searchCharges(owner.teamId)).toEqual([{ user_id: owner.userId, amount: SEARCH_RUN_COST }]);
  });

  it('charges each new set of filters, and a preview flag on other filters is no preview', async () => {
    const owner = await createOwner(t.ctx.db);
    await ok(owner, { params: { job_title: [title('sales')] } });
    await ok(owner, { params: { job_title: [title('engineer')] } });
    await ok(owner, { params: { job_title: [title('manager')] }, preview: true });
    expect(await used(owner)).toBe(3 * SEARCH_RUN_COST);
    // Going back to a search run earlier in the window costs nothing.
    await ok(owner, { params: { job_title: [title('sales')] } });
    expect(await used(owner)).toBe(3 * SEARCH_RUN_COST);
  });

  it('charges nothing for a search that finds nobody', async () => {
    const owner = await createOwner(t.ctx.db);
    expect((await ok(owner, { params: { job_title: [title('astronaut')] } })).data).toEqual([]);
    expect(await used(owner)).toBe(0);
  });

  it('charges the same filters again once the run is older than its window', async () => {
    const owner = await createOwner(t.ctx.db);
    const params = { job_title: [title('engineer')] };
    await ok(owner, { params });
    await sql`update search_runs set started_at = now() - interval '25 hours' where user_id = ${owner.userId}`.execute(t.ctx.db);
    await ok(owner, { params });
    expect(await used(owner)).toBe(2 * SEARCH_RUN_COST);
    expect(await t.ctx.db.selectFrom('search_runs').select('run_id').where('user_id', '=', owner.userId).execute()).toHaveLength(1);
  });

  it('charges concurrent first pages of one search once', async () => {
    const owner = await createOwner(t.ctx.db);
    const params = { job_title: [title('manager')] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => search(owner, { params })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
  });

  it('meters company search by the same runs: one run covers both views', async () => {
    const owner = await createOwner(t.ctx.db);
    const params = { job_title: [title('sales')] };
    await ok(owner, { params, path: '/search/companies' });
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
    await ok(owner, { params });
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
  });
});

describe('search with too few credits', () => {
  it('reveals nobody: 402 with the spec message on a first page, on paging on from the preview, and for companies', async () => {
    const owner = await createOwner(t.ctx.db);
    const preview = await ok(owner, { preview: true });
    await drainTo(owner, SEARCH_RUN_COST - 1);
    for (const ask of [{ params: { job_title: [title('sales')] } }, { scroll_token: preview.scroll_token }, { params: { job_title: [title('sales')] }, path: '/search/companies' as const }]) {
      const response = await search(owner, ask);
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: MESSAGES.insufficientCredits });
      expect(response.body).not.toContain('meter person');
    }
    expect(await t.ctx.db.selectFrom('search_runs').select('run_id').where('user_id', '=', owner.userId).execute()).toEqual([]);
    // The opening preview stays free: it is the same page for everyone.
    expect((await ok(owner, { preview: true })).data).toHaveLength(2);
  });

  it("stops a member at their monthly cap while the team still has credits", async () => {
    const owner = await createOwner(t.ctx.db);
    const member = await createMember(t.ctx.db, owner, 'MEMBER');
    await t.ctx.db.updateTable('team_members').set({ credits_cap: SEARCH_RUN_COST }).where('user_id', '=', member.userId).execute();
    await ok(member, { params: { job_title: [title('sales')] } });
    expect((await search(member, { params: { job_title: [title('engineer')] } })).statusCode).toBe(402);
    await ok(owner, { params: { job_title: [title('engineer')] } });
  });
});

describe('who pays', () => {
  it('charges each role its own run against the team balance', async () => {
    const { owner, admin, member } = await createTeam(t.ctx.db);
    const params = { job_title: [title('sales')] };
    for (const user of [owner, admin, member]) await ok(user, { params });
    const charges = await searchCharges(owner.teamId);
    expect(charges.map((c) => c.user_id).sort()).toEqual([owner.userId, admin.userId, member.userId].sort());
    expect(await used(owner)).toBe(3 * SEARCH_RUN_COST);
  });

  it("does not let another team's run or scroll token reveal people to a team without credits", async () => {
    const payer = await createOwner(t.ctx.db);
    const broke = await createOwner(t.ctx.db);
    await drainTo(broke, 0);
    const params = { job_title: [title('engineer')] };
    const paid = await ok(payer, { params });
    expect((await search(broke, { params })).statusCode).toBe(402);
    expect((await search(broke, { params, scroll_token: paid.scroll_token })).statusCode).toBe(402);
    expect(await used(broke)).toBe((await getCreditsInfo(t.ctx.db, broke.teamId)).total);
  });
});

describe('autocomplete', () => {
  it('answers filter values, never people, and needs no credits', async () => {
    const owner = await createOwner(t.ctx.db);
    await drainTo(owner, 0);
    const values = await t.app.inject({ method: 'GET', url: '/autocomplete/job_title?query=sales', headers: { cookie: owner.cookie } });
    expect(values.statusCode).toBe(200);
    expect(values.body).not.toContain('meter person');
    for (const field of ['full_name', 'work_email', 'mobile_phone', 'linkedin_url']) {
      const refused = await t.app.inject({ method: 'GET', url: `/autocomplete/${field}?query=meter`, headers: { cookie: owner.cookie } });
      expect(refused.statusCode).toBe(400);
    }
  });
});
