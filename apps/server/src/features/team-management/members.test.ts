import { TEAM_MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getCreditsInfo, spendCredits } from '../credits/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const memberIdOf = async (user: TestUser) =>
  (await t.ctx.db.selectFrom('team_members').select('id').where('user_id', '=', user.userId).where('team_id', '=', user.teamId).executeTakeFirstOrThrow()).id;
const update = (caller: TestUser, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/members/update', headers: { cookie: caller.cookie }, payload });
const remove = (caller: TestUser, memberId: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/members/remove', headers: { cookie: caller.cookie }, payload: { memberId } });

describe('updating a member', () => {
  it('toggles a member to admin and back when an admin asks', async () => {
    const { admin, member } = await createTeam(t.ctx.db);
    const memberId = await memberIdOf(member);
    const promoted = await update(admin, { memberId, role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ _id: memberId, role: 'ADMIN' });
    const demoted = await update(admin, { memberId, role: 'member' });
    expect(demoted.json().data.role).toBe('MEMBER');
  });

  it('refuses a change or removal of one\'s own row, for the owner and for an admin', async () => {
    const { owner, admin } = await createTeam(t.ctx.db);
    for (const caller of [owner, admin]) {
      const memberId = await memberIdOf(caller);
      const response = await update(caller, { memberId, role: 'member' });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(TEAM_MESSAGES.ownRow);
      expect((await update(caller, { memberId, creditsCap: 5 })).statusCode).toBe(403);
      expect((await remove(caller, memberId)).statusCode).toBe(403);
    }
  });

  it("refuses an admin's demotion or removal of the owner", async () => {
    const { owner, admin } = await createTeam(t.ctx.db);
    const ownerRow = await memberIdOf(owner);
    expect((await update(admin, { memberId: ownerRow, role: 'member' })).statusCode).toBe(403);
    expect((await remove(admin, ownerRow)).statusCode).toBe(403);
    const row = await t.ctx.db.selectFrom('team_members').select('role').where('id', '=', ownerRow).executeTakeFirstOrThrow();
    expect(row.role).toBe('ADMIN');
  });

  it('refuses a role or cap for a member who is not active', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'pending.test' });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/team-management/invitations',
      headers: { cookie: owner.cookie },
      payload: { members: [{ name: 'Ivy', email: 'ivy@pending.test' }] },
    });
    const memberId = invited.json().data[0]._id as string;
    expect((await update(owner, { memberId, role: 'admin' })).statusCode).toBe(409);
    expect((await update(owner, { memberId, creditsCap: 10 })).statusCode).toBe(409);
  });

  it("clamps the cap to 1..the team's total and refuses one below this month's use", async () => {
    const { owner, member } = await createTeam(t.ctx.db);
    const { total } = await getCreditsInfo(t.ctx.db, owner.teamId);
    expect(total).toBeGreaterThan(40);
    const memberId = await memberIdOf(member);
    expect((await update(owner, { memberId, creditsCap: 0 })).json().data.creditsCap).toBe(1);
    expect((await update(owner, { memberId, creditsCap: total + 1000 })).json().data.creditsCap).toBe(total);
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: member.userId, action: 'test', amount: 25, idempotencyKey: `cap-${memberId}` });
    const below = await update(owner, { memberId, creditsCap: 10 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toMatchObject({ message: 'You cannot assign less than 25 credits.', field: 'creditsCap' });
    const kept = await update(owner, { memberId, creditsCap: 25 });
    expect(kept.json().data).toMatchObject({ creditsCap: 25, creditsUsed: 25 });
  });

  it("answers 404 for another team's member", async () => {
    const ours = await createTeam(t.ctx.db);
    const theirs = await createOwner(t.ctx.db);
    const memberId = await memberIdOf(ours.member);
    expect((await update(theirs, { memberId, role: 'admin' })).statusCode).toBe(404);
    expect((await remove(theirs, memberId)).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('team_members').select('role').where('id', '=', memberId).executeTakeFirst()).toEqual({ role: 'MEMBER' });
  });
});

describe('removing a member', () => {
  it('keeps what they made, ends their sessions and revokes their API keys at once', async () => {
    const { owner, admin } = await createTeam(t.ctx.db);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/lists', headers: { cookie: admin.cookie }, payload: { name: 'Made by the admin' } });
    expect(created.statusCode, created.body).toBeLessThan(300);
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: admin.userId, action: 'test', amount: 5, idempotencyKey: `remove-${admin.userId}` });
    const key = (await t.app.inject({ method: 'POST', url: '/api/v1/api_keys/create', headers: { cookie: admin.cookie } })).json().data.key as string;
    const withKey = () => t.app.inject({ method: 'GET', url: '/api/v1/lists/getAll', headers: { authorization: `Bearer ${key}` } });
    expect((await withKey()).statusCode).toBe(200);

    const response = await remove(owner, await memberIdOf(admin));
    expect(response.statusCode).toBe(204);

    expect((await withKey()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: admin.cookie } })).statusCode).toBe(401);
    const lists = await t.ctx.db.selectFrom('lists').select(['name', 'created_by']).where('team_id', '=', owner.teamId).execute();
    expect(lists).toContainEqual({ name: 'Made by the admin', created_by: admin.userId });
    const ledger = await t.ctx.db.selectFrom('credit_ledger').select('user_id').where('team_id', '=', owner.teamId).where('user_id', '=', admin.userId).execute();
    expect(ledger.length).toBeGreaterThan(0);
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll?pageSize=100', headers: { cookie: owner.cookie } });
    expect(page.json().data.map((m: { email: string }) => m.email)).not.toContain(admin.email);
  });
});
