import { MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers });

const cookieOf = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

describe('sign-up', () => {
  it('creates a user who owns a new team on a 7-day Hobby trial', async () => {
    const response = await signup({ name: 'Ann Lee', email: 'Ann@Acme.test', password: 'longenough', companyName: 'Acme' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ name: 'Ann Lee', email: 'ann@acme.test', permission: 'TEAM_OWNER', role: 'ADMIN', companyName: 'Acme', onboardingStep: 'company' });
    expect(Object.keys(body.user).sort()).toEqual(
      ['arePersonalEmailsPriority', 'coldMailResellerUserId', 'companyName', 'completedOnboardingTours', 'databaseType', 'domain', 'email', 'id', 'logoUrl', 'name', 'onboardingStep', 'permission', 'role', 'teamId'].sort(),
    );
    expect(body.subscriptionInfo).toMatchObject({ plan: 'hobby', status: 'trialing', isPlannedForCancellation: false });
    const days = (Date.parse(body.subscriptionInfo.renewal_date) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('sets an httpOnly, SameSite=Lax session cookie that is not Secure over plain http', async () => {
    const response = await signup({ name: 'C', email: 'c@acme.test', password: 'longenough', companyName: 'Acme' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^leadline_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  // Without mail there is no verification: a new address is signed in at once, so hiding that an
  // address is taken is impossible; the answer says so plainly (docs/decisions.md).
  it('refuses an email that already has an account, naming the field, when the server sends no mail', async () => {
    await signup({ name: 'D', email: 'd@acme.test', password: 'longenough', companyName: 'Acme' });
    const again = await signup({ name: 'D2', email: 'D@acme.test', password: 'longenough2', companyName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken, field: 'email' } });
  });

  it('answers 400 naming the field for bad input', async () => {
    const response = await signup({ name: 'E', email: 'not-an-email', password: 'longenough', companyName: 'Acme' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'email' });
    const short = await signup({ name: 'E', email: 'e@acme.test', password: 'short', companyName: 'Acme' });
    expect(short.json().error).toMatchObject({ field: 'password', message: expect.stringContaining('at least 8') });
    const noCompany = await signup({ name: 'E', email: 'e@acme.test', password: 'longenough' });
    expect(noCompany.json().error).toMatchObject({ field: 'companyName', message: 'companyName: Company name is required' });
  });
});

describe('log-in and sessions', () => {
  beforeAll(async () => {
    await signup({ name: 'Lou', email: 'lou@acme.test', password: 'right password', companyName: 'Acme' });
  });

  it('logs in, shows the user, and logs out for good', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'LOU@acme.test', password: 'right password' } });
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie } });
    expect(me.json().user.email).toBe('lou@acme.test');
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/cookies/me', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/leadline_session=;/);
    const after = await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('gives one generic message for a wrong password and for an unknown email', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lou@acme.test', password: 'nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@acme.test', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials });
  });

  it('marks the cookie Secure when served over https behind a trusted proxy', async () => {
    const proxied = await createTestApp({ config: { trustProxy: 1 } });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { name: 'S', email: 's@acme.test', password: 'longenough', companyName: 'Acme' },
      });
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('rate-limits log-in attempts', async () => {
    const limited = await createTestApp({ config: { loginRateLimit: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@acme.test', password: 'guess' } });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json().error).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyLogins });
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('stores sessions server-side as hashes, never the token itself', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'lou@acme.test', password: 'right password' } });
    const token = cookieOf(login.headers['set-cookie']).split('=')[1]!;
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  it('answers unknown API routes with JSON 404', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/v1/nothing'], ['GET', '/search/unknown']] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON with a 400 error body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/signup', '/api/v1/team-management/invitations']));
    expect(doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
