import { AppError, ICP_MESSAGES, IcpFilters, normalizeFilters, notFound, type IcpCreateBody, type IcpDto } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { countPeople } from '../search/index.js';
import * as repo from './icp-filters.repository.js';

/** An ICP with how many people of the database match it now, capped like the search count. */
async function present(db: Kysely<DB>, row: repo.IcpRow): Promise<IcpDto> {
  // Stored filters are re-read through the current model, so an old ICP stays valid.
  const filters = IcpFilters.parse(row.filters);
  const matches = await countPeople(db, normalizeFilters(filters));
  return { _id: row.id, name: row.name, userName: row.created_by_name, createdAt: row.created_at.toISOString(), filters, matches };
}

export async function listIcps(db: Kysely<DB>, actor: Actor): Promise<IcpDto[]> {
  const rows = await repo.listIcps(db, actor.teamId);
  const out: IcpDto[] = [];
  // One count at a time: on PGlite the counts share one connection anyway.
  for (const row of rows) out.push(await present(db, row));
  return out;
}

export async function createIcp(db: Kysely<DB>, actor: Actor, body: IcpCreateBody): Promise<IcpDto> {
  const row = await repo.insertIcp(db, { teamId: actor.teamId, userId: actor.userId, userName: actor.name, name: body.name, filters: body.filters });
  if (!row) throw new AppError('CONFLICT', ICP_MESSAGES.duplicate, { field: 'name' });
  return present(db, row);
}

/** Deletes the team's ICP of this name, whatever its case. */
export async function deleteIcp(db: Kysely<DB>, actor: Actor, name: string): Promise<{ name: string }> {
  const deleted = await repo.deleteIcpByName(db, actor.teamId, name);
  if (!deleted) throw notFound('ICP');
  return { name: deleted.name };
}
