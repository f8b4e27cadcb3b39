import { sql, type Kysely } from 'kysely';
import type { DB, JobError, JobProgress } from '../../db/schema.js';

const MAX_STORED_ERRORS = 100;

export async function insertProgress(
  db: Kysely<DB>,
  values: { teamId: string; userId: string | null; kind: string; total: number | null },
): Promise<JobProgress> {
  return db
    .insertInto('job_progress')
    .values({ team_id: values.teamId, user_id: values.userId, kind: values.kind, total: values.total, state: 'queued' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findProgress(db: Kysely<DB>, id: string): Promise<JobProgress | undefined> {
  return db.selectFrom('job_progress').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProgressForTeam(db: Kysely<DB>, teamId: string, id: string) {
  return db.selectFrom('job_progress').selectAll().where('id', '=', id).where('team_id', '=', teamId).executeTakeFirst();
}

export async function listProgressForTeam(db: Kysely<DB>, teamId: string, options: { kind?: string; limit: number }) {
  let query = db.selectFrom('job_progress').selectAll().where('team_id', '=', teamId);
  if (options.kind) query = query.where('kind', '=', options.kind);
  return query.orderBy('created_at', 'desc').limit(options.limit).execute();
}

export async function updateProgress(
  db: Kysely<DB>,
  id: string,
  patch: { state?: JobProgress['state']; done?: number; total?: number | null; result?: Record<string, unknown> },
) {
  const now = new Date();
  await db
    .updateTable('job_progress')
    .set({
      ...(patch.state ? { state: patch.state } : {}),
      ...(patch.done !== undefined ? { done: patch.done } : {}),
      ...(patch.total !== undefined ? { total: patch.total } : {}),
      ...(patch.result ? { result: JSON.stringify(patch.result) } : {}),
      ...(patch.state === 'running' ? { started_at: sql<Date>`coalesce(started_at, ${now})` } : {}),
      ...(patch.state && patch.state !== 'running' && patch.state !== 'queued' ? { finished_at: now } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    // A completed record stays completed: an attempt that starts late (a duplicate delivery) cannot reopen it.
    .$if(patch.state === 'running', (qb) => qb.where('state', '<>', 'completed'))
    .execute();
}

/** Adds errors and counts them; only the first MAX_STORED_ERRORS are kept in full. */
export async function appendErrors(db: Kysely<DB>, id: string, errors: JobError[]) {
  if (errors.length === 0) return;
  await db
    .updateTable('job_progress')
    .set({
      error_count: sql`error_count + ${errors.length}`,
      errors: sql`case when jsonb_array_length(errors) < ${MAX_STORED_ERRORS}
                  then errors || ${JSON.stringify(errors)}::jsonb else errors end`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks a record completed unless it already is; false when it was. Two attempts finishing at
 * once queue on the row, and the second finds it completed.
 */
export async function completeOnce(db: Kysely<DB>, id: string, result: Record<string, unknown>): Promise<boolean> {
  const now = new Date();
  const row = await db
    .updateTable('job_progress')
    .set({ state: 'completed', result: JSON.stringify(result), finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('state', '<>', 'completed')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
