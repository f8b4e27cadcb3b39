import { sql, type Kysely } from 'kysely';

/**
 * A campaign send is written once when planned, then updated twice (claimed, then sent) and
 * later for its opens, clicks and replies: none of those columns is indexed, so with room left on
 * its page each update is a heap-only (HOT) update that writes no index entry. Pages filled to
 * 70% leave that room; existing pages keep theirs until rewritten.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table campaign_sends set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table campaign_sends reset (fillfactor)`.execute(db);
}
