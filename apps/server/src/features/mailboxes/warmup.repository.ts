import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export async function findWarmup(db: Db, accountId: string) {
  return db.selectFrom('mail_warmups').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function warmupsOf(db: Db, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db.selectFrom('mail_warmups').selectAll().where('account_id', 'in', accountIds).execute();
}

export async function insertWarmup(db: Db, w: { accountId: string; firstName: string; lastName: string; sharedPool: boolean; chargedMonth: string }) {
  return db
    .insertInto('mail_warmups')
    .values({ account_id: w.accountId, status: 'active', first_name: w.firstName, last_name: w.lastName, shared_pool: w.sharedPool, charged_month: w.chargedMonth })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWarmup(db: Db, accountId: string, changes: { status?: 'active' | 'paused'; paused_reason?: string | null; charged_month?: string }) {
  return db.updateTable('mail_warmups').set({ ...changes, updated_at: new Date() }).where('account_id', '=', accountId).returningAll().executeTakeFirstOrThrow();
}

/** Active warm-ups of connected mailboxes, with what sending needs. */
export async function activeWarmups(db: Db) {
  return db
    .selectFrom('mail_warmups')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'mail_warmups.account_id')
    .select(['mail_warmups.account_id', 'mail_warmups.started_at', 'mail_warmups.shared_pool', 'mail_warmups.charged_month', 'mail_warmups.first_name', 'mail_warmups.last_name', 'mail_accounts.team_id', 'mail_accounts.user_id', 'mail_accounts.email_address'])
    .where('mail_warmups.status', '=', 'active')
    .where('mail_accounts.status', '=', 'connected')
    .orderBy('mail_warmups.account_id')
    .execute();
}

export type ActiveWarmup = Awaited<ReturnType<typeof activeWarmups>>[number];

/** Warm-up messages a mailbox sent since `since`. */
export async function countSent(db: Db, accountId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('mail_warmup_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sender_account_id', '=', accountId)
    .where('is_reply', '=', false)
    .where('sent_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Where a mailbox's warm-up messages landed at their recipients since `since`. */
export async function placement(db: Db, accountId: string, since: Date) {
  const rows = await db
    .selectFrom('mail_warmup_messages')
    .select(['landed', (eb) => eb.fn.countAll<string>().as('n')])
    .where('sender_account_id', '=', accountId)
    .where('sent_at', '>=', since)
    .where('landed', 'is not', null)
    .groupBy('landed')
    .execute();
  const count = (l: string) => Number(rows.find((r) => r.landed === l)?.n ?? 0);
  return { inbox: count('inbox'), junk: count('junk') };
}

export async function insertMessage(db: Db, m: { token: string; senderId: string; recipientId: string; messageId: string; subject: string; isReply: boolean; wantsReply: boolean }) {
  await db
    .insertInto('mail_warmup_messages')
    .values({ token: m.token, sender_account_id: m.senderId, recipient_account_id: m.recipientId, message_id: m.messageId, subject: m.subject, is_reply: m.isReply, wants_reply: m.wantsReply })
    .execute();
}

export async function deleteMessage(db: Db, token: string) {
  await db.deleteFrom('mail_warmup_messages').where('token', '=', token).execute();
}

/** Messages waiting at a recipient to be read, flagged, rescued from junk and maybe answered. */
export async function untendedFor(db: Db, recipientId: string, limit: number) {
  return db
    .selectFrom('mail_warmup_messages')
    .innerJoin('mail_accounts as sender', 'sender.id', 'mail_warmup_messages.sender_account_id')
    .select(['mail_warmup_messages.token', 'mail_warmup_messages.message_id', 'mail_warmup_messages.subject', 'mail_warmup_messages.is_reply', 'mail_warmup_messages.wants_reply', 'mail_warmup_messages.sender_account_id', 'sender.email_address as sender_email', 'sender.name as sender_name'])
    .where('mail_warmup_messages.recipient_account_id', '=', recipientId)
    .where('mail_warmup_messages.tended_at', 'is', null)
    .orderBy('mail_warmup_messages.sent_at')
    .limit(limit)
    .execute();
}

export async function markTended(db: Db, token: string, landed: 'inbox' | 'junk') {
  await db.updateTable('mail_warmup_messages').set({ landed, tended_at: new Date() }).where('token', '=', token).execute();
}

/**
 * The mailboxes a warm-up may write to: other active warm-ups of connected mailboxes, of the
 * same team, or of any team when both share their mailbox with the pool.
 */
export async function poolPartners(db: Db, sender: ActiveWarmup) {
  let q = db
    .selectFrom('mail_warmups')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'mail_warmups.account_id')
    .select(['mail_accounts.id', 'mail_accounts.email_address', 'mail_warmups.first_name', 'mail_warmups.last_name'])
    .where('mail_warmups.status', '=', 'active')
    .where('mail_accounts.status', '=', 'connected')
    .where('mail_accounts.id', '!=', sender.account_id)
    .where('mail_accounts.email_address', '!=', sender.email_address);
  q = sender.shared_pool
    ? q.where((eb) => eb.or([eb('mail_accounts.team_id', '=', sender.team_id), eb('mail_warmups.shared_pool', '=', true)]))
    : q.where('mail_accounts.team_id', '=', sender.team_id);
  return q.orderBy('mail_accounts.id').execute();
}
