import { MESSAGES, SEARCH_RUN_COST, type ListDto } from '@leadline/shared';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun } from '../../lib/feature-module.js';
import { createOwner, createPeople, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getCreditsInfo, spendCredits } from '../credits/index.js';
import refreshHandler from './handlers/refresh-dynamic-list.js';
import * as repo from './lists.repository.js';

let t: TestApp;
const engineers = { job_title: [{ label: 'Engineer', value: 'engineer', status: 'include' as const }] };
let added = 0;

const call = (user: TestUser, options: InjectOptions) => t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: user.cookie } });
const used = async (user: TestUser) => (await getCreditsInfo(t.ctx.db, user.teamId)).used;
const drainTo = async (user: TestUser, left: number) => {
  const { available } = await getCreditsInfo(t.ctx.db, user.teamId);
  if (available > left) await spendCredits(t.ctx.db, { teamId: user.teamId, userId: user.userId, action: 'test', amount: available - left, idempotencyKey: `drain-${user.teamId}-${left}` });
};
const addEngineers = (n: number) =>
  createPeople(t.ctx.db, Array.from({ length: n }, () => ({ id: `dyn-${++added}`, full_name: `dyn engineer ${added}`, job_title: 'software engineer', job_company_name: 'dynco', job_company_website: 'dynco.com' })));
/** Runs the refresh job as the queue would: `requestedBy` absent is the daily refresh. */
const runRefresh = (listId: string, requestedBy?: string) => refreshHandler(t.ctx, { listId, ...(requestedBy ? { requestedBy } : {}) }, { id: 'test', retryCount: 0 } as JobRun);
const listOf = async (user: TestUser, id: string): Promise<ListDto> => (await call(user, { method: 'POST', url: `/api/v1/lists/${id}`, payload: {} })).json().data.list;
const createDynamic = (user: TestUser, filters: object = engineers) => call(user, { method: 'POST', url: '/api/v1/lists', payload: { name: `Engineers ${Math.random()}`, isDynamic: true, filters } });
/** A dynamic list made while the team could pay, as lists made before metering are. */
const existingDynamicList = async (user: TestUser) =>
  (await repo.insertList(t.ctx.db, { teamId: user.teamId, name: 'Old engineers', entityType: 'contactList', createdBy: user.userId, isDynamic: true, filters: engineers, processing: true })).id;
const searchChargesBy = async (teamId: string) =>
  (await t.ctx.db.selectFrom('credit_ledger').select('user_id').where('team_id', '=', teamId).where('action', '=', 'b2b_contact_search').where('kind', '=', 'charge').orderBy('created_at').execute()).map((r) => r.user_id);

beforeAll(async () => {
  t = await createTestApp();
  await addEngineers(12);
});
afterAll(() => t.close());

describe('dynamic lists without credits', () => {
  it('refuses to create one with the 402 message and makes no list', async () => {
    const owner = await createOwner(t.ctx.db);
    await drainTo(owner, SEARCH_RUN_COST - 1);
    const response = await createDynamic(owner);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: MESSAGES.insufficientCredits });
    expect(await t.ctx.db.selectFrom('lists').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);
  });

  it('refuses a refresh now, and a daily refresh reveals nobody: the list says why and downloads empty', async () => {
    const owner = await createOwner(t.ctx.db);
    const listId = await existingDynamicList(owner);
    await drainTo(owner, 0);

    const refresh = await call(owner, { method: 'POST', url: `/api/v1/lists/${listId}/refresh`, payload: {} });
    expect(refresh.statusCode).toBe(402);
    expect(refresh.json().error.message).toBe(MESSAGES.insufficientCredits);

    await runRefresh(listId);
    const list = await listOf(owner, listId);
    expect(list).toMatchObject({ contacts: 0, completionStatus: 'complete', refreshError: MESSAGES.insufficientCredits, refreshedAt: null });
    expect(await t.ctx.db.selectFrom('contacts').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);

    const download = await call(owner, { method: 'GET', url: `/api/v1/lists/download/${listId}` });
    expect(download.statusCode).toBe(200);
    expect(download.body.trim().split('\r\n')).toHaveLength(1);
    expect(download.body).not.toContain('engineer');
  });

  it('refuses bulk enrichment of search filters before anyone joins the team', async () => {
    const owner = await createOwner(t.ctx.db);
    await drainTo(owner, 0);
    const response = await call(owner, {
      method: 'POST',
      url: '/api/v1/prospects-enrichment/bulk',
      payload: { inputsSource: { type: 'searchFilters', searchFilters: engineers, limit: 10 }, newListTitle: 'From search', enrichType: 'email' },
    });
    expect(response.statusCode).toBe(402);
    expect(await t.ctx.db.selectFrom('contacts').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);
  });
});

describe('bulk enrichment of search filters', () => {
  it('is metered as a run of those filters, free when the member just searched them', async () => {
    const owner = await createOwner(t.ctx.db);
    const enrich = (filters: object, enrichType = 'email') =>
      call(owner, {
        method: 'POST',
        url: '/api/v1/prospects-enrichment/bulk',
        payload: { inputsSource: { type: 'searchFilters', searchFilters: filters, limit: 2 }, newListTitle: `From search ${Math.random()}`, enrichType },
      });
    expect((await enrich(engineers)).statusCode).toBe(200);
    expect(await searchChargesBy(owner.teamId)).toEqual([owner.userId]);
    const software = { job_title: [{ label: 'Software', value: 'software', status: 'include' as const }] };
    expect((await call(owner, { method: 'POST', url: '/search/contacts', payload: { params: software } })).statusCode).toBe(200);
    // The same people's emails are being enriched already (409), so this run asks for phones.
    expect((await enrich(software, 'phone')).statusCode).toBe(200);
    expect(await searchChargesBy(owner.teamId)).toEqual([owner.userId, owner.userId]);
  });
});

describe('dynamic lists are metered as search runs', () => {
  it("charges the creator's run once when it fills, and nothing for refreshes of that run or refreshes that find nobody", async () => {
    const owner = await createOwner(t.ctx.db);
    const created = await createDynamic(owner);
    expect(created.statusCode, created.body).toBe(201);
    const listId = created.json().data._id;
    expect(await used(owner)).toBe(0);

    await runRefresh(listId, owner.userId);
    expect((await listOf(owner, listId)).contacts).toBe(added);
    expect(await used(owner)).toBe(SEARCH_RUN_COST);

    await addEngineers(1);
    expect((await call(owner, { method: 'POST', url: `/api/v1/lists/${listId}/refresh`, payload: {} })).statusCode).toBe(202);
    await runRefresh(listId, owner.userId);
    expect((await listOf(owner, listId)).newSinceRefresh).toBe(1);
    expect(await used(owner)).toBe(SEARCH_RUN_COST);

    // The next day: nobody new costs nothing; someone new is a new run.
    await sql`update search_runs set started_at = now() - interval '25 hours' where team_id = ${owner.teamId}`.execute(t.ctx.db);
    await runRefresh(listId);
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
    await addEngineers(1);
    await runRefresh(listId);
    expect((await listOf(owner, listId)).newSinceRefresh).toBe(1);
    expect(await used(owner)).toBe(2 * SEARCH_RUN_COST);
  });

  it('costs nothing more right after the member searched the same filters', async () => {
    const owner = await createOwner(t.ctx.db);
    const searched = await call(owner, { method: 'POST', url: '/search/contacts', payload: { params: { ...engineers, size: 5 } } });
    expect(searched.statusCode).toBe(200);
    const listId = (await createDynamic(owner)).json().data._id;
    await runRefresh(listId, owner.userId);
    expect((await listOf(owner, listId)).contacts).toBe(added);
    expect(await used(owner)).toBe(SEARCH_RUN_COST);
  });

  it('charges whoever asked, in every role, and the daily refresh the creator; a paid refresh clears a refusal', async () => {
    const { owner, admin, member } = await createTeam(t.ctx.db);
    const listId = (await createDynamic(member)).json().data._id;
    await runRefresh(listId, member.userId);
    await addEngineers(1);
    expect((await call(admin, { method: 'POST', url: `/api/v1/lists/${listId}/refresh`, payload: {} })).statusCode).toBe(202);
    await runRefresh(listId, admin.userId);
    expect(await searchChargesBy(owner.teamId)).toEqual([member.userId, admin.userId]);

    await t.ctx.db.updateTable('lists').set({ refresh_error: MESSAGES.insufficientCredits }).where('id', '=', listId).execute();
    await sql`update search_runs set started_at = now() - interval '25 hours' where team_id = ${owner.teamId}`.execute(t.ctx.db);
    await addEngineers(1);
    await runRefresh(listId);
    expect(await searchChargesBy(owner.teamId)).toEqual([member.userId, admin.userId, member.userId]);
    expect((await listOf(owner, listId)).refreshError).toBeNull();
  });

  it("answers 404 to another team's refresh and charges nobody", async () => {
    const owner = await createOwner(t.ctx.db);
    const other = await createOwner(t.ctx.db);
    const listId = await existingDynamicList(owner);
    expect((await call(other, { method: 'POST', url: `/api/v1/lists/${listId}/refresh`, payload: {} })).statusCode).toBe(404);
    expect(await used(other)).toBe(0);
    expect(await used(owner)).toBe(0);
  });
});
