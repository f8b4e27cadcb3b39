import { MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner, createTeam, sessionCookie } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invite = (cookie: string, members: unknown[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/team-management/invitations', headers: { cookie }, payload: { members } });
const signup = async (email: string, name = 'New Person') => {
  const r = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email, password: 'longenough', companyName: 'Solo' } });
  expect(r.statusCode).toBe(201);
  return { cookie: String(r.headers['set-cookie']).split(';')[0]!, me: r.json() };
};

describe('inviting members', () => {
  it('invites same-domain colleagues with the member role by default', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'acme.test' });
    const response = await invite(owner.cookie, [
      { name: 'Bob', email: ' Bob@Acme.test ' },
      { name: 'Cat', email: 'cat@acme.test', role: 'admin' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual([
      expect.objectContaining({ name: 'Bob', email: 'bob@acme.test', role: 'MEMBER', status: 'INVITED', userId: null, isOwner: false }),
      expect.objectContaining({ name: 'Cat', email: 'cat@acme.test', role: 'ADMIN', status: 'INVITED' }),
    ]);
  });

  it("refuses another domain than the inviter's with the spec's message", async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'one.test' });
    const response = await invite(owner.cookie, [{ name: 'Eve', email: 'eve@other.test' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'INVITE_DOMAIN_MISMATCH', message: MESSAGES.inviteSameDomain, field: 'members.0.email' });
    const rows = await t.ctx.db.selectFrom('team_members').select('id').where('email', '=', 'eve@other.test').execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses an email already in the team, or twice in one request, and invites nobody then', async () => {
    const { owner, member } = await createTeam(t.ctx.db, { domain: 'dup.test' });
    const existing = await invite(owner.cookie, [{ name: 'Fresh', email: 'fresh@dup.test' }, { name: 'M', email: member.email }]);
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error).toEqual({ code: 'INVITE_DUPLICATE', message: MESSAGES.inviteDuplicate, field: 'members.1.email' });
    const twice = await invite(owner.cookie, [{ name: 'A', email: 'a@dup.test' }, { name: 'A', email: 'A@dup.test' }]);
    expect(twice.statusCode).toBe(409);
    const fresh = await t.ctx.db.selectFrom('team_members').select('id').where('email', 'in', ['fresh@dup.test', 'a@dup.test']).execute();
    expect(fresh).toHaveLength(0);
    expect((await invite(owner.cookie, [{ name: 'Open', email: 'open@dup.test' }])).statusCode).toBe(201);
    expect((await invite(owner.cookie, [{ name: 'Open', email: 'open@dup.test' }])).statusCode).toBe(409);
  });

  it('validates names, the email pattern and the role', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'v.test' });
    const noName = await invite(owner.cookie, [{ name: ' ', email: 'x@v.test' }]);
    expect(noName.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'members.0.name' });
    const badEmail = await invite(owner.cookie, [{ name: 'X', email: 'x@v' }]);
    expect(badEmail.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'members.0.email' });
    const badRole = await invite(owner.cookie, [{ name: 'X', email: 'x@v.test', role: 'owner' }]);
    expect(badRole.json().error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'members.0.role' });
    const empty = await invite(owner.cookie, []);
    expect(empty.json().error).toMatchObject({ field: 'members' });
  });

  it('lets admins invite and forbids members', async () => {
    const { admin, member } = await createTeam(t.ctx.db, { domain: 'roles.test' });
    expect((await invite(admin.cookie, [{ name: 'Z', email: 'z@roles.test' }])).statusCode).toBe(201);
    expect((await invite(member.cookie, [{ name: 'Y', email: 'y@roles.test' }])).statusCode).toBe(403);
  });
});

describe('answering an invitation', () => {
  it('shows the invitation to the invited person, and accepting moves them into the team', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'join.test', companyName: 'Join Inc' });
    await invite(owner.cookie, [{ name: 'Bob', email: 'bob@join.test', role: 'ADMIN' }]);
    const bob = await signup('bob@join.test', 'Bob');
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/team-management/invitations', headers: { cookie: bob.cookie } });
    expect(listed.json().data).toEqual([expect.objectContaining({ teamId: owner.teamId, teamName: 'Join Inc', invitedByName: 'Olivia Owner', role: 'ADMIN' })]);
    const invitationId = listed.json().data[0]._id;

    const accepted = await t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/invitations', headers: { cookie: bob.cookie }, payload: { invitationId, action: 'accept' } });
    expect(accepted.json().data).toEqual({ status: 'ACTIVE', teamId: owner.teamId });

    const me = (await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: bob.cookie } })).json();
    expect(me.user).toMatchObject({ teamId: owner.teamId, permission: 'TEAM_ADMIN', role: 'ADMIN', companyName: 'Join Inc' });
    // Bob's own empty team is gone.
    expect(await t.ctx.db.selectFrom('teams').select('id').where('id', '=', bob.me.user.teamId).executeTakeFirst()).toBeUndefined();

    const members = await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll', headers: { cookie: owner.cookie } });
    expect(members.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'bob@join.test', status: 'ACTIVE', userId: bob.me.user.id })]),
    );
    const again = await t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/invitations', headers: { cookie: bob.cookie }, payload: { invitationId, action: 'accept' } });
    expect(again.statusCode).toBe(404);
  });

  it('rejecting keeps the person where they are and can be re-invited', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'rej.test' });
    await invite(owner.cookie, [{ name: 'Rae', email: 'rae@rej.test' }]);
    const rae = await signup('rae@rej.test');
    const [inv] = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/invitations', headers: { cookie: rae.cookie } })).json().data;
    const rejected = await t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/invitations', headers: { cookie: rae.cookie }, payload: { invitationId: inv._id, action: 'reject' } });
    expect(rejected.json().data).toEqual({ status: 'REJECTED', teamId: rae.me.user.teamId });
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/invitations', headers: { cookie: rae.cookie } })).json();
    expect(list.data).toEqual([]);
    expect((await invite(owner.cookie, [{ name: 'Rae', email: 'rae@rej.test' }])).statusCode).toBe(201);
  });

  it("never lets someone answer another person's invitation", async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'steal.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Vic', email: 'vic@steal.test' }])).json().data;
    const mallory = await signup('mallory@steal.test');
    const response = await t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/invitations', headers: { cookie: mallory.cookie }, payload: { invitationId: row._id, action: 'accept' } });
    expect(response.statusCode).toBe(404);
  });

  it('keeps an owner whose team has members from leaving it', async () => {
    const target = await createOwner(t.ctx.db, { domain: 'busy.test' });
    const owner = await createOwner(t.ctx.db, { domain: 'busy.test' });
    await createMember(t.ctx.db, owner, 'MEMBER');
    const [row] = (await invite(target.cookie, [{ name: 'O', email: owner.email }])).json().data;
    const response = await t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/invitations', headers: { cookie: await sessionCookie(t.ctx.db, owner.userId) }, payload: { invitationId: row._id, action: 'accept' } });
    expect(response.statusCode).toBe(409);
  });
});

describe('listing members', () => {
  it('pages and searches the members of the own team only', async () => {
    const { owner, admin } = await createTeam(t.ctx.db, { domain: 'list.test' });
    await invite(owner.cookie, Array.from({ length: 7 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@list.test` })));
    await createTeam(t.ctx.db, { domain: 'list.test' }); // another team, same domain

    const page1 = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll?page=1&pageSize=5', headers: { cookie: admin.cookie } })).json();
    expect(page1.pagination).toEqual({ currentPage: 1, totalPages: 2, totalRecords: 10 });
    expect(page1.data).toHaveLength(5);
    expect(page1.data[0]).toMatchObject({ isOwner: true, role: 'ADMIN', status: 'ACTIVE', creditsUsed: 0 });
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll?page=2&pageSize=5', headers: { cookie: admin.cookie } })).json();
    expect(page2.data).toHaveLength(5);
    const ids = new Set([...page1.data, ...page2.data].map((m: { _id: string }) => m._id));
    expect(ids.size).toBe(10);

    const search = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll?search=person%203', headers: { cookie: owner.cookie } })).json();
    expect(search.data.map((m: { email: string }) => m.email)).toEqual(['p3@list.test']);
    const literal = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll?search=%25', headers: { cookie: owner.cookie } })).json();
    expect(literal.data).toEqual([]);
  });
});
