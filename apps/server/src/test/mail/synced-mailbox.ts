import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { findMailAccount, syncMailboxOnce } from '../../features/mailboxes/index.js';
import { createWriteLane } from '../../supervisor/index.js';
import type { TestUser } from '../factories.js';
import type { TestApp } from '../test-app.js';
import type { Dovecot, MailUser } from './dovecot.js';

/**
 * Stores a Dovecot user's mailbox as `owner`'s and syncs it once, for tests of what the app does
 * with stored mail. The app must allow private addresses (`outboundAllowPrivate`).
 */
export async function connectSyncedMailbox(t: TestApp, owner: TestUser, dovecot: Dovecot, user: MailUser) {
  const row = await t.ctx.db
    .insertInto('mail_accounts')
    .values({
      team_id: owner.teamId,
      user_id: owner.userId,
      email_address: user.email,
      name: 'Test Box',
      provider: 'imap',
      imap_host: dovecot.host,
      imap_port: dovecot.port,
      imap_secure: false,
      smtp_host: dovecot.host,
      smtp_port: dovecot.port,
      smtp_secure: false,
      username: user.email,
      secret: secretBoxFor(t.ctx.config).seal(user.password),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = (await findMailAccount(t.ctx.db, row.id))!;
  await syncMailboxOnce(t.ctx, account, createWriteLane(t.ctx.db, t.runtime.database.kind));
  const messages = await t.ctx.db.selectFrom('mail_messages').select('id').where('account_id', '=', row.id).orderBy('sent_at', 'desc').execute();
  return { accountId: row.id, messageIds: messages.map((m) => m.id) };
}
