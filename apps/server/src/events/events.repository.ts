import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export async function insertEvent(db: Kysely<DB>, event: { id: string; name: string; payload: unknown }) {
  await db.insertInto('domain_events').values({ id: event.id, name: event.name, payload: JSON.stringify(event.payload) }).execute();
}

export async function findEvent(db: Kysely<DB>, id: string) {
  return db.selectFrom('domain_events').select(['id', 'name', 'payload']).where('id', '=', id).executeTakeFirst();
}

/**
 * Records that `subscriber` handled the event; false when it already had. A concurrent second
 * delivery waits on the key until the first commits, then gets false.
 */
export async function claimDelivery(db: Kysely<DB>, eventId: string, subscriber: string): Promise<boolean> {
  const row = await db
    .insertInto('event_deliveries')
    .values({ event_id: eventId, subscriber })
    .onConflict((oc) => oc.columns(['event_id', 'subscriber']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Events older than `before`, with their delivery records; a page at a time. */
export async function deleteEventsBefore(db: Kysely<DB>, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('domain_events')
    .where('id', 'in', (qb) => qb.selectFrom('domain_events').select('id').where('created_at', '<', before).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
