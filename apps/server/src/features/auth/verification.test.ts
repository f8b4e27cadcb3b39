import { MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpFixture } from '../../test/mail/smtp-fixture.js';
import { createOwner, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const PUBLIC_URL = 'https://leads.example.test';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
beforeAll(async () => {
  smtp = await startSmtpFixture({ user: 'mailer', pass: 's3cret' });
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL, mailFrom: 'Leadline <no-reply@leads.example.test>' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const signup = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload: { name: 'Sam', password: 'longenough', companyName: 'Acme', ...payload } });
const linkIn = (text: string, path: string) => new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}/(\\S+)`).exec(text)?.[1];
const credits = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/analytics/getCreditsInfo', headers: { cookie } })).json().data;

describe('sign-up when the server sends mail', () => {
  it('mails a verification link (to PUBLIC_URL, whatever the Host header) and grants the trial credits only once it is opened', async () => {
    const response = await signup({ email: 'new@verify.test' }, { host: 'evil.test' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { status: 'CHECK_EMAIL', email: 'new@verify.test', message: MESSAGES.checkEmail } });
    expect(response.headers['set-cookie']).toBeUndefined();

    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ from: 'no-reply@leads.example.test', to: ['new@verify.test'], subject: 'Confirm your email address for Leadline' });
    expect(mail!.text).not.toContain('evil.test');
    const token = linkIn(mail!.text, '/verify-email');
    expect(token).toBeTruthy();

    // The account works before verification, without credits.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'new@verify.test', password: 'longenough' } });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect(await credits(cookie)).toMatchObject({ total: 0, available: 0 });

    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.json()).toEqual({ data: { email: 'new@verify.test', creditsGranted: 15000 } });
    expect(await credits(cookie)).toMatchObject({ total: 15000, available: 15000 });
    // Opening the link again grants nothing more.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.json()).toEqual({ data: { email: 'new@verify.test', creditsGranted: 0 } });
    expect(await credits(cookie)).toMatchObject({ total: 15000 });
  });

  it('refuses a forged or altered verification link', async () => {
    await signup({ email: 'forge@verify.test' });
    const [mail] = await smtp.waitFor(1);
    const token = linkIn(mail!.text, '/verify-email')!;
    const [body, mac] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...payload, m: 'victim@verify.test' })).toString('base64url')}.${mac}`;
    for (const bad of [altered, 'not-a-token', `${body}.${'A'.repeat(43)}`]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: bad } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'VALIDATION_FAILED', message: MESSAGES.verifyLinkInvalid, field: 'token' });
    }
  });

  it('answers an existing address exactly as a new one, and mails its owner instead', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'same.test' });
    await t.ctx.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', owner.userId).execute();
    const timings = { existing: [] as number[], fresh: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [['existing', owner.email], ['fresh', `fresh${i}@same.test`]] as const) {
        const started = performance.now();
        const response = await signup({ email });
        timings[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(202);
        expect(response.headers['set-cookie']).toBeUndefined();
        answers.add(JSON.stringify(response.json()).replace(email, 'EMAIL'));
      }
    }
    expect(answers.size).toBe(1);
    const mails = await smtp.waitFor(6);
    const toOwner = mails.filter((m) => m.to[0] === owner.email);
    expect(toOwner).toHaveLength(3);
    expect(toOwner[0]!.subject).toBe('Someone tried to sign up for Leadline with your address');
    expect(toOwner[0]!.text).toContain(`${PUBLIC_URL}/login`);
    // Both paths hash a password and send one mail: neither is a few milliseconds against a hundred.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    expect(median(timings.existing)).toBeGreaterThan(median(timings.fresh) * 0.4);
    // The existing account is untouched: its password still works, no second user exists.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: TEST_PASSWORD } })).statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', owner.email).execute()).toHaveLength(1);
  });

  it('sends a fresh verification link when an unconfirmed address signs up again', async () => {
    await signup({ email: 'again@verify.test' });
    await signup({ email: 'again@verify.test', password: 'another password' });
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your email address for Leadline', 'Confirm your email address for Leadline']);
    const token = linkIn(mails[1]!.text, '/verify-email');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).json().data.creditsGranted).toBe(15000);
  });
});

describe('invitations when the server sends mail', () => {
  it('mails the invitation link instead of answering it, and the mailed link signs the invitee up verified', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'mailinvite.test', companyName: 'Mail Inc' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/team-management/invitations',
      headers: { cookie: owner.cookie, host: 'evil.test' },
      payload: { members: [{ name: 'Ivy', email: 'ivy@mailinvite.test', role: 'admin' }] },
    });
    expect(response.statusCode).toBe(201);
    const [member] = response.json().data;
    expect(member.inviteUrl).toBeUndefined();

    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: ['ivy@mailinvite.test'], subject: 'Olivia Owner invited you to join Mail Inc on Leadline' });
    expect(mail!.text).toContain('as admin');
    const token = linkIn(mail!.text, '/invite');
    expect(token).toMatch(/^[\w-]{43}$/);

    const joined = await signup({ name: 'Ivy', email: 'ivy@mailinvite.test', companyName: '', inviteToken: token });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().user).toMatchObject({ teamId: owner.teamId, role: 'ADMIN', companyName: 'Mail Inc' });
    const user = await t.ctx.db.selectFrom('users').select(['email_verified_at', 'trial_credits_pending']).where('email', '=', 'ivy@mailinvite.test').executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeInstanceOf(Date);
    expect(user.trial_credits_pending).toBe(false);
  });
});

describe('pending invitations when the server sends mail', () => {
  it('lists them only once the account has confirmed its address', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'banner.test', companyName: 'Banner Inc' });
    await t.app.inject({ method: 'POST', url: '/api/v1/team-management/invitations', headers: { cookie: owner.cookie }, payload: { members: [{ name: 'B', email: 'b@banner.test' }] } });
    await signup({ email: 'b@banner.test' });
    const mails = await smtp.waitFor(2);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'b@banner.test', password: 'longenough' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const list = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/team-management/invitations', headers: { cookie } })).json().data;
    expect(await list()).toEqual([]);
    const verifyMail = mails.find((m) => m.subject.startsWith('Confirm'))!;
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: linkIn(verifyMail.text, '/verify-email') } });
    expect(await list()).toEqual([expect.objectContaining({ teamName: 'Banner Inc' })]);
  });
});

describe('sign-up modes', () => {
  const withMode = async (mode: 'open' | 'invite' | 'closed', run: () => Promise<void>) => {
    const before = t.ctx.config.signupMode;
    t.ctx.config.signupMode = mode;
    try {
      await run();
    } finally {
      t.ctx.config.signupMode = before;
    }
  };

  it('closed: nobody signs up, not even with an invitation', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'closed.test' });
    await t.app.inject({ method: 'POST', url: '/api/v1/team-management/invitations', headers: { cookie: owner.cookie }, payload: { members: [{ name: 'C', email: 'c@closed.test' }] } });
    const token = linkIn((await smtp.waitFor(1))[0]!.text, '/invite');
    await withMode('closed', async () => {
      for (const payload of [{ email: 'x@closed.test' }, { email: 'c@closed.test', inviteToken: token }]) {
        const response = await signup(payload);
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: MESSAGES.signupClosed });
      }
    });
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'in', ['x@closed.test', 'c@closed.test']).execute()).toEqual([]);
    expect(smtp.received).toHaveLength(1);
  });

  it('invite: only with a valid invitation link for that address', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'inviteonly.test' });
    await t.app.inject({ method: 'POST', url: '/api/v1/team-management/invitations', headers: { cookie: owner.cookie }, payload: { members: [{ name: 'I', email: 'i@inviteonly.test' }] } });
    const token = linkIn((await smtp.waitFor(1))[0]!.text, '/invite')!;
    await withMode('invite', async () => {
      const plain = await signup({ email: 'plain@inviteonly.test' });
      expect(plain.statusCode).toBe(403);
      expect(plain.json().error).toEqual({ code: 'FORBIDDEN', message: MESSAGES.signupInviteOnly });
      expect((await signup({ email: 'i@inviteonly.test', inviteToken: 'x'.repeat(43) })).statusCode).toBe(404);
      expect((await signup({ email: 'other@inviteonly.test', inviteToken: token })).statusCode).toBe(403);
      expect((await signup({ email: 'i@inviteonly.test', inviteToken: token })).statusCode).toBe(201);
    });
  });
});

describe('when the mail server does not answer', () => {
  const withSmtp = async (url: string, run: () => Promise<void>) => {
    const before = t.ctx.config.smtpUrl;
    t.ctx.config.smtpUrl = url;
    try {
      await run();
    } finally {
      t.ctx.config.smtpUrl = before;
    }
  };

  it('answers the invitation link to the inviter instead, and says so at sign-up', async () => {
    const owner = await createOwner(t.ctx.db, { domain: 'down.test' });
    const closed = await startSmtpFixture({ user: 'x', pass: 'y' });
    await closed.close();
    await withSmtp(`smtp://127.0.0.1:${closed.port}`, async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/team-management/invitations', headers: { cookie: owner.cookie }, payload: { members: [{ name: 'D', email: 'd@down.test' }] } });
      expect(response.statusCode).toBe(201);
      expect(response.json().data[0].inviteUrl).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/invite/[\\w-]{43}$`));
      const signedUp = await signup({ email: 'down@down.test' });
      expect(signedUp.statusCode).toBe(503);
      expect(signedUp.json().error).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: MESSAGES.mailFailed });
    });
  });
});
