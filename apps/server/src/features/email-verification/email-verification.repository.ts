import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { VerificationRunState } from '../../db/schema-verification.js';

export async function insertRun(db: Kysely<DB>, v: { teamId: string; userId: string; listId: string | null; progressId: string | null }) {
  const row = await db
    .insertInto('email_verification_runs')
    .values({ team_id: v.teamId, user_id: v.userId, list_id: v.listId, progress_id: v.progressId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setRunHold(db: Kysely<DB>, runId: string, holdId: string, emails: number) {
  await db.updateTable('email_verification_runs').set({ hold_id: holdId, emails }).where('id', '=', runId).execute();
}

export async function findRun(db: Kysely<DB>, runId: string) {
  return db.selectFrom('email_verification_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

/** Ends a run once: answers false when it had ended already (a duplicate job attempt). */
export async function finishRun(db: Kysely<DB>, runId: string, state: Exclude<VerificationRunState, 'running'>, error: string | null = null) {
  const result = await db
    .updateTable('email_verification_runs')
    .set({ state, error, finished_at: new Date() })
    .where('id', '=', runId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertItems(db: Kysely<DB>, runId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  await db
    .insertInto('email_verification_items')
    .values(contactIds.map((contactId, i) => ({ run_id: runId, seq: i + 1, contact_id: contactId })))
    .execute();
}

export async function pendingItems(db: Kysely<DB>, runId: string, limit: number) {
  return db
    .selectFrom('email_verification_items')
    .select(['seq', 'contact_id'])
    .where('run_id', '=', runId)
    .where('done', '=', false)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function markItemsDone(db: Kysely<DB>, runId: string, seqs: number[]) {
  if (seqs.length === 0) return;
  await db.updateTable('email_verification_items').set({ done: true }).where('run_id', '=', runId).where('seq', 'in', seqs).execute();
}

/** Items of the run, and how many are done. */
export async function countItems(db: Kysely<DB>, runId: string) {
  const row = await db
    .selectFrom('email_verification_items')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where done))::int`.as('done')])
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), done: Number(row.done) };
}
