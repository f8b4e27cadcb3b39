import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export async function insertKey(db: Kysely<DB>, values: { teamId: string; userId: string; keyHash: string; first: string; last: string }) {
  return db
    .insertInto('api_keys')
    .values({ team_id: values.teamId, user_id: values.userId, key_hash: values.keyHash, key_first: values.first, key_last: values.last })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** A team's keys, newest first: never the hash. */
export async function listKeys(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'key_first', 'key_last', 'created_at', 'last_used_at'])
    .where('team_id', '=', teamId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function deleteKey(db: Kysely<DB>, teamId: string, id: string) {
  return db.deleteFrom('api_keys').where('team_id', '=', teamId).where('id', '=', id).returning('id').executeTakeFirst();
}

/**
 * Counts one call on the key with this hash and answers who holds it, in one statement: the
 * key counts only while its creator is an active member of the team it was made in, so removing
 * the member (or their moving team) stops it at once. The minute window restarts when it is over.
 */
export async function countCallAndFindHolder(db: Kysely<DB>, keyHash: string, now: Date, windowStart: Date) {
  const expired = sql<boolean>`api_keys.window_started_at <= ${windowStart}`;
  return db
    .updateTable('api_keys')
    .from('users')
    .innerJoin('team_members', 'team_members.user_id', 'users.id')
    .set({
      window_calls: sql<number>`case when ${expired} then 1 else api_keys.window_calls + 1 end`,
      window_started_at: sql<Date>`case when ${expired} then ${now}::timestamptz else api_keys.window_started_at end`,
      last_used_at: now,
    })
    .whereRef('users.id', '=', 'api_keys.user_id')
    .whereRef('users.team_id', '=', 'api_keys.team_id')
    .whereRef('team_members.team_id', '=', 'api_keys.team_id')
    .where('team_members.status', '=', 'ACTIVE')
    .where('api_keys.key_hash', '=', keyHash)
    .returning([
      'api_keys.id as keyId',
      'api_keys.window_calls as calls',
      'api_keys.window_started_at as windowStartedAt',
      'users.id as userId',
      'users.team_id as teamId',
      'users.email',
      'users.name',
      'users.permission',
      'team_members.role',
    ])
    .executeTakeFirst();
}
