/**
 * Logging in to a mailbox's IMAP server with its saved credentials. An OAuth access token the
 * server refuses (AUTHENTICATIONFAILED: revoked early, or a clock skew) is refreshed once and
 * tried again; a login still refused marks the mailbox disconnected with the server's reason.
 */
import type { ImapFlow } from 'imapflow';
import type { AppContext } from '../../lib/context.js';
import { credentialsFor, imapServerOf, MailboxLoginRefusedError, type MailAccountRow } from './mailbox-credentials.js';
import { describeMailError, imapClient, isAuthenticationFailure } from './mail-connections.js';
import * as repo from './mailboxes.repository.js';

/** A connected IMAP client for the account; throws MailboxLoginRefusedError when the login is refused. */
export async function connectMailbox(ctx: Pick<AppContext, 'db' | 'config'>, account: MailAccountRow): Promise<ImapFlow> {
  for (let attempt = 0; ; attempt++) {
    const credentials = await credentialsFor(ctx, account, { forceRefresh: attempt > 0 });
    const client = await imapClient(ctx.config, imapServerOf(account), credentials);
    try {
      await client.connect();
      return client;
    } catch (error) {
      if (!isAuthenticationFailure(error)) throw error;
      if (account.auth_method === 'oauth' && attempt === 0) continue;
      const reason = describeMailError(error);
      await repo.markAccountStatus(ctx.db, account.id, 'disconnected', reason);
      account.status = 'disconnected';
      account.status_reason = reason;
      throw new MailboxLoginRefusedError(reason, { cause: error });
    }
  }
}
