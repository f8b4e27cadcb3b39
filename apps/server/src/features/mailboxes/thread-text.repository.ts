import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { MailOwner } from './inbox.repository.js';

/**
 * The text of the thread a message of the owner belongs to, oldest first, one row per
 * Message-ID: what the AI summarises or answers. Undefined when the message is not the owner's.
 */
export async function findThreadTexts(db: Kysely<DB>, owner: MailOwner, messageId: string, limit: number) {
  const message = await db
    .selectFrom('mail_messages')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'mail_messages.account_id')
    .select(['mail_messages.account_id', 'mail_messages.thread_id', 'mail_accounts.email_address', 'mail_accounts.name'])
    .where('mail_messages.id', '=', messageId)
    .where('mail_accounts.team_id', '=', owner.teamId)
    .where('mail_accounts.user_id', '=', owner.userId)
    .executeTakeFirst();
  if (!message) return undefined;
  const rows = await db
    .selectFrom('mail_messages')
    .select(['id', 'message_id', 'subject', 'from_name', 'from_address', 'sent_at', 'text_body'])
    .where('account_id', '=', message.account_id)
    .where('thread_id', '=', message.thread_id)
    .orderBy(sql`sent_at asc nulls first`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return { account: { email: message.email_address, name: message.name }, rows };
}
