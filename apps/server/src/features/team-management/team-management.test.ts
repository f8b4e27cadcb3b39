import crypto from 'node:crypto';
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

const tokenOf = (inviteUrl: string) => inviteUrl.split('/invite/')[1]!;
const answer = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/team-management/invitations', headers: { cookie }, payload });
const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/team-management/invitations/${token}` });

describe('invitation links', () => {
  it('answers each invited member with a link to pass on when the server cannot send mail', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'link.test' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/team-management/invitations', headers: { cookie: owner.cookie, host: 'leadline.link.test' }, payload: { members: [{ name: 'Bob', email: 'bob@link.test' }, { name: 'Cat', email: 'cat@link.test' }] } });
    const [bob, cat] = response.json().data;
    expect(bob.inviteUrl).toMatch(/^http:\/\/leadline\.link\.test\/invite\/[\w-]{43}$/);
    expect(cat.inviteUrl).not.toBe(bob.inviteUrl);
    // 32 random bytes in base64url.
    expect(Buffer.from(tokenOf(bob.inviteUrl), 'base64url')).toHaveLength(32);
  });

  it('stores only the SHA-256 of the link secret, with a 7-day expiry', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'hash.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Hal', email: 'hal@hash.test' }])).json().data;
    const token = tokenOf(row.inviteUrl);
    const stored = await t.ctx.db.selectFrom('team_members').selectAll().where('id', '=', row._id).executeTakeFirstOrThrow();
    expect(stored.invite_token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const days = (stored.invite_expires_at!.getTime() - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('shows the team and role to anyone holding the link, and nothing for a wrong one', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'peek.test', companyName: 'Peek Inc' });
    const [row] = (await invite(owner.cookie, [{ name: 'Pia', email: 'pia@peek.test', role: 'admin' }])).json().data;
    const shown = await preview(tokenOf(row.inviteUrl));
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({ invitationId: row._id, teamName: 'Peek Inc', invitedByName: 'Olivia Owner', role: 'ADMIN', email: 'pia@peek.test', expiresAt: expect.any(String) });
    const wrong = await preview(crypto.randomBytes(32).toString('base64url'));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toEqual({ code: 'NOT_FOUND', message: MESSAGES.inviteLinkInvalid });
  });

  it('lets the invited address join with the link, once, with the invited role', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'join.test', companyName: 'Join Inc' });
    const [row] = (await invite(owner.cookie, [{ name: 'Bob', email: 'bob@join.test', role: 'ADMIN' }])).json().data;
    const token = tokenOf(row.inviteUrl);
    const bob = await signup('bob@join.test', 'Bob');

    const accepted = await answer(bob.cookie, { invitationId: row._id, action: 'accept', token });
    expect(accepted.json().data).toEqual({ status: 'ACTIVE', teamId: owner.teamId });
    const me = (await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: bob.cookie } })).json();
    expect(me.user).toMatchObject({ teamId: owner.teamId, permission: 'TEAM_ADMIN', role: 'ADMIN', companyName: 'Join Inc', onboardingStep: 'finished' });
    // Bob's own empty team is gone.
    expect(await t.ctx.db.selectFrom('teams').select('id').where('id', '=', bob.me.user.teamId).executeTakeFirst()).toBeUndefined();
    const members = await t.app.inject({ method: 'GET', url: '/api/v1/team-management/members/getAll', headers: { cookie: owner.cookie } });
    expect(members.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'bob@join.test', status: 'ACTIVE', userId: bob.me.user.id })]));

    // Single use: the link is spent, whoever tries it again.
    expect((await answer(bob.cookie, { invitationId: row._id, action: 'accept', token })).statusCode).toBe(404);
    expect((await preview(token)).statusCode).toBe(404);
    const stored = await t.ctx.db.selectFrom('team_members').select(['invite_token_hash', 'invite_expires_at']).where('id', '=', row._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ invite_token_hash: null, invite_expires_at: null });
  });

  it('does not let the invited address join without the link, or with a wrong one', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'takeover.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Vic', email: 'vic@takeover.test', role: 'ADMIN' }])).json().data;
    // Whoever signs up first with the invited address, without the link, stays outside.
    const squatter = await signup('vic@takeover.test');
    const none = await answer(squatter.cookie, { invitationId: row._id, action: 'accept' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.field).toBe('token');
    const wrong = await answer(squatter.cookie, { invitationId: row._id, action: 'accept', token: crypto.randomBytes(32).toString('base64url') });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toEqual({ code: 'NOT_FOUND', message: MESSAGES.inviteLinkInvalid });
    // Another invitation's link does not open this one.
    const [other] = (await invite(owner.cookie, [{ name: 'Wes', email: 'wes@takeover.test' }])).json().data;
    expect((await answer(squatter.cookie, { invitationId: row._id, action: 'accept', token: tokenOf(other.inviteUrl) })).statusCode).toBe(404);
    const me = (await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie: squatter.cookie } })).json();
    expect(me.user.teamId).toBe(squatter.me.user.teamId);
  });

  it('refuses a valid link from an account with another address (403)', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'steal.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Vic', email: 'vic@steal.test' }])).json().data;
    const mallory = await signup('mallory@steal.test');
    const response = await answer(mallory.cookie, { invitationId: row._id, action: 'accept', token: tokenOf(row.inviteUrl) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: MESSAGES.inviteOtherAddress });
    // The link still works for the right person.
    expect((await preview(tokenOf(row.inviteUrl))).statusCode).toBe(200);
  });

  it('refuses an expired link, and inviting the address again issues a new one', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'old.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Old', email: 'old@old.test' }])).json().data;
    await t.ctx.db.updateTable('team_members').set({ invite_expires_at: new Date(Date.now() - 1000) }).where('id', '=', row._id).execute();
    const old = await signup('old@old.test');
    expect((await preview(tokenOf(row.inviteUrl))).statusCode).toBe(404);
    expect((await answer(old.cookie, { invitationId: row._id, action: 'accept', token: tokenOf(row.inviteUrl) })).statusCode).toBe(404);

    const renewed = await invite(owner.cookie, [{ name: 'Old', email: 'old@old.test' }]);
    expect(renewed.statusCode).toBe(201);
    const [again] = renewed.json().data;
    expect(again._id).toBe(row._id);
    expect((await answer(old.cookie, { invitationId: row._id, action: 'accept', token: tokenOf(row.inviteUrl) })).statusCode).toBe(404);
    expect((await answer(old.cookie, { invitationId: row._id, action: 'accept', token: tokenOf(again.inviteUrl) })).statusCode).toBe(200);
  });

  it('rejecting spends the link, keeps the person where they are, and can be re-invited', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'rej.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Rae', email: 'rae@rej.test' }])).json().data;
    const rae = await signup('rae@rej.test');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/invitations', headers: { cookie: rae.cookie } })).json().data;
    expect(listed).toEqual([expect.objectContaining({ _id: row._id, teamId: owner.teamId })]);
    const rejected = await answer(rae.cookie, { invitationId: row._id, action: 'reject', token: tokenOf(row.inviteUrl) });
    expect(rejected.json().data).toEqual({ status: 'REJECTED', teamId: rae.me.user.teamId });
    expect((await answer(rae.cookie, { invitationId: row._id, action: 'accept', token: tokenOf(row.inviteUrl) })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/invitations', headers: { cookie: rae.cookie } })).json();
    expect(list.data).toEqual([]);
    expect((await invite(owner.cookie, [{ name: 'Rae', email: 'rae@rej.test' }])).statusCode).toBe(201);
  });

  it('keeps an owner whose team has members from leaving it', async () => {
    const target = await createOwner(t.ctx.db, { domain: 'busy.test' });
    const owner = await createOwner(t.ctx.db, { domain: 'busy.test' });
    await createMember(t.ctx.db, owner, 'MEMBER');
    const [row] = (await invite(target.cookie, [{ name: 'O', email: owner.email }])).json().data;
    const response = await answer(await sessionCookie(t.ctx.db, owner.userId), { invitationId: row._id, action: 'accept', token: tokenOf(row.inviteUrl) });
    expect(response.statusCode).toBe(409);
  });
});

describe('signing up from an invitation link', () => {
  const signupWith = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

  it('creates the account inside the inviting team with the invited role, without a team of its own', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'new.test', companyName: 'New Inc' });
    const [row] = (await invite(owner.cookie, [{ name: 'Nia', email: 'nia@new.test', role: 'admin' }])).json().data;
    const teamsBefore = await t.ctx.db.selectFrom('teams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await signupWith({ name: 'Nia N', email: 'NIA@new.test', password: 'longenough', inviteToken: tokenOf(row.inviteUrl) });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ teamId: owner.teamId, permission: 'TEAM_ADMIN', role: 'ADMIN', companyName: 'New Inc' });
    const teamsAfter = await t.ctx.db.selectFrom('teams').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(teamsAfter.n)).toBe(Number(teamsBefore.n));
    expect((await preview(tokenOf(row.inviteUrl))).statusCode).toBe(404);
  });

  it('refuses the link for another address, and a spent link', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'other.test' });
    const [row] = (await invite(owner.cookie, [{ name: 'Ola', email: 'ola@other.test' }])).json().data;
    const token = tokenOf(row.inviteUrl);
    const other = await signupWith({ name: 'Eve', email: 'eve@other.test', password: 'longenough', inviteToken: token });
    expect(other.statusCode).toBe(403);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'eve@other.test').executeTakeFirst()).toBeUndefined();
    expect((await signupWith({ name: 'Ola', email: 'ola@other.test', password: 'longenough', inviteToken: token })).statusCode).toBe(201);
    expect((await signupWith({ name: 'Ola', email: 'ola2@other.test', password: 'longenough', inviteToken: token })).statusCode).toBe(404);
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
