import { SUPPRESSION_MESSAGES, SUPPRESSION_UNDO_MS } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { restoreSuppression } from './suppressions.service.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let foreign: TestUser;

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const entries = async (user: TestUser) => (await call(user, 'GET', '/api/v1/suppressions?limit=200')).json().data as Array<{ email: string; reason: string; createdAt: string }>;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
});
afterAll(() => t.close());

describe('undoing the removal of a suppressed address', () => {
  it('puts an unsubscribe back as an unsubscribe, with the date it was added', async () => {
    const addedAt = new Date('2026-03-02T10:00:00Z');
    await t.ctx.db.insertInto('suppressions').values({ team_id: team.member.teamId, email: 'left@leads.test', reason: 'unsubscribed', created_at: addedAt }).execute();

    const removed = await call(team.member, 'DELETE', '/api/v1/suppressions', { email: 'Left@Leads.test' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.email).toBe('left@leads.test');
    expect(await entries(team.member)).toEqual([]);

    const restored = await call(team.member, 'POST', '/api/v1/suppressions/restore', { undoToken: removed.json().data.undoToken });
    expect(restored.statusCode, restored.body).toBe(200);
    const entry = { email: 'left@leads.test', reason: 'unsubscribed', createdAt: addedAt.toISOString() };
    expect(restored.json().data).toEqual(entry);
    expect(await entries(team.member)).toEqual([entry]);

    // A second Undo changes nothing.
    expect((await call(team.member, 'POST', '/api/v1/suppressions/restore', { undoToken: removed.json().data.undoToken })).json().data).toEqual(entry);
    expect(await entries(team.member)).toEqual([entry]);
  });

  it('refuses a token of another team, a forged one and one past its ten minutes', async () => {
    await call(team.member, 'POST', '/api/v1/suppressions', { emails: ['gone@leads.test'] });
    const { undoToken } = (await call(team.member, 'DELETE', '/api/v1/suppressions', { email: 'gone@leads.test' })).json().data as { undoToken: string };

    expect((await call(foreign, 'POST', '/api/v1/suppressions/restore', { undoToken })).statusCode).toBe(404);
    const [payload, mac] = undoToken.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), email: 'else@leads.test' })).toString('base64url');
    expect((await call(team.member, 'POST', '/api/v1/suppressions/restore', { undoToken: `${other}.${mac}` })).statusCode).toBe(404);
    expect((await call(team.member, 'POST', '/api/v1/suppressions/restore', { undoToken: 'not-a-token' })).statusCode).toBe(404);

    const late = new Date(Date.now() + SUPPRESSION_UNDO_MS + 1000);
    const actor: Actor = { ...team.member, permission: 'TEAM_MEMBER', role: 'MEMBER', sessionHash: '' };
    await expect(restoreSuppression(t.ctx.db, actor, undoToken, late)).rejects.toThrow(SUPPRESSION_MESSAGES.undoExpired);
    expect((await entries(team.member)).map((e) => e.email)).not.toContain('gone@leads.test');
  });
});
