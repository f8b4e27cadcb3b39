import crypto from 'node:crypto';
import { sql, type Expression, type Kysely, type QueryCreator, type SqlBool, type Selectable, type Transaction } from 'kysely';
import { preparedStatement } from '../../db/prepared.js';
import { joinedAccountColumns } from '../mailboxes/index.js';
import type { DB } from '../../db/schema.js';
import type { CampaignSendsTable } from '../../db/schema-campaigns.js';

type Db = Kysely<DB> | Transaction<DB>;

export async function activeCampaigns(db: Db) {
  return db.selectFrom('campaigns').selectAll().where('status', '=', 'active').orderBy('launched_at').orderBy('id').execute();
}

export async function hasDynamicList(db: Db, campaignId: string) {
  const row = await db
    .selectFrom('campaign_lists')
    .innerJoin('lists', 'lists.id', 'campaign_lists.list_id')
    .select('lists.id')
    .where('campaign_lists.campaign_id', '=', campaignId)
    .where('lists.is_dynamic', '=', true)
    .executeTakeFirst();
  return Boolean(row);
}

/** The campaign's active leads due by `now`, oldest due first, with what their emails need. */
export async function dueLeads(db: Db, campaignId: string, now: Date, limit: number) {
  if (limit <= 0) return [];
  return dueLeadsQuery(db, campaignId, now, limit).execute();
}

/** The query of `dueLeads`, for the benchmark's plan. */
export function dueLeadsQuery(db: Db, campaignId: string, now: Date, limit: number) {
  return db
    .selectFrom('campaign_leads as l')
    .innerJoin('contacts as c', 'c.id', 'l.contact_id')
    .select([
      'l.id',
      'l.email',
      'l.next_position',
      'l.mailbox_id',
      'l.thread_subject',
      'l.thread_message_ids',
      'c.first_name',
      'c.last_name',
      'c.full_name',
      'c.company_name',
      'c.job_title',
      'c.city',
      'c.state',
      'c.country',
      'c.industry',
    ])
    .where('l.campaign_id', '=', campaignId)
    .where('l.status', '=', 'active')
    .where('l.next_at', '<=', now)
    .orderBy('l.next_at')
    .orderBy('l.id')
    .limit(limit);
}
export type DueLead = Awaited<ReturnType<typeof dueLeads>>[number];

/** Emails of a campaign planned since an instant (its daily limit counts them). */
export async function campaignSendsSince(db: Db, campaignId: string, since: Date) {
  const row = await db
    .selectFrom('campaign_sends')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('due_at', '>=', since)
    .where('status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The campaign's usable mailboxes, each with what every campaign has planned on it since `since`, what was sent by hand, and its latest send. */
export async function mailboxLoads(db: Db, campaignId: string, since: Date) {
  return db
    .selectFrom('campaign_mailboxes as cm')
    .innerJoin('mail_accounts as a', 'a.id', 'cm.account_id')
    .select([
      'a.id',
      'a.email_address',
      'a.name',
      'a.daily_capacity',
      (eb) =>
        eb
          .selectFrom('campaign_sends as s')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('s.mailbox_id', '=', 'a.id')
          .where('s.due_at', '>=', since)
          .where('s.status', '<>', 'cancelled')
          .as('used'),
      // Mail sent by hand (the inbox's compose) uses the same capacity: the synced Sent copies
      // since the day began that no campaign send accounts for.
      (eb) =>
        eb
          .selectFrom('mail_messages as m')
          .innerJoin('mail_folders as f', 'f.id', 'm.folder_id')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('m.account_id', '=', 'a.id')
          .where('f.special_use', '=', 'sent')
          .where('m.sent_at', '>=', since)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('campaign_sends as cs').select('cs.id').whereRef('cs.message_id', '=', 'm.message_id'))))
          .as('manual'),
      (eb) => eb.selectFrom('campaign_sends as s').select(sql<Date | null>`max(s.due_at)`.as('m')).whereRef('s.mailbox_id', '=', 'a.id').as('last_due_at'),
    ])
    .where('cm.campaign_id', '=', campaignId)
    .where('a.status', '=', 'connected')
    .where('a.is_active', '=', true)
    .orderBy('a.email_address')
    .execute();
}

export type NewSend = {
  campaignId: string;
  leadId: string;
  teamId: string;
  stepPosition: number;
  variant: number;
  mailboxId: string;
  messageId: string;
  to: string;
  subject: string;
  body: string;
  inReplyTo: string | null;
  references: string[];
  dueAt: Date;
};

/**
 * Plans a tick's emails of one campaign in one statement, skipping any (lead, step) that already
 * has one, and answers the sends made. Their leads wait for them (no due time), on their mailbox.
 */
export async function insertSends(db: Db, planned: Array<NewSend & { id?: string; chargeId?: string }>): Promise<Array<{ id: string; lead_id: string }>> {
  if (planned.length === 0) return [];
  // One JSON parameter for all the rows: cheaper to build and to bind than a VALUES list of hundreds.
  const values = JSON.stringify(
    planned.map((send) => ({
      id: send.id ?? crypto.randomUUID(),
      charge_id: send.chargeId ?? null,
      campaign_id: send.campaignId,
      lead_id: send.leadId,
      team_id: send.teamId,
      step_position: send.stepPosition,
      variant: send.variant,
      mailbox_id: send.mailboxId,
      message_id: send.messageId,
      to_address: send.to,
      subject: send.subject,
      body: send.body,
      in_reply_to: send.inReplyTo,
      references: send.references,
      due_at: send.dueAt.toISOString(),
    })),
  );
  const columns = ['id', 'charge_id', 'campaign_id', 'lead_id', 'team_id', 'step_position', 'variant', 'mailbox_id', 'message_id', 'to_address', 'subject', 'body', 'in_reply_to', 'references', 'due_at'] as const;
  const rows = await db
    .insertInto('campaign_sends')
    .columns([...columns])
    .expression((eb) =>
      eb
        .selectFrom(
          sql<Record<(typeof columns)[number], unknown>>`jsonb_to_recordset(${values}::jsonb)`.as<'v'>(
            sql`v(id uuid, charge_id uuid, campaign_id uuid, lead_id uuid, team_id uuid, step_position int, variant int, mailbox_id uuid, message_id text, to_address text, subject text, body text, in_reply_to text, "references" text[], due_at timestamptz)`,
          ),
        )
        .select(columns.map((c) => `v.${c}` as const)),
    )
    .onConflict((oc) => oc.columns(['lead_id', 'step_position']).doNothing())
    .returning(['id', 'lead_id'])
    .execute();
  const leads = JSON.stringify(planned.map((send) => ({ id: send.leadId, mailbox_id: send.mailboxId })));
  await db
    .updateTable('campaign_leads as l')
    .from(sql<{ id: string; mailbox_id: string }>`jsonb_to_recordset(${leads}::jsonb)`.as<'v'>(sql`v(id uuid, mailbox_id uuid)`))
    .set((eb) => ({ next_at: null, mailbox_id: eb.ref('v.mailbox_id'), updated_at: new Date() }))
    .whereRef('l.id', '=', 'v.id')
    .execute();
  return rows;
}

/** A team's campaign's emails planned and paid for but not sent (nor in flight). */
export async function paidQueuedSends(db: Db, teamId: string, campaignId: string) {
  return db
    .selectFrom('campaign_sends')
    .select(['id', 'team_id', 'charge_id'])
    .where('campaign_id', '=', campaignId)
    .where('team_id', '=', teamId)
    .where('status', '=', 'queued')
    .where('charge_id', 'is not', null)
    .$narrowType<{ charge_id: string }>()
    .execute();
}

/** A lead moves to its next step (due then), or is completed when there is none. */
export async function advanceLead(db: Db, leadId: string, next: { position: number; at: Date } | null) {
  await db
    .updateTable('campaign_leads')
    .set({ next_position: next?.position ?? null, next_at: next?.at ?? null, status: next ? 'active' : 'completed', updated_at: new Date() })
    .where('id', '=', leadId)
    .where('status', '=', 'active')
    .execute();
}

/** A lead at a task step waits, with no due time, until a person marks the task done. */
export async function waitForTask(db: Db, leadId: string) {
  await db.updateTable('campaign_leads').set({ next_at: null, updated_at: new Date() }).where('id', '=', leadId).where('status', '=', 'active').execute();
}

/** Moves a due lead to the opening of its own sending window (a lead in another time zone). */
export async function deferLead(db: Db, leadId: string, at: Date) {
  await db.updateTable('campaign_leads').set({ next_at: at }).where('id', '=', leadId).where('status', '=', 'active').execute();
}

/**
 * The columns of a send its job reads. Named, not `*`: the claim is a prepared statement, and a
 * migration that adds a column to campaign_sends must not change the result of one prepared by a
 * worker that was running before it ("cached plan must not change result type").
 */
const SEND_COLUMNS = ['id', 'campaign_id', 'lead_id', 'team_id', 'step_position', 'mailbox_id', 'message_id', 'to_address', 'subject', 'body', 'in_reply_to', 'references', 'status', 'attempts', 'charge_id'] as const;
type SendTarget = Pick<Selectable<CampaignSendsTable>, (typeof SEND_COLUMNS)[number]>;

/**
 * Everything a send's job needs about the send row `target` (a common table expression of one
 * campaign_sends row): its lead, campaign, the step after it, and whether its address is
 * suppressed (`suppressed: 'known-not'` when the target was chosen for not being so).
 */
function sendContextOf(db: QueryCreator<DB & { target: SendTarget }>, suppressed: 'look' | 'known-not') {
  return db
    .selectFrom('target as s')
    .innerJoin('campaign_leads as l', 'l.id', 's.lead_id')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .innerJoin('contacts as ct', 'ct.id', 'l.contact_id')
    .innerJoin('teams as t', 't.id', 's.team_id')
    .leftJoin('campaign_steps as next', (join) => join.onRef('next.campaign_id', '=', 's.campaign_id').on('next.position', '=', sql<number>`s.step_position + 1`))
    .select(SEND_COLUMNS.map((c) => `s.${c}` as const))
    .select(['next.position as next_position', 'next.delay_days as next_delay_days', 'next.business_days as next_business_days'])
    .select((eb) => {
      const found: Expression<SqlBool> =
        suppressed === 'look' ? eb.exists(eb.selectFrom('suppressions as sp').select('sp.email').whereRef('sp.team_id', '=', 's.team_id').where('sp.email', '=', sql<string>`lower(s.to_address)`)) : sql<boolean>`false`;
      return sql<boolean>`${found}`.as('suppressed');
    })
    .select(['l.status as lead_status', 'c.status as campaign_status', 'c.created_by', 'c.schedule', 'c.name as campaign_name', 'ct.country', 'ct.state as region', 'ct.city'])
    .select(['c.track_opens', 'c.track_clicks', 'c.unsubscribe_footer', 't.sender_postal_address']);
}

/** Everything a send's job needs, from the send id (see sendContextOf). */
export async function findSendContext(db: Db, sendId: string) {
  const target = db.with('target', (w) => w.selectFrom('campaign_sends').select(SEND_COLUMNS).where('id', '=', sendId));
  return sendContextOf(target, 'look').executeTakeFirst();
}

/**
 * The first attempt at a send paid for when it was planned, in one statement (prepared: planning
 * this join cost more than running it): marks it `sending` (counting the attempt) and answers its
 * context and its mailbox's row (as `account_<column>`, see joinedAccount), when it is still
 * queued and still wanted (its campaign and lead active, its mailbox connected, its address not
 * suppressed). Nothing otherwise.
 */
export async function claimQueued(db: Db, sendId: string) {
  const [row] = await claimStatement(db, { sendId });
  return row;
}
const claimStatement = preparedStatement((db: Db, args: { sendId: string }) => {
  const target = db.with('target', (w) =>
    w
      .updateTable('campaign_sends as s')
      .set({ status: 'sending', attempts: sql<number>`s.attempts + 1` })
      .where('s.id', '=', args.sendId)
      .where('s.status', '=', 'queued')
      .where('s.charge_id', 'is not', null)
      .where(({ exists, not, selectFrom, and }) =>
        and([
          exists(selectFrom('campaigns as c').select('c.id').whereRef('c.id', '=', 's.campaign_id').where('c.status', '=', 'active')),
          exists(selectFrom('campaign_leads as l').select('l.id').whereRef('l.id', '=', 's.lead_id').where('l.status', '=', 'active')),
          exists(selectFrom('mail_accounts as a').select('a.id').whereRef('a.id', '=', 's.mailbox_id').where('a.status', '=', 'connected')),
          not(exists(selectFrom('suppressions as sp').select('sp.email').whereRef('sp.team_id', '=', 's.team_id').where('sp.email', '=', sql<string>`lower(s.to_address)`))),
        ]),
      )
      .returning(SEND_COLUMNS.map((c) => `s.${c}` as const)),
  );
  // Its mailbox too (connected, as the claim checked), so the send needs no second statement.
  return sendContextOf(target, 'known-not').innerJoin('mail_accounts as a', 'a.id', 's.mailbox_id').select(joinedAccountColumns('a'));
});
export type SendContext = NonNullable<Awaited<ReturnType<typeof findSendContext>>>;

/**
 * Claims a send for an attempt: marks it `sending`, with the charge that pays for it, and answers
 * how many attempts it has had, this one included; nothing when it is no longer queued or sending.
 */
export async function claimSend(db: Db, sendId: string, chargeId: string): Promise<number | undefined> {
  const row = await db
    .updateTable('campaign_sends')
    .set({ status: 'sending', charge_id: sql<string>`coalesce(charge_id, ${chargeId}::uuid)`, attempts: sql<number>`attempts + 1` })
    .where('id', '=', sendId)
    .where('status', 'in', ['queued', 'sending'])
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** A send that will not go out, with the reason; its lead ends as `failed`. */
export async function markFailed(db: Db, sendId: string, leadId: string, reason: string, at: Date) {
  await db.updateTable('campaign_sends').set({ status: 'failed', error: reason }).where('id', '=', sendId).where('status', 'in', ['queued', 'sending']).execute();
  await db.updateTable('campaign_leads').set({ status: 'failed', next_at: null, updated_at: at }).where('id', '=', leadId).where('status', '=', 'active').execute();
}

/** Marks a send sent, and nothing else (a test's shortcut to a sent email). */
export async function markSent(db: Db, sendId: string, at: Date) {
  await db.updateTable('campaign_sends').set({ status: 'sent', sent_at: at, error: null }).where('id', '=', sendId).execute();
}

/**
 * Records a send taken by the SMTP server, in one statement: the send is `sent`, the lead's
 * timeline shows it, and the lead moves to its next step (due then) or is completed. Only a send
 * still in flight is recorded, so recording twice changes nothing.
 */
export async function recordSent(db: Db, send: { id: string; leadId: string; subject: string; messageId: string; stepPosition: number }, next: { position: number; at: Date } | null, at: Date) {
  await recordStatement(db, {
    id: send.id,
    subject: send.subject,
    messageId: send.messageId,
    stepPosition: send.stepPosition,
    nextPosition: next?.position ?? null,
    nextAt: next?.at ?? null,
    leadStatus: next ? 'active' : 'completed',
    at,
    updatedAt: new Date(),
  });
}
const recordStatement = preparedStatement(
  (
    db: Db,
    args: { id: string; subject: string; messageId: string; stepPosition: number; nextPosition: number | null; nextAt: Date | null; leadStatus: 'active' | 'completed'; at: Date; updatedAt: Date },
  ) =>
    db
      .with('sent', (w) =>
        w.updateTable('campaign_sends').set({ status: 'sent', sent_at: args.at, error: null }).where('id', '=', args.id).where('status', 'in', ['queued', 'sending']).returning('lead_id'),
      )
      .with('event', (w) =>
        w
          .insertInto('campaign_lead_events')
          .columns(['lead_id', 'kind', 'detail', 'step_position', 'at'])
          .expression((eb) =>
            eb.selectFrom('sent').select(['sent.lead_id', sql<string>`${'sent'}::text`.as('kind'), sql<string>`${args.subject}::text`.as('detail'), sql<number>`${args.stepPosition}::int`.as('step_position'), sql<Date>`${args.at}::timestamptz`.as('at')]),
          ),
      )
      .updateTable('campaign_leads')
      .set({
        next_position: args.nextPosition,
        next_at: args.nextAt,
        status: args.leadStatus,
        updated_at: args.updatedAt,
        last_sent_at: args.at,
        thread_subject: sql<string | null>`coalesce(thread_subject, ${args.subject})`,
        thread_message_ids: sql<string[]>`array_append(thread_message_ids, ${args.messageId})`,
      })
      .where('id', '=', (eb) => eb.selectFrom('sent').select('sent.lead_id'))
      .where('status', '=', 'active'),
);

/**
 * Drops a send no SMTP server has taken (queued, or an attempt cut short) and makes its lead due
 * again (when the campaign resumes). Answers the charge that paid for the dropped send, if any.
 */
export async function releaseSend(db: Db, sendId: string, leadId: string, at: Date): Promise<string | null> {
  const dropped = await db.deleteFrom('campaign_sends').where('id', '=', sendId).where('status', 'in', ['queued', 'sending']).returning('charge_id').executeTakeFirst();
  if (!dropped) return null;
  await db.updateTable('campaign_leads').set({ next_at: at, updated_at: at }).where('id', '=', leadId).where('status', '=', 'active').execute();
  return dropped.charge_id;
}

export async function pauseForReason(db: Db, campaignId: string, reason: string) {
  await db.updateTable('campaigns').set({ status: 'paused', status_reason: reason, updated_at: new Date() }).where('id', '=', campaignId).where('status', '=', 'active').execute();
}

/** Completes an active campaign with no active lead and no email in flight. */
export async function completeIfDone(db: Db, campaignId: string, at: Date) {
  await db
    .updateTable('campaigns')
    .set({ status: 'completed', completed_at: at, updated_at: at })
    .where('id', '=', campaignId)
    .where('status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('campaign_leads').select('id').where('campaign_id', '=', campaignId).where('status', '=', 'active'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('campaign_sends').select('id').where('campaign_id', '=', campaignId).where('status', 'in', ['queued', 'sending']))),
    )
    .execute();
}

/** Whether the mailbox's synced mail holds a message with this Message-ID (the Sent copy of an earlier attempt). */
export async function syncedMessageExists(db: Db, accountId: string, messageId: string) {
  const row = await db.selectFrom('mail_messages').select('id').where('account_id', '=', accountId).where('message_id', '=', messageId).limit(1).executeTakeFirst();
  return Boolean(row);
}

export async function findSendForUnsubscribe(db: Db, sendId: string) {
  return db.selectFrom('campaign_sends').select(['id', 'team_id', 'to_address']).where('id', '=', sendId).executeTakeFirst();
}

export async function markUnsubscribed(db: Db, sendId: string, at: Date) {
  await db.updateTable('campaign_sends').set({ unsubscribed_at: at }).where('id', '=', sendId).where('unsubscribed_at', 'is', null).execute();
}
