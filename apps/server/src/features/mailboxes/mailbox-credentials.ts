import type { Selectable } from 'kysely';
import type { Config } from '../../lib/config.js';
import type { AppContext } from '../../lib/context.js';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { createOutboundClient, type OutboundClient } from '../../lib/http/outbound.js';
import type { MailAccountsTable } from '../../db/schema-mail.js';
import type { MailCredentials } from './mail-connections.js';
import { MailGrantRefusedError, mailOAuthClient, type MailOAuthClient, type MailOAuthProvider } from './mail-oauth.js';
import * as repo from './mailboxes.repository.js';

export type MailAccountRow = Selectable<MailAccountsTable>;

export const imapServerOf = (a: MailAccountRow) => ({ host: a.imap_host, port: a.imap_port, secure: a.imap_secure });
export const smtpServerOf = (a: MailAccountRow) => ({ host: a.smtp_host, port: a.smtp_port, secure: a.smtp_secure });

export const PROVIDER_NAME: Record<MailOAuthProvider, string> = { gmail: 'Google', outlook: 'Microsoft' };

/** The mail server or the provider refused the mailbox's saved login; the mailbox is now marked disconnected. */
export class MailboxLoginRefusedError extends Error {
  constructor(readonly reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'MailboxLoginRefusedError';
  }
}

type CredentialsContext = Pick<AppContext, 'db'> & { config: Pick<Config, 'encryptionKey' | 'dataDir' | 'mailOAuth' | 'outboundAllowPrivate'> };

const clients = new WeakMap<object, OutboundClient>();
function outboundFor(config: CredentialsContext['config']) {
  let client = clients.get(config);
  if (!client) {
    client = createOutboundClient({ allowPrivateNetwork: config.outboundAllowPrivate, timeoutMs: 20_000, connectTimeoutMs: 5_000, maxRetries: 3, baseDelayMs: 300, userAgent: 'Leadline mail' });
    clients.set(config, client);
  }
  return client;
}

/** The provider's OAuth client as this server is configured; null without client id and secret. */
export function mailOAuthClientFor(config: CredentialsContext['config'], provider: MailOAuthProvider): MailOAuthClient | null {
  const c = config.mailOAuth[provider];
  if (!c.clientId || !c.clientSecret) return null;
  return mailOAuthClient(provider, { ...c, clientId: c.clientId, clientSecret: c.clientSecret }, outboundFor(config));
}

/** An access token is renewed this long before it expires, so a session never starts with one about to lapse. */
const REFRESH_MARGIN_MS = 2 * 60_000;

/**
 * The account's login, its secret unsealed: the password, or for OAuth a valid access token
 * (refreshed when it is about to expire, or when `forceRefresh` because the server refused it).
 * A refused refresh (revoked or expired grant) marks the mailbox disconnected and throws
 * MailboxLoginRefusedError. `account` is updated in place with the new token.
 */
export async function credentialsFor(ctx: CredentialsContext, account: MailAccountRow, options: { forceRefresh?: boolean } = {}): Promise<MailCredentials> {
  const box = secretBoxFor(ctx.config);
  if (account.auth_method !== 'oauth') return { username: account.username, password: box.open(account.secret) };
  const expiresAt = account.access_token_expires_at ? new Date(account.access_token_expires_at).getTime() : 0;
  if (account.access_token && !options.forceRefresh && expiresAt - Date.now() > REFRESH_MARGIN_MS) {
    return { username: account.username, accessToken: box.open(account.access_token) };
  }
  const provider = account.provider as MailOAuthProvider;
  const client = mailOAuthClientFor(ctx.config, provider);
  if (!client) return refused(ctx, account, `${PROVIDER_NAME[provider]} sign-in is no longer configured on this server`);
  try {
    const tokens = await client.refresh(box.open(account.secret));
    const saved = await repo.saveAccessToken(ctx.db, account.id, {
      accessToken: box.seal(tokens.accessToken),
      expiresAt: tokens.expiresAt,
      refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
    });
    Object.assign(account, saved);
    return { username: account.username, accessToken: tokens.accessToken };
  } catch (error) {
    if (error instanceof MailGrantRefusedError) {
      return refused(ctx, account, `${PROVIDER_NAME[provider]} refused the saved sign-in (${error.message}); connect the mailbox again`, error);
    }
    throw error;
  }
}

async function refused(ctx: CredentialsContext, account: MailAccountRow, reason: string, cause?: unknown): Promise<never> {
  await repo.markAccountStatus(ctx.db, account.id, 'disconnected', reason);
  account.status = 'disconnected';
  account.status_reason = reason;
  throw new MailboxLoginRefusedError(reason, { cause });
}
