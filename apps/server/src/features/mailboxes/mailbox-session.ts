/**
 * A short IMAP session for one user action (set a flag, move, fetch a body). The sync keeps its
 * own long-lived connection for IDLE; an action opens its own so it never waits behind a sync
 * pass. A refused login marks the mailbox disconnected with the server's reason, as the sync does.
 */
import { AppError } from '@leadline/shared';
import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../lib/context.js';
import { MailboxLoginRefusedError, type MailAccountRow } from './mailbox-credentials.js';
import { connectMailbox } from './mailbox-login.js';
import { describeMailError } from './mail-connections.js';

export async function withMailboxSession<T>(ctx: AppContext, account: MailAccountRow, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  if (account.status !== 'connected') {
    throw new AppError('CONFLICT', `The mailbox ${account.email_address} is disconnected${account.status_reason ? `: ${account.status_reason}` : ''}. Reconnect it in Settings → Accounts.`);
  }
  let client: ImapFlow;
  try {
    client = await connectMailbox(ctx, account);
  } catch (error) {
    if (error instanceof MailboxLoginRefusedError) {
      throw new AppError('CONFLICT', `The mailbox ${account.email_address} refused the login (${error.reason}). Reconnect it in Settings → Accounts.`, { cause: error });
    }
    throw new AppError('PROVIDER_UNAVAILABLE', `Could not reach the mail server of ${account.email_address}: ${describeMailError(error)}`, { cause: error });
  }
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
