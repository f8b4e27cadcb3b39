import { API_KEY_MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createPeople, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let foreign: TestUser;

const RATE_LIMIT = 5;

const create = (user: TestUser) => t.app.inject({ method: 'POST', url: '/api/v1/api_keys/create', headers: { cookie: user.cookie } });
const newKey = async (user: TestUser) => {
  const response = await create(user);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { _id: string; key: string; maskedKey: string };
};
const withKey = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
const searchWith = (key: string) => withKey(key, 'POST', '/search/contacts', { params: { job_title_levels: [{ label: 'vp', value: 'vp', status: 'include' }] } });

beforeAll(async () => {
  t = await createTestApp({ config: { apiKeyRateLimit: 1000 } });
  team = await createTeam(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
  await createPeople(t.ctx.db, [{ id: 'ann', full_name: 'ann lee', job_title_levels: ['vp'] }, { id: 'bob', full_name: 'bob stone', job_title_levels: ['senior'] }]);
});
afterAll(() => t.close());

describe('API keys', () => {
  it('shows a new key once in full, then lists it masked to its first and last four characters', async () => {
    const { _id, key, maskedKey } = await newKey(team.admin);
    expect(key).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api_keys/getAll', headers: { cookie: team.owner.cookie } });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((k: { _id: string }) => k._id === _id);
    expect(listed.key).toBe(maskedKey);
    expect(listed.key.startsWith(key.slice(0, 4))).toBe(true);
    expect(listed.key.endsWith(key.slice(-4))).toBe(true);
    expect(list.body).not.toContain(key.slice(4, -4));
  });

  it('keeps no usable key in the database: a dump of the rows holds neither the key nor any 8 characters of its middle', async () => {
    const { key } = await newKey(team.owner);
    const dump = JSON.stringify(await t.ctx.db.selectFrom('api_keys').selectAll().execute());
    const middle = key.slice(4, -4);
    for (let i = 0; i + 8 <= middle.length; i++) expect(dump).not.toContain(middle.slice(i, i + 8));
    expect((await searchWith(key)).statusCode).toBe(200);
  });

  it('authenticates a search as its creator, with their session policies', async () => {
    const { key } = await newKey(team.admin);
    const search = await searchWith(key);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data.response.data.map((p: { full_name: string }) => p.full_name)).toEqual(['ann lee']);
    const me = await withKey(key, 'GET', '/api/cookies/me');
    expect(me.json().user.email).toBe(team.admin.email);
    expect((await withKey(key, 'GET', '/api/v1/team-management/members/getAll')).statusCode).toBe(200);
  });

  it('follows its creator: a demoted admin’s key loses admin routes at once, a removed member’s key stops', async () => {
    const { key } = await newKey(team.admin);
    await t.ctx.db.updateTable('team_members').set({ role: 'MEMBER' }).where('user_id', '=', team.admin.userId).execute();
    try {
      expect((await withKey(key, 'GET', '/api/v1/team-management/members/getAll')).statusCode).toBe(403);
      expect((await searchWith(key)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.updateTable('team_members').set({ role: 'ADMIN' }).where('user_id', '=', team.admin.userId).execute();
    }
    await t.ctx.db.deleteFrom('team_members').where('user_id', '=', team.admin.userId).execute();
    const refused = await searchWith(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(API_KEY_MESSAGES.invalidKey);
    team.admin = (await createTeam(t.ctx.db)).admin; // later tests need a live admin
  });

  it('refuses a key on session-only routes: log-in, sign-up, log-out and key management', async () => {
    const { key } = await newKey(team.owner);
    for (const [method, url] of [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/signup'],
      ['DELETE', '/api/cookies/me'],
      ['POST', '/api/v1/api_keys/create'],
      ['GET', '/api/v1/api_keys/getAll'],
      ['DELETE', '/api/v1/api_keys/delete?id=00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await withKey(key, method, url, method === 'POST' ? { email: team.owner.email, password: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(API_KEY_MESSAGES.sessionOnly);
    }
  });

  it('revokes a deleted key at once, and refuses an unknown one', async () => {
    const { _id, key } = await newKey(team.owner);
    expect((await searchWith(key)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/api_keys/delete?id=${_id}`, headers: { cookie: team.owner.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await searchWith(key)).statusCode).toBe(401);
    expect((await searchWith(`${key.slice(0, -1)}x`)).statusCode).toBe(401);
  });

  it("keeps teams apart: another team neither lists nor deletes a team's key", async () => {
    const { _id } = await newKey(team.owner);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/api_keys/getAll', headers: { cookie: foreign.cookie } });
    expect(list.json().data).toEqual([]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/api_keys/delete?id=${_id}`, headers: { cookie: foreign.cookie } });
    expect(deleted.statusCode).toBe(404);
  });

  it('lets owners and admins manage keys, not members', async () => {
    expect((await create(team.member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/api_keys/getAll', headers: { cookie: team.member.cookie } })).statusCode).toBe(403);
  });
});

describe('the per-key rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { apiKeyRateLimit: RATE_LIMIT } });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT calls a minute, for that key only, and lets it in again next minute', async () => {
    const owner = await createOwner(limited.ctx.db);
    const keyOf = async () =>
      (await limited.app.inject({ method: 'POST', url: '/api/v1/api_keys/create', headers: { cookie: owner.cookie } })).json().data.key as string;
    const [busy, other] = [await keyOf(), await keyOf()];
    const me = (key: string) => limited.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < RATE_LIMIT; i++) expect((await me(busy)).statusCode).toBe(200);
    const refused = await me(busy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().error.message).toBe(API_KEY_MESSAGES.rateLimited);
    expect((await me(other)).statusCode).toBe(200);
    await limited.ctx.db.updateTable('api_keys').set({ window_started_at: new Date(Date.now() - 61_000) }).execute();
    expect((await me(busy)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes bearer key authentication', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ apiKey: [] });
  });
});
