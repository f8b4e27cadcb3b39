import { MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { passwordHashPeak, PASSWORD_HASH_CONCURRENCY } from './passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: 1, signupRateLimit: 3, loginRateLimit: 5 } });
});
afterAll(() => t.close());

const signup = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload: { name: 'S', email, password: 'longenough', companyName: 'Acme' } });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email, password } });

describe('sign-up limits', () => {
  it('allows SIGNUP_RATE_LIMIT sign-ups per client an hour, then answers 429 with Retry-After', async () => {
    const client = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signup(`rate${i}@limits.test`, client)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await signup('rate9@limits.test', client);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManySignups });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another client is not affected.
    expect((await signup('rate-other@limits.test', { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(201);
  });

  it('never runs more password hashes at once than the semaphore allows', async () => {
    passwordHashPeak(true);
    const owner = await createOwner(t.ctx.db, { domain: 'burst.test' });
    const attempts = Array.from({ length: 8 }, (_, i) => login(i % 2 ? owner.email : `nobody${i}@burst.test`, 'wrong password', { 'x-forwarded-for': `198.51.100.${i}` }));
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses).toEqual(Array(8).fill(401));
    expect(passwordHashPeak()).toBe(PASSWORD_HASH_CONCURRENCY);
  });
});

describe('the client address behind TRUST_PROXY hops', () => {
  it('keys the log-in limit on the address the trusted proxy saw, not on what the client wrote', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'spoof.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The client invents a new leftmost address each time; the proxy appends the real one.
      const r = await login(owner.email, `guess ${i}`, { 'x-forwarded-for': `10.0.${i}.1, 192.0.2.50` });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Another address seen by the proxy is another client.
    expect((await login(owner.email, 'guess', { 'x-forwarded-for': '192.0.2.50, 192.0.2.51' })).statusCode).toBe(401);
  });
});

describe('per-account log-in lock', () => {
  it('locks an account after 10 failures in 15 minutes, from any client, even with the right password', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'lock.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(owner.email, `wrong ${i}`, { 'x-forwarded-for': `198.18.${i}.9` })).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await login(owner.email, TEST_PASSWORD, { 'x-forwarded-for': '198.19.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.accountLocked });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // When the window has passed, the right password works again and clears the count.
    await t.ctx.db.updateTable('login_failures').set({ window_started_at: new Date(Date.now() - 16 * 60_000) }).where('email', '=', owner.email).execute();
    expect((await login(owner.email, TEST_PASSWORD, { 'x-forwarded-for': '198.19.0.2' })).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('login_failures').selectAll().where('email', '=', owner.email).executeTakeFirst()).toBeUndefined();
  });

  it('locks an unknown address the same way, so the lock tells nothing about accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login('ghost@lock.test', `wrong ${i}`, { 'x-forwarded-for': `198.18.100.${i}` })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
