import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** The sends of campaigns that track this (opens or clicks); a campaign that stopped tracking records nothing. */
const tracked = (column: 'track_opens' | 'track_clicks') => sql<boolean>`exists (select 1 from campaigns c where c.id = campaign_sends.campaign_id and c.${sql.ref(column)})`;

/** Records a send's first open; later opens change nothing, so a lead counts once per step. */
export async function recordOpen(db: Db, sendId: string, at: Date) {
  await db.updateTable('campaign_sends').set({ opened_at: at }).where('id', '=', sendId).where('status', '=', 'sent').where('opened_at', 'is', null).where(tracked('track_opens')).execute();
}

/** Records a send's first click, and an open with it when opens are tracked: a click proves the email was read. */
export async function recordClick(db: Db, sendId: string, at: Date) {
  await db.updateTable('campaign_sends').set({ clicked_at: at }).where('id', '=', sendId).where('status', '=', 'sent').where('clicked_at', 'is', null).where(tracked('track_clicks')).execute();
  await recordOpen(db, sendId, at);
}
