import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { findSecret } from '../../lib/crypto/secrets.js';

const secrets = new WeakMap<Kysely<DB>, Promise<string>>();

/**
 * The installation's `campaign_links` secret, which signs unsubscribe and tracking links. The
 * migrations make it once and nothing changes it, so it is read once per database handle
 * instead of once per email.
 */
export function campaignLinksSecret(db: Kysely<DB>): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = findSecret(db, 'campaign_links');
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}
