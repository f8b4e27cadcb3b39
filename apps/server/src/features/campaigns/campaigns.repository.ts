import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CampaignLeadStatus, CampaignStatus } from '@leadline/shared/campaigns/index';
import type { DB } from '../../db/schema.js';
import type { CampaignsTable, CampaignStepsTable, StoredSchedule, StoredVariant } from '../../db/schema-campaigns.js';

type Db = Kysely<DB> | Transaction<DB>;
export type CampaignRow = Selectable<CampaignsTable>;
export type StepRow = Selectable<CampaignStepsTable>;

export type CampaignValues = {
  name: string;
  schedule: StoredSchedule;
  dailyLimit: number;
  minGapSeconds: number;
  jitterSeconds: number;
  autoReplyDelayDays: number;
  allowActiveElsewhere: boolean;
  trackOpens: boolean;
  trackClicks: boolean;
  unsubscribeFooter: boolean;
};
export type StepValues = {
  type: StepRow['type'];
  delayDays: number;
  businessDays: boolean;
  subject: string | null;
  body: string | null;
  variants: StoredVariant[] | null;
  newThread: boolean;
};

const columnsOf = (v: Partial<CampaignValues>) => ({
  ...(v.name !== undefined ? { name: v.name } : {}),
  ...(v.schedule !== undefined ? { schedule: JSON.stringify(v.schedule) } : {}),
  ...(v.dailyLimit !== undefined ? { daily_limit: v.dailyLimit } : {}),
  ...(v.minGapSeconds !== undefined ? { min_gap_seconds: v.minGapSeconds } : {}),
  ...(v.jitterSeconds !== undefined ? { jitter_seconds: v.jitterSeconds } : {}),
  ...(v.autoReplyDelayDays !== undefined ? { auto_reply_delay_days: v.autoReplyDelayDays } : {}),
  ...(v.allowActiveElsewhere !== undefined ? { allow_active_elsewhere: v.allowActiveElsewhere } : {}),
  ...(v.trackOpens !== undefined ? { track_opens: v.trackOpens } : {}),
  ...(v.trackClicks !== undefined ? { track_clicks: v.trackClicks } : {}),
  ...(v.unsubscribeFooter !== undefined ? { unsubscribe_footer: v.unsubscribeFooter } : {}),
});

export async function insertCampaign(db: Db, teamId: string, userId: string, values: CampaignValues): Promise<CampaignRow> {
  return db
    .insertInto('campaigns')
    .values({ team_id: teamId, created_by: userId, ...(columnsOf(values) as Required<ReturnType<typeof columnsOf>>) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCampaign(db: Db, id: string, values: Partial<CampaignValues>) {
  await db
    .updateTable('campaigns')
    .set({ ...columnsOf(values), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function findCampaign(db: Db, teamId: string, id: string, options: { forUpdate?: boolean } = {}) {
  let query = db.selectFrom('campaigns').selectAll().where('team_id', '=', teamId).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findCampaignById(db: Db, id: string) {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listCampaigns(db: Db, teamId: string, status?: CampaignStatus) {
  let query = db.selectFrom('campaigns').selectAll().where('team_id', '=', teamId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function setStatus(db: Db, id: string, status: CampaignStatus, reason: string | null, extra: { launchedAt?: Date; completedAt?: Date } = {}) {
  await db
    .updateTable('campaigns')
    .set({
      status,
      status_reason: reason,
      updated_at: new Date(),
      ...(extra.launchedAt ? { launched_at: extra.launchedAt } : {}),
      ...(extra.completedAt ? { completed_at: extra.completedAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCampaign(db: Db, teamId: string, id: string) {
  return db.deleteFrom('campaigns').where('team_id', '=', teamId).where('id', '=', id).returning('id').executeTakeFirst();
}

export async function replaceSteps(db: Db, campaignId: string, steps: StepValues[], fromPosition = 0) {
  await db.deleteFrom('campaign_steps').where('campaign_id', '=', campaignId).where('position', '>=', fromPosition).execute();
  const rows = steps.slice(fromPosition).map((s, i) => ({
    campaign_id: campaignId,
    position: fromPosition + i,
    type: s.type,
    delay_days: s.delayDays,
    business_days: s.businessDays,
    subject: s.subject,
    body: s.body,
    variants: s.variants ? JSON.stringify(s.variants) : null,
    new_thread: s.newThread,
  }));
  if (rows.length) await db.insertInto('campaign_steps').values(rows).execute();
}

export async function findSteps(db: Db, campaignId: string): Promise<StepRow[]> {
  return db.selectFrom('campaign_steps').selectAll().where('campaign_id', '=', campaignId).orderBy('position').execute();
}

export async function setLists(db: Db, campaignId: string, listIds: string[]) {
  await db.deleteFrom('campaign_lists').where('campaign_id', '=', campaignId).execute();
  if (listIds.length) await db.insertInto('campaign_lists').values(listIds.map((list_id) => ({ campaign_id: campaignId, list_id }))).execute();
}

export async function setMailboxes(db: Db, campaignId: string, accountIds: string[]) {
  await db.deleteFrom('campaign_mailboxes').where('campaign_id', '=', campaignId).execute();
  if (accountIds.length) await db.insertInto('campaign_mailboxes').values(accountIds.map((account_id) => ({ campaign_id: campaignId, account_id }))).execute();
}

export async function findLists(db: Db, campaignIds: string[]) {
  if (!campaignIds.length) return [];
  return db
    .selectFrom('campaign_lists')
    .innerJoin('lists', 'lists.id', 'campaign_lists.list_id')
    .select(['campaign_lists.campaign_id', 'lists.id', 'lists.name', 'lists.is_dynamic'])
    .where('campaign_lists.campaign_id', 'in', campaignIds)
    .orderBy('lists.name')
    .execute();
}

export async function findMailboxes(db: Db, campaignId: string) {
  return db
    .selectFrom('campaign_mailboxes')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'campaign_mailboxes.account_id')
    .select(['mail_accounts.id', 'mail_accounts.email_address', 'mail_accounts.daily_capacity', 'mail_accounts.status', 'mail_accounts.is_active'])
    .where('campaign_mailboxes.campaign_id', '=', campaignId)
    .orderBy('mail_accounts.email_address')
    .execute();
}

/** The team's connected mailboxes among these addresses (any case). */
export async function findTeamMailboxes(db: Db, teamId: string, addresses: string[]) {
  if (!addresses.length) return [];
  return db
    .selectFrom('mail_accounts')
    .select(['id', 'email_address'])
    .where('team_id', '=', teamId)
    .where(sql<string>`lower(email_address)`, 'in', addresses.map((a) => a.toLowerCase()))
    .execute();
}

export async function findTeamLists(db: Db, teamId: string, listIds: string[]) {
  if (!listIds.length) return [];
  return db.selectFrom('lists').select(['id', 'name']).where('team_id', '=', teamId).where('entity_type', '=', 'contactList').where('id', 'in', listIds).execute();
}

/** Keeps each list's `sequences_count` equal to the campaigns (not archived) that use it. */
export async function recountListSequences(db: Db, listIds: string[]) {
  if (!listIds.length) return;
  await db
    .updateTable('lists')
    .set({
      sequences_count: sql<number>`(select count(*)::int from campaign_lists cl join campaigns c on c.id = cl.campaign_id where cl.list_id = lists.id and c.status <> 'archived')`,
    })
    .where('id', 'in', listIds)
    .execute();
}

export async function listIdsOf(db: Db, campaignId: string): Promise<string[]> {
  return (await db.selectFrom('campaign_lists').select('list_id').where('campaign_id', '=', campaignId).execute()).map((r) => r.list_id);
}

const countIf = (condition: string) => sql<string>`count(*) filter (where ${sql.raw(condition)})`;

/** Leads, skipped, and each send outcome per campaign. */
export async function countsByCampaign(db: Db, campaignIds: string[]) {
  if (!campaignIds.length) return { leads: [], sends: [] };
  const leads = await db
    .selectFrom('campaign_leads')
    .select(['campaign_id', countIf(`status <> 'skipped'`).as('leads'), countIf(`status = 'skipped'`).as('skipped')])
    .where('campaign_id', 'in', campaignIds)
    .groupBy('campaign_id')
    .execute();
  const sends = await sendCounts(db, campaignIds, false);
  return { leads, sends };
}

/** Send outcomes per campaign, or per campaign and step. */
export async function sendCounts(db: Db, campaignIds: string[], perStep: boolean) {
  if (!campaignIds.length) return [];
  return db
    .selectFrom('campaign_sends')
    .select([
      'campaign_id',
      perStep ? 'step_position' : sql<number>`-1`.as('step_position'),
      countIf(`status = 'sent'`).as('sent'),
      countIf('opened_at is not null').as('opened'),
      countIf('clicked_at is not null').as('clicked'),
      countIf('replied_at is not null').as('replied'),
      countIf('bounced_at is not null').as('bounced'),
      countIf('unsubscribed_at is not null').as('unsubscribed'),
    ])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(perStep ? ['campaign_id', 'step_position'] : ['campaign_id'])
    .execute();
}

/**
 * Enrols the contacts of the campaign's lists that are not leads yet: each with a usable email
 * becomes an active lead due at `dueAt`; the others are kept as skipped, with the reason.
 */
export async function enrolLeads(db: Db, campaign: CampaignRow, dueAt: Date, firstPosition: number): Promise<number> {
  const result = await sql<{ n: number }>`
    insert into campaign_leads (campaign_id, team_id, contact_id, email, status, skip_reason, next_position, next_at)
    select ${campaign.id}, ${campaign.team_id}, c.id, e.email,
      case when e.reason is null then 'active' else 'skipped' end,
      e.reason,
      case when e.reason is null then ${firstPosition}::int end,
      case when e.reason is null then ${dueAt}::timestamptz end
    from (
      select distinct on (c.id) c.id, c.primary_email, c.emails
      from campaign_lists cl
      join list_contacts lc on lc.list_id = cl.list_id
      join contacts c on c.id = lc.contact_id
      where cl.campaign_id = ${campaign.id} and c.team_id = ${campaign.team_id}
        and not exists (select 1 from campaign_leads l where l.campaign_id = ${campaign.id} and l.contact_id = c.id)
    ) c
    cross join lateral (
      select lower(c.primary_email) as email,
        case
          when coalesce(c.primary_email, '') = '' then 'no_email'
          when st.status = 'invalid' then 'invalid'
          when st.status = 'do_not_mail' then 'do_not_mail'
          when exists (select 1 from suppressions s where s.team_id = ${campaign.team_id} and s.email = lower(c.primary_email)) then 'suppressed'
          when not ${campaign.allow_active_elsewhere} and exists (
            select 1 from campaign_leads o join campaigns oc on oc.id = o.campaign_id
            where o.team_id = ${campaign.team_id} and o.contact_id = c.id and o.status = 'active'
              and oc.status in ('active', 'paused') and o.campaign_id <> ${campaign.id}
          ) then 'in_other_campaign'
        end as reason
      from (select (select x->>'status' from jsonb_array_elements(c.emails) x where lower(x->>'email') = lower(c.primary_email) limit 1) as status) st
    ) e
    on conflict (campaign_id, contact_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function pageLeads(db: Db, campaignId: string, options: { status?: CampaignLeadStatus; offset: number; limit: number }) {
  let query = db
    .selectFrom('campaign_leads')
    .innerJoin('contacts', 'contacts.id', 'campaign_leads.contact_id')
    // A lead stops at its first failed send, so this joins at most one row.
    .leftJoin('campaign_sends as failed', (join) => join.onRef('failed.lead_id', '=', 'campaign_leads.id').on('failed.status', '=', 'failed'))
    .where('campaign_leads.campaign_id', '=', campaignId);
  if (options.status) query = query.where('campaign_leads.status', '=', options.status);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'campaign_leads.id',
      'campaign_leads.contact_id',
      'campaign_leads.email',
      'campaign_leads.status',
      'campaign_leads.skip_reason',
      'campaign_leads.next_position',
      'campaign_leads.next_at',
      'campaign_leads.last_sent_at',
      'contacts.full_name',
      'contacts.company_name',
      'failed.step_position as failed_step',
      'failed.error as failure_reason',
    ])
    .orderBy('campaign_leads.created_at')
    .orderBy('campaign_leads.id')
    .offset(options.offset)
    .limit(options.limit)
    .execute();
  return { total: Number(total.n), rows };
}

/** Stops every active lead of a campaign (archive, complete). */
export async function stopActiveLeads(db: Db, campaignId: string) {
  await db.updateTable('campaign_leads').set({ status: 'stopped', next_at: null, updated_at: new Date() }).where('campaign_id', '=', campaignId).where('status', '=', 'active').execute();
}

export async function addLeadEvent(db: Db, leadId: string, kind: string, detail: string | null, stepPosition: number | null, at: Date) {
  await db.insertInto('campaign_lead_events').values({ lead_id: leadId, kind, detail, step_position: stepPosition, at }).execute();
}

/** How many leading steps some lead has reached (a send exists for them): those are kept on edit. */
export async function reachedSteps(db: Db, campaignId: string): Promise<number> {
  const row = await db.selectFrom('campaign_sends').select((eb) => eb.fn.max('step_position').as('max')).where('campaign_id', '=', campaignId).executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** The contact of the campaign's first lead, for a preview. */
export async function firstLeadContact(db: Db, campaignId: string) {
  const row = await db.selectFrom('campaign_leads').select('contact_id').where('campaign_id', '=', campaignId).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row?.contact_id;
}
