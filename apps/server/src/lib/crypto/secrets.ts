import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * A server-wide secret by name (`search_token`, `oauth_state`): random bytes made by the
 * migrations, shared by every process on the database, used to sign tokens.
 */
export async function findSecret(db: Kysely<DB>, name: string): Promise<string> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
