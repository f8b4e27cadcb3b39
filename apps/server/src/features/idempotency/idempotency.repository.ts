import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A key is its team's user's: two users (or teams) may send the same key for different things. */
export type KeyScope = { teamId: string; userId: string; key: string };
/** The request that holds a key: its route, its body's hash, and a random id of this attempt. */
export type KeyHolder = { route: string; hash: string; attempt: string };
export type KeyRow = { route: string; request_hash: string; status: number | null; response: unknown; created_at: Date };

const byScope = (s: KeyScope) => ({ team_id: s.teamId, user_id: s.userId, key: s.key });

/** Takes the key for a new request; false when it is taken already (then read it with `findKey`). */
export async function insertKey(db: Kysely<DB>, scope: KeyScope, request: KeyHolder): Promise<boolean> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ ...byScope(scope), route: request.route, request_hash: request.hash, attempt: request.attempt, status: null, response: null })
    .onConflict((oc) => oc.columns(['team_id', 'user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes over a key whose request never answered since `staleBefore` (its process died). The
 * condition is on the row alone, so of two takers exactly one wins.
 */
export async function takeOverStaleKey(db: Kysely<DB>, scope: KeyScope, request: KeyHolder, staleBefore: Date): Promise<boolean> {
  const row = await db
    .updateTable('idempotency_keys')
    .set({ route: request.route, request_hash: request.hash, attempt: request.attempt, status: null, response: null, created_at: new Date(), completed_at: null })
    .where('team_id', '=', scope.teamId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .where('status', 'is', null)
    .where('created_at', '<', staleBefore)
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findKey(db: Kysely<DB>, scope: KeyScope): Promise<KeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['route', 'request_hash', 'status', 'response', 'created_at'])
    .where('team_id', '=', scope.teamId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

/** Keeps the first request's answer for replays, if that request still holds the key. */
export async function completeKey(db: Kysely<DB>, scope: KeyScope, attempt: string, answer: { status: number; response: unknown }) {
  await db
    .updateTable('idempotency_keys')
    .set({ status: answer.status, response: JSON.stringify(answer.response), completed_at: new Date() })
    .where('team_id', '=', scope.teamId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .where('attempt', '=', attempt)
    .execute();
}

/** Lets the key be used again: the request failed on our side, so a retry should run. */
export async function deleteOpenKey(db: Kysely<DB>, scope: KeyScope, attempt: string) {
  await db
    .deleteFrom('idempotency_keys')
    .where('team_id', '=', scope.teamId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .where('attempt', '=', attempt)
    .where('status', 'is', null)
    .execute();
}

/** Drops a team's keys older than `before`. */
export async function deleteExpiredKeys(db: Kysely<DB>, teamId: string, before: Date) {
  await db.deleteFrom('idempotency_keys').where('team_id', '=', teamId).where('created_at', '<', before).execute();
}

/** Drops every team's keys older than `before` (the hourly sweep). */
export async function deleteAllExpiredKeys(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
