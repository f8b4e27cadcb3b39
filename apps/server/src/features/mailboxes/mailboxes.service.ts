import { AppError, notFound, type EmailAccount, type ImapConnectBody } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import type { MailServer } from '../../lib/net/mail-connections.js';
import type { MailAccountRow } from './mailbox-credentials.js';
import { describeMailError, imapClient, smtpTransport, type MailCredentials } from './mail-connections.js';
import * as repo from './mailboxes.repository.js';
import * as warmupRepo from './warmup.repository.js';
import { createMailDns } from './mail-dns.js';
import { mailboxHealth } from './mail-health.js';
import { dropAccountCache } from './message-source.js';

/** Logs in to IMAP for real; throws a 400 naming the IMAP server and the reason. */
async function checkImap(ctx: AppContext, server: MailServer, credentials: MailCredentials) {
  try {
    const client = await imapClient(ctx.config, server, credentials);
    await client.connect();
    await client.logout();
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `Could not log in to the IMAP server ${server.host}:${server.port}: ${describeMailError(error)}`, { field: 'imap', cause: error });
  }
}

/** Logs in to SMTP for real (EHLO, AUTH); throws a 400 naming the SMTP server and the reason. */
async function checkSmtp(ctx: AppContext, server: MailServer, credentials: MailCredentials) {
  const transport = smtpTransport(ctx.config, server, credentials);
  try {
    await transport.verify();
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `Could not log in to the SMTP server ${server.host}:${server.port}: ${describeMailError(error)}`, { field: 'smtp', cause: error });
  } finally {
    transport.close();
  }
}

/** Connects an IMAP/SMTP mailbox: both logins are tried before anything is saved. */
export async function connectImapAccount(ctx: AppContext, actor: Actor, body: ImapConnectBody): Promise<EmailAccount> {
  const credentials = { username: body.username, password: body.password };
  await checkImap(ctx, body.imap, credentials);
  await checkSmtp(ctx, body.smtp, credentials);
  const row = await repo.upsertAccount(ctx.db, {
    teamId: actor.teamId,
    userId: actor.userId,
    emailAddress: body.emailAddress,
    name: body.name,
    provider: 'imap',
    imap: body.imap,
    smtp: body.smtp,
    username: body.username,
    sealedSecret: secretBoxFor(ctx.config).seal(body.password),
  });
  return presentAccount(row, 0);
}

/** The caller's own mailboxes (spec: the account list is the member's). */
export async function listAccounts(ctx: AppContext, actor: Actor): Promise<EmailAccount[]> {
  const rows = await repo.listAccountsOfUser(ctx.db, actor.teamId, actor.userId);
  return Promise.all(rows.map((row) => presentWithCapacity(ctx, row)));
}

export function presentAccount(row: MailAccountRow, sentToday: number, warmupStatus: 'active' | 'paused' | null = null): EmailAccount {
  return {
    _id: row.id,
    emailAddress: row.email_address,
    name: row.name,
    title: row.title,
    account: row.provider,
    isConnected: row.status === 'connected',
    disconnectedReason: row.status === 'connected' ? null : row.status_reason,
    dailyCapacity: row.daily_capacity,
    availableCapacity: Math.max(0, row.daily_capacity - sentToday),
    isActive: row.is_active,
    // Auto-opportunity detection comes with a later issue.
    isAutoOppEnabled: false,
    managedDeliverabilityStatus: warmupStatus,
  };
}

async function ownAccount(ctx: AppContext, actor: Actor, emailAddress: string) {
  const row = await repo.findAccountOfUser(ctx.db, actor.teamId, actor.userId, emailAddress);
  if (!row) throw notFound('Email account');
  return row;
}

async function presentWithCapacity(ctx: AppContext, row: MailAccountRow) {
  const startOfDay = new Date();
  startOfDay.setUTCHours(0, 0, 0, 0);
  const [sentToday, warmup] = await Promise.all([repo.countSentSince(ctx.db, row.id, startOfDay), warmupRepo.findWarmup(ctx.db, row.id)]);
  return presentAccount(row, sentToday, warmup?.status ?? null);
}

/** Email Settings dialog: name, title and daily capacity (already clamped to 1..100 by the schema). */
export async function updateProfile(ctx: AppContext, actor: Actor, body: { emailAddress: string; newName?: string | undefined; newTitle?: string | undefined; newCapacity?: number | undefined }) {
  const row = await ownAccount(ctx, actor, body.emailAddress);
  const updated = await repo.updateAccountSettings(ctx.db, row.id, {
    ...(body.newName !== undefined ? { name: body.newName } : {}),
    ...(body.newTitle !== undefined ? { title: body.newTitle } : {}),
    ...(body.newCapacity !== undefined ? { daily_capacity: body.newCapacity } : {}),
  });
  return presentWithCapacity(ctx, updated);
}

/** The mailbox-use switch: an inactive mailbox stays synced but is not used for sending campaigns. */
export async function setActive(ctx: AppContext, actor: Actor, emailAddress: string, isActive: boolean) {
  const row = await ownAccount(ctx, actor, emailAddress);
  return presentWithCapacity(ctx, await repo.updateAccountSettings(ctx.db, row.id, { is_active: isActive }));
}

/** Removes the mailbox and its stored mail; the supervisor stops its sync at its next reconcile. */
export async function disconnect(ctx: AppContext, actor: Actor, provider: string, emailAddress: string) {
  const row = await ownAccount(ctx, actor, emailAddress);
  if (row.provider !== provider) throw notFound('Email account');
  await repo.deleteAccount(ctx.db, row.id);
  await dropAccountCache(ctx, row.id);
}

/** SPF, DKIM, DMARC and MX of the mailbox's domain, asked of the DNS servers email verification uses. */
export async function accountHealth(ctx: AppContext, actor: Actor, emailAddress: string) {
  const row = await ownAccount(ctx, actor, emailAddress);
  const dns = createMailDns({ servers: ctx.config.emailVerification.dnsServers, timeoutMs: ctx.config.emailVerification.timeoutMs });
  return mailboxHealth(dns, row.email_address, row.provider);
}
