import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A lead of the campaign with its contact's name, or undefined when the lead is not the campaign's. */
export async function findTimelineLead(db: Db, campaignId: string, leadId: string) {
  return db
    .selectFrom('campaign_leads')
    .innerJoin('contacts', 'contacts.id', 'campaign_leads.contact_id')
    .select(['campaign_leads.id', 'campaign_leads.email', 'campaign_leads.status', 'campaign_leads.skip_reason', 'campaign_leads.created_at', 'campaign_leads.next_position', 'campaign_leads.next_at', 'contacts.full_name'])
    .where('campaign_leads.campaign_id', '=', campaignId)
    .where('campaign_leads.id', '=', leadId)
    .executeTakeFirst();
}

/** What the engine recorded for the lead (sent, replied, bounces, tasks), oldest first. */
export async function leadEvents(db: Db, leadId: string) {
  return db
    .selectFrom('campaign_lead_events')
    .select(['kind', 'detail', 'step_position', 'at'])
    .where('lead_id', '=', leadId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** The lead's sends, for what only their columns hold: opens, clicks, unsubscribes, failures, what is due. */
export async function leadSends(db: Db, leadId: string) {
  return db
    .selectFrom('campaign_sends')
    .select(['step_position', 'status', 'subject', 'error', 'due_at', 'opened_at', 'clicked_at', 'unsubscribed_at'])
    .where('lead_id', '=', leadId)
    .orderBy('step_position')
    .execute();
}
