import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type RunKey = { teamId: string; userId: string; filtersHash: string };

const startedWithin = (hours: number) => sql<boolean>`started_at > now() - make_interval(hours => ${hours})`;

/** Whether the member has a run of this search younger than `hours`. */
export async function hasActiveRun(db: Kysely<DB>, key: RunKey, hours: number): Promise<boolean> {
  const row = await db
    .selectFrom('search_runs')
    .select('run_id')
    .where('team_id', '=', key.teamId)
    .where('user_id', '=', key.userId)
    .where('filters_hash', '=', key.filtersHash)
    .where(startedWithin(hours))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Starts a run: the member's runs older than `hours` go, then this one is inserted. Answers its
 * id, or null when a run of this search already exists (a concurrent request started it: the
 * insert waits for that transaction and then finds its row).
 */
export async function startRun(trx: Kysely<DB>, key: RunKey, hours: number): Promise<string | null> {
  await trx
    .deleteFrom('search_runs')
    .where('team_id', '=', key.teamId)
    .where('user_id', '=', key.userId)
    .where(sql<boolean>`not ${startedWithin(hours)}`)
    .execute();
  const row = await trx
    .insertInto('search_runs')
    .values({ team_id: key.teamId, user_id: key.userId, filters_hash: key.filtersHash })
    .onConflict((oc) => oc.columns(['team_id', 'user_id', 'filters_hash']).doNothing())
    .returning('run_id')
    .executeTakeFirst();
  return row?.run_id ?? null;
}
