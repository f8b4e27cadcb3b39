import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createOwner, createTeam, sessionCookie, type TestUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { Actor } from '../lib/actor.js';
import { isAllowed, isSessionOnly, policyFor, registerPolicyEnforcement } from './policy.js';
import type { Policy } from './route-policies.js';

/** `key`: the caller sends this API key instead of a session cookie. */
type Caller = { label: string; user: TestUser | null; permission: Actor['permission'] | null; key?: string };

let t: TestApp;
let callers: Caller[];
let foreignOwner: TestUser;

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';
const fillParams = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_UUID).replace('*', 'some/page');

beforeAll(async () => {
  t = await createTestApp();
  const a = await createTeam(t.ctx.db);
  foreignOwner = await createOwner(t.ctx.db);
  const keyOf = async (user: TestUser) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/api_keys/create', headers: { cookie: user.cookie } })).json().data as { _id: string; key: string };
  const valid = await keyOf(a.admin);
  const revoked = await keyOf(a.owner);
  await t.app.inject({ method: 'DELETE', url: `/api/v1/api_keys/delete?id=${revoked._id}`, headers: { cookie: a.owner.cookie } });
  const foreignKey = await keyOf(foreignOwner);
  callers = [
    { label: 'anonymous', user: null, permission: null },
    { label: 'admin with an API key', user: a.admin, permission: 'TEAM_ADMIN', key: valid.key },
    { label: 'revoked API key', user: null, permission: null, key: revoked.key },
    { label: 'other team owner with an API key', user: foreignOwner, permission: 'TEAM_OWNER', key: foreignKey.key },
    { label: 'member', user: a.member, permission: 'TEAM_MEMBER' },
    { label: 'admin', user: a.admin, permission: 'TEAM_ADMIN' },
    { label: 'owner', user: a.owner, permission: 'TEAM_OWNER' },
    { label: 'other team owner', user: foreignOwner, permission: 'TEAM_OWNER' },
  ];
});
afterAll(() => t.close());

const asActor = (c: Caller): Actor | null =>
  c.user && c.permission ? ({ ...c.user, permission: c.permission, role: 'MEMBER', sessionHash: '' } as Actor) : null;

describe('the permission matrix', () => {
  it('has a policy for every registered route', () => {
    const missing = t.app.routeTable.filter((r) => r.method !== 'OPTIONS' && !policyFor(r.method, r.url));
    expect(missing).toEqual([]);
    expect(t.app.routeTable.length).toBeGreaterThan(10);
  });

  it('refuses to start when a route has no policy', async () => {
    const app = Fastify();
    registerPolicyEnforcement(app, async () => null);
    expect(() => app.get('/api/not-in-the-map', async () => 'x')).toThrow(/no entry in ROUTE_POLICIES/);
  });

  it('answers no caller a success that the route policy does not allow', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const policy = policyFor(route.method, route.url) as Policy;
      for (const caller of callers) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: fillParams(route.url),
          // A fresh session per call: the matrix also calls log-out.
          headers: caller.key
            ? { authorization: `Bearer ${caller.key}` }
            : caller.user
              ? { cookie: await sessionCookie(t.ctx.db, caller.user.userId) }
              : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const keyRefused = caller.key !== undefined && isSessionOnly(route.method, route.url);
        // A key nobody holds is refused wherever it is sent, public routes included.
        const allowed = caller.key !== undefined && caller.user === null ? false : isAllowed(policy, asActor(caller)) && !keyRefused;
        const ok = response.statusCode < 400;
        const key = `${route.method} ${route.url} as ${caller.label} -> ${response.statusCode}`;
        if (ok && !allowed) failures.push(`${key} (policy ${policy})`);
        if (keyRefused && caller.user !== null && response.statusCode !== 403) failures.push(`${key}: session-only, expected 403`);
        if (!allowed && caller.user === null && response.statusCode !== 401) failures.push(`${key}: expected 401`);
        if (!allowed && caller.user !== null && response.statusCode !== 403) failures.push(`${key}: expected 403`);
        if (/\$argon2|password_hash|passwordHash/.test(response.body)) failures.push(`${key}: leaks a password hash`);
        if (response.statusCode >= 400 && !response.headers['content-type']?.toString().includes('json') && route.url !== '/*') {
          failures.push(`${key}: error is not JSON`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
