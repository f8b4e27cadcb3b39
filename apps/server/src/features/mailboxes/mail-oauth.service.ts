/**
 * Connecting Gmail and Outlook by OAuth 2: the consent URL (authorization code with PKCE S256
 * and a signed `state` naming the member, the provider and an expiry), then the callback that
 * redeems the code, tries an XOAUTH2 IMAP login, and stores the tokens sealed.
 *
 * The PKCE verifier is never stored: it is an HMAC of the state's nonce under the server's
 * secret, so the callback derives it again, and nobody who sees the URL (which carries only its
 * SHA-256) can redeem an intercepted code.
 */
import crypto from 'node:crypto';
import { AppError, MAIL_OAUTH_MESSAGES, MESSAGES, type EmailAccount, type MailOAuthProvider } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { findSecret } from '../../lib/crypto/secrets.js';
import { readSignedToken, signToken } from '../../lib/crypto/signed-token.js';
import { mailOAuthClientFor } from './mailbox-credentials.js';
import { describeMailError, imapClient } from './mail-connections.js';
import { MailGrantRefusedError } from './mail-oauth.js';
import * as repo from './mailboxes.repository.js';
import { presentAccount } from './mailboxes.service.js';

const STATE_TTL_MS = 15 * 60 * 1000;

type MailOAuthState = { k: 'mail'; t: string; u: string; p: MailOAuthProvider; e: number; n: string };

const verifierOf = (secret: string, nonce: string) => crypto.createHmac('sha256', secret).update(`mail-pkce:${nonce}`).digest('base64url');
const challengeOf = (verifier: string) => crypto.createHash('sha256').update(verifier).digest('base64url');

/** Only PUBLIC_URL, never the request's Host header: a forged Host would send the code elsewhere. */
export function mailRedirectUri(ctx: AppContext, provider: MailOAuthProvider) {
  if (!ctx.config.publicUrl) throw new AppError('PROVIDER_UNAVAILABLE', MESSAGES.oauthNeedsPublicUrl);
  return `${ctx.config.publicUrl}/mail/${provider}/callback`;
}

function clientOf(ctx: AppContext, provider: MailOAuthProvider) {
  const client = mailOAuthClientFor(ctx.config, provider);
  if (!client) throw new AppError('PROVIDER_UNAVAILABLE', MAIL_OAUTH_MESSAGES.notConfigured(provider));
  return client;
}

/** GET /mail/{provider}/auth: the provider's consent URL. */
export async function mailOAuthUrl(ctx: AppContext, actor: Actor, provider: MailOAuthProvider, loginHint?: string, now = Date.now()) {
  const client = clientOf(ctx, provider);
  const redirectUri = mailRedirectUri(ctx, provider);
  const secret = await findSecret(ctx.db, 'oauth_state');
  const nonce = crypto.randomBytes(16).toString('base64url');
  const state = signToken({ k: 'mail', t: actor.teamId, u: actor.userId, p: provider, e: now + STATE_TTL_MS, n: nonce } satisfies MailOAuthState, secret);
  return client.authorizeUrl({ state, codeChallenge: challengeOf(verifierOf(secret, nonce)), redirectUri, ...(loginHint ? { loginHint } : {}) });
}

/** GET /mail/{provider}/oauth2callback: redeems the code, checks the mailbox over IMAP, stores it. */
export async function finishMailOAuth(ctx: AppContext, actor: Actor, provider: MailOAuthProvider, query: { code: string; state: string }): Promise<EmailAccount> {
  const client = clientOf(ctx, provider);
  const secret = await findSecret(ctx.db, 'oauth_state');
  const state = readSignedToken<MailOAuthState>(query.state, secret);
  if (!state || state.k !== 'mail' || state.t !== actor.teamId || state.u !== actor.userId || state.p !== provider || state.e < Date.now()) {
    throw new AppError('VALIDATION_FAILED', MAIL_OAUTH_MESSAGES.badState, { field: 'state' });
  }
  const grant = await client.exchangeCode({ code: query.code, codeVerifier: verifierOf(secret, state.n), redirectUri: mailRedirectUri(ctx, provider) }).catch((error: unknown) => {
    if (error instanceof MailGrantRefusedError) throw new AppError('VALIDATION_FAILED', MAIL_OAUTH_MESSAGES.refused(provider, error.message), { field: 'code', cause: error });
    throw new AppError('PROVIDER_UNAVAILABLE', (error as Error).message, { cause: error });
  });
  if (!grant.email) throw new AppError('VALIDATION_FAILED', MAIL_OAUTH_MESSAGES.noEmail(provider));
  if (!grant.refreshToken) throw new AppError('VALIDATION_FAILED', MAIL_OAUTH_MESSAGES.noRefreshToken(provider));

  const servers = ctx.config.mailOAuth[provider];
  const imap = await imapClient(ctx.config, servers.imap, { username: grant.email, accessToken: grant.accessToken });
  try {
    await imap.connect();
    await imap.logout();
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `Signed in as ${grant.email}, but its IMAP server ${servers.imap.host} refused the login: ${describeMailError(error)}. Check that IMAP is enabled for the mailbox.`, { field: 'imap', cause: error });
  }

  const box = secretBoxFor(ctx.config);
  const row = await repo.upsertAccount(ctx.db, {
    teamId: actor.teamId,
    userId: actor.userId,
    emailAddress: grant.email,
    name: grant.name,
    provider,
    imap: servers.imap,
    smtp: servers.smtp,
    username: grant.email,
    sealedSecret: box.seal(grant.refreshToken),
    oauth: { accessToken: box.seal(grant.accessToken), expiresAt: grant.expiresAt },
  });
  return presentAccount(row, 0);
}
