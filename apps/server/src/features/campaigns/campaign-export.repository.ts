import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** The campaign's leads after `afterId` in id order (a keyset page), with their contact. */
export async function leadsAfter(db: Db, campaignId: string, afterId: string | null, limit: number) {
  let query = db
    .selectFrom('campaign_leads')
    .innerJoin('contacts', 'contacts.id', 'campaign_leads.contact_id')
    .select([
      'campaign_leads.id',
      'campaign_leads.email',
      'campaign_leads.status',
      'campaign_leads.skip_reason',
      'campaign_leads.next_position',
      'campaign_leads.next_at',
      'campaign_leads.last_sent_at',
      'contacts.full_name',
      'contacts.company_name',
      'contacts.job_title',
    ])
    .where('campaign_leads.campaign_id', '=', campaignId);
  if (afterId) query = query.where('campaign_leads.id', '>', afterId);
  return query.orderBy('campaign_leads.id').limit(limit).execute();
}

const countIf = (condition: ReturnType<typeof sql>) => sql<string>`count(*) filter (where ${condition})`;

/** Per lead: emails sent, and how many were opened, clicked, replied to, bounced, unsubscribed from. */
export async function sendOutcomes(db: Db, leadIds: string[]) {
  if (!leadIds.length) return [];
  return db
    .selectFrom('campaign_sends')
    .select([
      'lead_id',
      countIf(sql`status = 'sent'`).as('sent'),
      countIf(sql`opened_at is not null`).as('opened'),
      countIf(sql`clicked_at is not null`).as('clicked'),
      countIf(sql`replied_at is not null`).as('replied'),
      countIf(sql`bounced_at is not null`).as('bounced'),
      countIf(sql`unsubscribed_at is not null`).as('unsubscribed'),
    ])
    .where('lead_id', 'in', leadIds)
    .groupBy('lead_id')
    .execute();
}
