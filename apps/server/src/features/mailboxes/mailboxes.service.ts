import { AppError, type EmailAccount, type ImapConnectBody } from '@leadline/shared';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import type { MailServer } from '../../lib/net/mail-connections.js';
import type { MailAccountRow } from './mailbox-credentials.js';
import { describeMailError, imapClient, smtpTransport, type MailCredentials } from './mail-connections.js';
import * as repo from './mailboxes.repository.js';

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
  const startOfDay = new Date();
  startOfDay.setUTCHours(0, 0, 0, 0);
  return Promise.all(rows.map(async (row) => presentAccount(row, await repo.countSentSince(ctx.db, row.id, startOfDay))));
}

export function presentAccount(row: MailAccountRow, sentToday: number): EmailAccount {
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
    // Auto-opportunity detection and the managed deliverability service come with later issues.
    isAutoOppEnabled: false,
    managedDeliverabilityStatus: null,
  };
}
