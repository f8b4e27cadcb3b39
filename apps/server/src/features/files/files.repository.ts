import { isUuid } from '@leadline/shared';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Upload, UploadsTable } from '../../db/schema-lists.js';

export async function insertUpload(db: Kysely<DB>, values: Insertable<UploadsTable>): Promise<Upload> {
  return db.insertInto('uploads').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The team's upload with this id; another team's id, or no id at all, finds nothing. */
export async function findUploadForTeam(db: Kysely<DB>, teamId: string, id: string): Promise<Upload | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('uploads').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
}

/** Bytes of the team's stored uploads (their files are deleted with their rows). */
export async function storedUploadBytes(db: Kysely<DB>, teamId: string): Promise<number> {
  const row = await db.selectFrom('uploads').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), eb.val('0')).as('bytes')).where('team_id', '=', teamId).executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** The oldest uploads created before `before`, for the purge. */
export async function uploadsCreatedBefore(db: Kysely<DB>, before: Date, limit: number): Promise<Array<Pick<Upload, 'id' | 'path'>>> {
  return db.selectFrom('uploads').select(['id', 'path']).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
}

/** Which of these ids still have a row. */
export async function existingUploadIds(db: Kysely<DB>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Contacts keep their data: their `upload_id` is set to null by the foreign key. */
export async function deleteUploads(db: Kysely<DB>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('uploads').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
