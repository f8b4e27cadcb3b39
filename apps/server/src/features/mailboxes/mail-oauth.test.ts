import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { generateMessage, deliverRaw } from '../../test/mail/maildir.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startMailOAuthServer } from '../../test/vendors/mail-oauth-servers.js';
import { createWriteLane } from '../../supervisor/index.js';
import { sendMail } from './mail-send.js';
import { syncMailboxOnce } from './mailbox-sync.js';
import { withMailboxSession } from './mailbox-session.js';
import * as repo from './mailboxes.repository.js';

const PUBLIC_URL = 'http://leadline.test';

describe.each([
  { provider: 'gmail' as const, kind: 'google' as const, email: 'ana@gmail.example.test' },
  { provider: 'outlook' as const, kind: 'microsoft' as const, email: 'otto@outlook.example.test' },
])('$provider through OAuth 2 (loopback $kind token server, Dovecot with XOAUTH2)', ({ provider, kind, email }) => {
  let identity: Awaited<ReturnType<typeof startMailOAuthServer>>;
  let dovecot: Dovecot;
  let smtp: SmtpDelivery;
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    identity = await startMailOAuthServer(kind, { clientId: `${kind}-client`, clientSecret: `${kind}-secret`, user: { email, name: 'Ana Outbound' } });
    // The mailbox has no password Leadline knows: only a token the identity server vouches for opens it.
    dovecot = await startDovecot([{ email, password: 'not-known-to-leadline' }, { email: 'peer@example.test', password: 'peer-secret' }], { oauth2UserinfoUrl: identity.userinfoUrl });
    smtp = await startSmtpDelivery(dovecot, { acceptsToken: identity.accepts });
    const base = testConfig().mailOAuth[provider];
    t = await createTestApp({
      config: {
        outboundAllowPrivate: true,
        publicUrl: PUBLIC_URL,
        mailOAuth: {
          ...testConfig().mailOAuth,
          [provider]: {
            ...base,
            clientId: `${kind}-client`,
            clientSecret: `${kind}-secret`,
            authUrl: identity.authUrl,
            tokenUrl: identity.tokenUrl,
            imap: { host: dovecot.host, port: dovecot.port, secure: false },
            smtp: { host: smtp.host, port: smtp.port, secure: false },
          },
        },
      },
    });
    owner = await createOwner(t.ctx.db);
  }, 60_000);
  afterAll(async () => {
    await smtp?.stop();
    await dovecot?.stop();
    await t?.close();
    await identity?.close();
  });

  const get = (url: string, user = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

  /** What the browser does: open the consent URL, follow the provider's redirect, hand code and state to the API. */
  async function signIn(user = owner) {
    const auth = await get(`/api/v1/mail/${provider}/auth`, user);
    expect(auth.statusCode, auth.body).toBe(200);
    const consent = new URL(auth.json().data.url);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/mail/${provider}/callback`);
    const approved = await fetch(consent, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe(`/mail/${provider}/callback`);
    return get(`/api/v1/mail/${provider}/oauth2callback?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`, user);
  }

  const account = async () => (await repo.listAccountsOfUser(t.ctx.db, owner.teamId, owner.userId)).find((a) => a.email_address === email)!;

  it('connects the mailbox with the tokens sealed, after an XOAUTH2 IMAP login, and syncs it', async () => {
    deliverRaw(dovecot, email, generateMessage({ from: 'peer@example.test', to: email, subject: 'Hello over OAuth', text: 'Token-authenticated mail.' }).raw);
    const answer = await signIn();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.account).toMatchObject({ emailAddress: email, account: provider, isConnected: true, name: 'Ana Outbound' });
    const row = await account();
    expect(row).toMatchObject({ auth_method: 'oauth', provider, username: email, imap_port: dovecot.port });
    expect(row.secret).not.toMatch(/^(1\/\/|M\.C5)/);
    expect(row.access_token).not.toMatch(/^(ya29\.|EwB)/);
    expect(identity.counts.codeGrants).toBe(1);

    await syncMailboxOnce(t.ctx, row, createWriteLane(t.ctx.db, t.runtime.database.kind));
    const stored = await t.ctx.db.selectFrom('mail_messages').select('subject').where('account_id', '=', row.id).execute();
    expect(stored.map((m) => m.subject)).toEqual(['Hello over OAuth']);
  }, 60_000);

  it('refuses a code redeemed with a state another member started', async () => {
    const auth = await get(`/api/v1/mail/${provider}/auth`);
    const consent = new URL(auth.json().data.url);
    const other = await createOwner(t.ctx.db);
    const approved = await fetch(consent, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const answer = await get(`/api/v1/mail/${provider}/oauth2callback?code=${back.searchParams.get('code')}&state=${back.searchParams.get('state')}`, other);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.field).toBe('state');
  });

  it('refreshes an expired access token before a session, and sends through SMTP with XOAUTH2', async () => {
    const row = await account();
    await t.ctx.db.updateTable('mail_accounts').set({ access_token_expires_at: new Date(Date.now() - 1000) }).where('id', '=', row.id).execute();
    const before = identity.counts.refreshGrants;
    const fresh = (await repo.findAccount(t.ctx.db, row.id))!;
    const sent = await sendMail(t.ctx, fresh, { to: ['peer@example.test'], subject: 'Sent with a refreshed token', text: 'Hi' });
    expect(sent.messageId).toMatch(/@/);
    expect(identity.counts.refreshGrants).toBe(before + 1);
    const after = (await repo.findAccount(t.ctx.db, row.id))!;
    expect(new Date(after.access_token_expires_at!).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(after.access_token).not.toBe(row.access_token);
    if (kind === 'microsoft') expect(after.secret).not.toBe(row.secret); // Microsoft rotates refresh tokens
  }, 30_000);

  it('refreshes once and logs in again when the IMAP server refuses a token that has not expired (AUTHENTICATIONFAILED)', async () => {
    identity.invalidateAccessTokens();
    const before = identity.counts.refreshGrants;
    const row = (await repo.findAccount(t.ctx.db, (await account()).id))!;
    const folders = await withMailboxSession(t.ctx, row, async (client) => (await client.list()).length);
    expect(folders).toBeGreaterThan(0);
    expect(identity.counts.refreshGrants).toBe(before + 1);
    expect((await repo.findAccount(t.ctx.db, row.id))!.status).toBe('connected');
  }, 30_000);

  it('marks the mailbox disconnected, needing a new sign-in, when the grant was revoked', async () => {
    identity.revoke(email);
    const row = (await repo.findAccount(t.ctx.db, (await account()).id))!;
    const action = await withMailboxSession(t.ctx, row, async () => 'unreachable').catch((e: Error) => e);
    expect(action).toBeInstanceOf(Error);
    expect((action as Error).message).toMatch(/Reconnect it in Settings/);
    const listed = (await get('/api/v1/mail/gmail/accounts')).json().data.find((a: { emailAddress: string }) => a.emailAddress === email);
    expect(listed).toMatchObject({ isConnected: false, account: provider });
    expect(listed.disconnectedReason).toMatch(new RegExp(`${kind === 'google' ? 'Google' : 'Microsoft'} refused the saved sign-in \\(invalid_grant`));

    // Signing in again reconnects the same mailbox.
    const again = await signIn();
    expect(again.statusCode, again.body).toBe(200);
    expect((await repo.findAccount(t.ctx.db, row.id))!.status).toBe('connected');
  }, 30_000);

  it('answers the warm-up sign-in link: the consent page signed in as the mailbox, which keeps it connected', async () => {
    const answer = await get(`/email-warmup/link?email=${encodeURIComponent(email)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const consent = new URL(answer.json().data.url);
    expect(`${consent.origin}${consent.pathname}`).toBe(new URL(identity.authUrl).href.split('?')[0]);
    expect(consent.searchParams.get('login_hint')).toBe(email);
    expect(consent.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/mail/${provider}/callback`);
    const back = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location')!);
    const stored = await get(`/api/v1/mail/${provider}/oauth2callback?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`);
    expect(stored.statusCode, stored.body).toBe(200);
    expect((await account()).status).toBe('connected');

    const stranger = await createOwner(t.ctx.db);
    expect((await get(`/email-warmup/link?email=${encodeURIComponent(email)}`, stranger)).statusCode).toBe(404);
  }, 30_000);

  it('disconnects through its own provider path', async () => {
    const answer = await get(`/api/v1/mail/${provider}/disconnect?emailAddress=${encodeURIComponent(email)}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await account()).toBeUndefined();
  });
});

describe('Gmail and Outlook without an OAuth app configured', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL } });
    owner = await createOwner(t.ctx.db);
  });
  afterAll(async () => t?.close());

  it('says plainly that the server has no Gmail or Outlook app, and which variables to set', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/v1/mail/providers', headers: { cookie: owner.cookie } });
    expect(providers.json().data).toEqual({ gmail: false, outlook: false, imap: true });
    const gmail = await t.app.inject({ method: 'GET', url: '/api/v1/mail/gmail/auth', headers: { cookie: owner.cookie } });
    expect(gmail.statusCode).toBe(503);
    expect(gmail.json().error.message).toMatch(/no Gmail app configured.*GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    const outlook = await t.app.inject({ method: 'GET', url: '/api/v1/mail/outlook/auth', headers: { cookie: owner.cookie } });
    expect(outlook.json().error.message).toMatch(/no Outlook app configured.*MICROSOFT_CLIENT_ID/);
  });
});
