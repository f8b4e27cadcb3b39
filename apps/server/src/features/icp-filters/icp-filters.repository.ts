import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export type IcpRow = { id: string; name: string; created_by_name: string; created_at: Date; filters: unknown };

const COLUMNS = ['id', 'name', 'created_by_name', 'created_at', 'filters'] as const;

export async function listIcps(db: Kysely<DB>, teamId: string): Promise<IcpRow[]> {
  return db.selectFrom('icp_filters').select(COLUMNS).where('team_id', '=', teamId).orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Inserts the ICP unless the team has one with this name in any case (then undefined). */
export async function insertIcp(
  db: Kysely<DB>,
  values: { teamId: string; userId: string; userName: string; name: string; filters: unknown },
): Promise<IcpRow | undefined> {
  return db
    .insertInto('icp_filters')
    .values({ team_id: values.teamId, created_by: values.userId, created_by_name: values.userName, name: values.name, filters: JSON.stringify(values.filters) })
    .onConflict((oc) => oc.expression(sql`team_id, lower(name)`).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteIcpByName(db: Kysely<DB>, teamId: string, name: string) {
  return db
    .deleteFrom('icp_filters')
    .where('team_id', '=', teamId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .returning('name')
    .executeTakeFirst();
}
