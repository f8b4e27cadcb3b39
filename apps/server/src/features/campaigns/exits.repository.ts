import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Mailboxes sending for a campaign that can still be stopped (active or paused) and holding
 * received mail the scan has not read (one statement for every mailbox: a tick of a quiet engine
 * asks once, not once per mailbox).
 */
export async function mailboxesToScan(db: Db) {
  return db
    .selectFrom('campaign_mailboxes as cm')
    .innerJoin('campaigns as c', 'c.id', 'cm.campaign_id')
    .innerJoin('mail_accounts as a', 'a.id', 'cm.account_id')
    .select(['a.id', 'a.email_address'])
    .distinct()
    .where('c.status', 'in', ['active', 'paused'])
    .where(({ exists }) => exists(unscanned(db, sql<string>`a.id`).select('m.id')))
    .execute();
}

/** The mailbox's received messages (not its Sent copies) after the scan's place. */
const unscanned = (db: Db, accountId: string | RawBuilder<string>) =>
  // Compared in SQL: the place's time read into JavaScript would lose its microseconds.
  db
    .selectFrom('mail_messages as m')
    .innerJoin('mail_folders as f', 'f.id', 'm.folder_id')
    .leftJoin('campaign_mail_scans as scan', 'scan.account_id', 'm.account_id')
    .where('m.account_id', '=', accountId)
    .where((eb) => eb.or([eb('f.special_use', 'is', null), eb('f.special_use', '<>', 'sent')]))
    .where(sql<boolean>`(scan.account_id is null or (m.created_at, m.id) > (scan.last_created_at, scan.last_message_id))`);

/** The mailbox's received messages (not its Sent copies) after the scan's place, oldest first. */
export async function messagesAfterScan(db: Db, accountId: string, limit: number) {
  return unscanned(db, accountId)
    .select(['m.id', 'm.created_at', 'm.sent_at', 'm.message_id', 'm.in_reply_to', 'm.references', 'm.subject', 'm.from_address', 'm.text_body', 'm.attachments', 'm.auto_submitted'])
    .orderBy('m.created_at')
    .orderBy('m.id')
    .limit(limit)
    .execute();
}
export type ScannedMessage = Awaited<ReturnType<typeof messagesAfterScan>>[number];

/** Moves the scan's place to a message; its time is copied in SQL, as JavaScript dates drop PostgreSQL's microseconds. */
export async function saveScan(db: Db, accountId: string, last: { id: string }) {
  await sql`
    insert into campaign_mail_scans (account_id, last_created_at, last_message_id)
    select ${accountId}::uuid, m.created_at, m.id from mail_messages m where m.id = ${last.id}::uuid
    on conflict (account_id) do update set last_created_at = excluded.last_created_at, last_message_id = excluded.last_message_id`.execute(db);
}

const SEND_COLUMNS = ['s.id', 's.lead_id', 's.campaign_id', 's.team_id', 's.to_address', 's.step_position', 'l.contact_id', 'l.status as lead_status', 'c.auto_reply_delay_days', 'l.soft_bounces'] as const;

const sendsOf = (db: Db, accountId: string) =>
  db
    .selectFrom('campaign_sends as s')
    .innerJoin('campaign_leads as l', 'l.id', 's.lead_id')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select(SEND_COLUMNS)
    .where('s.mailbox_id', '=', accountId)
    .where('s.status', '=', 'sent');

/** The campaign email a message answers, by its In-Reply-To or References. */
export async function sendAnswered(db: Db, accountId: string, messageIds: string[]) {
  if (!messageIds.length) return undefined;
  return sendsOf(db, accountId).where('s.message_id', 'in', messageIds).orderBy('s.sent_at', 'desc').limit(1).executeTakeFirst();
}

/** The latest campaign email from this mailbox to an address (a reply whose client dropped the thread headers). */
export async function latestSendTo(db: Db, accountId: string, address: string) {
  return sendsOf(db, accountId).where(sql<string>`lower(s.to_address)`, '=', address.toLowerCase()).orderBy('s.sent_at', 'desc').limit(1).executeTakeFirst();
}

/** The campaign email a delivery report names: its Message-ID or its recipient appears in the report's text. */
export async function sendNamedIn(db: Db, accountId: string, report: string) {
  return sendsOf(db, accountId)
    .where((eb) => eb.or([sql<boolean>`position(s.message_id in ${report}) > 0`, sql<boolean>`position(lower(s.to_address) in lower(${report})) > 0`]))
    .orderBy('s.sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
export type MatchedSend = NonNullable<Awaited<ReturnType<typeof sendAnswered>>>;

export async function markReplied(db: Db, sendId: string, at: Date) {
  await db.updateTable('campaign_sends').set({ replied_at: at }).where('id', '=', sendId).where('replied_at', 'is', null).execute();
}

export async function markBounced(db: Db, sendId: string, at: Date) {
  await db.updateTable('campaign_sends').set({ bounced_at: at }).where('id', '=', sendId).where('bounced_at', 'is', null).execute();
}

/**
 * Ends a lead's sequence (reply, bounce): no further step goes, and planned emails are dropped.
 * Answers the dropped emails that were paid for (planning pays), whose credits go back.
 */
export async function stopLead(db: Db, leadId: string, status: 'replied' | 'bounced', at: Date) {
  await db.updateTable('campaign_leads').set({ status, next_at: null, updated_at: at }).where('id', '=', leadId).where('status', '=', 'active').execute();
  const dropped = await db.updateTable('campaign_sends').set({ status: 'cancelled' }).where('lead_id', '=', leadId).where('status', '=', 'queued').returning(['id', 'team_id', 'charge_id']).execute();
  return dropped.filter((send): send is typeof send & { charge_id: string } => send.charge_id !== null);
}

/** Moves an active lead's next step later by `days` (an automatic reply). */
export async function postponeLead(db: Db, leadId: string, days: number, at: Date) {
  await db
    .updateTable('campaign_leads')
    .set({ next_at: sql<Date>`greatest(coalesce(next_at, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${days}::int)`, updated_at: at })
    .where('id', '=', leadId)
    .where('status', '=', 'active')
    .where('next_at', 'is not', null)
    .execute();
}

export async function countSoftBounce(db: Db, leadId: string) {
  const row = await db.updateTable('campaign_leads').set({ soft_bounces: sql<number>`soft_bounces + 1` }).where('id', '=', leadId).returning('soft_bounces').executeTakeFirst();
  return row?.soft_bounces ?? 0;
}

/** Plans the bounced step again for the same lead, later, with a new Message-ID (already paid for). */
export async function retrySend(db: Db, sendId: string, leadId: string, messageId: string, dueAt: Date) {
  await db.updateTable('campaign_sends').set({ status: 'queued', message_id: messageId, sent_at: null, due_at: dueAt }).where('id', '=', sendId).execute();
  await db.updateTable('campaign_leads').set({ next_at: null, updated_at: new Date() }).where('id', '=', leadId).where('status', '=', 'active').execute();
}
