import { sql, type Kysely } from 'kysely';

/**
 * A tick reads each campaign's due leads oldest first (`next_at, id`), a batch at a time: this
 * index hands them over in that order, so the batch stops the scan instead of every due lead of
 * every campaign being read and sorted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index campaign_leads_campaign_due_idx on campaign_leads(campaign_id, next_at, id) where status = 'active'`.execute(db);
}
