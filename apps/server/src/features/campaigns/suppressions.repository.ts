import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Adds addresses (lower-cased) to the team's suppression list; answers how many were new. */
export async function addSuppressions(db: Db, teamId: string, emails: string[], reason: string): Promise<number> {
  const unique = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (!unique.length) return 0;
  const inserted = await db
    .insertInto('suppressions')
    .values(unique.map((email) => ({ team_id: teamId, email, reason })))
    .onConflict((oc) => oc.columns(['team_id', 'email']).doNothing())
    .returning('email')
    .execute();
  return inserted.length;
}

/** Stops the team's active leads at a suppressed address. */
export async function stopSuppressedLeads(db: Db, teamId: string, emails: string[], at: Date) {
  if (!emails.length) return;
  await db
    .updateTable('campaign_leads')
    .set({ status: 'unsubscribed', next_at: null, updated_at: at })
    .where('team_id', '=', teamId)
    .where('status', '=', 'active')
    .where(sql<string>`lower(email)`, 'in', emails.map((e) => e.toLowerCase()))
    .execute();
}

export async function isSuppressed(db: Db, teamId: string, email: string) {
  const row = await db.selectFrom('suppressions').select('email').where('team_id', '=', teamId).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return Boolean(row);
}

/** A page of the team's list, newest first; `search` keeps addresses containing it (no wildcards). */
export async function pageSuppressions(db: Db, teamId: string, offset: number, limit: number, search?: string) {
  const base = db
    .selectFrom('suppressions')
    .where('team_id', '=', teamId)
    .$if(Boolean(search), (q) => q.where(sql<number>`strpos(email, ${search?.toLowerCase() ?? ''})`, '>', 0));
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('email').offset(offset).limit(limit).execute();
  return { total: Number(total.n), rows };
}

export async function deleteSuppression(db: Db, teamId: string, email: string) {
  return db
    .deleteFrom('suppressions')
    .where('team_id', '=', teamId)
    .where('email', '=', email.toLowerCase())
    .returning(['email', 'reason', 'created_at'])
    .executeTakeFirst();
}

/** Puts a removed address back with its reason and date; an address added again meanwhile stays as it is now. */
export async function restoreSuppression(db: Db, teamId: string, entry: { email: string; reason: string; createdAt: Date }) {
  await db
    .insertInto('suppressions')
    .values({ team_id: teamId, email: entry.email, reason: entry.reason, created_at: entry.createdAt })
    .onConflict((oc) => oc.columns(['team_id', 'email']).doNothing())
    .execute();
  return db.selectFrom('suppressions').select(['email', 'reason', 'created_at']).where('team_id', '=', teamId).where('email', '=', entry.email).executeTakeFirstOrThrow();
}
