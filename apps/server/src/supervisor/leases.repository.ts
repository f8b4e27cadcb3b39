import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** A lease's end: now (the database's clock) plus the duration. */
const expiresIn = (leaseMs: number) => sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Keys per statement: four parameters a row stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

/**
 * Takes the leases on `keys` that are free, expired or already ours, in one statement per
 * chunk: the insert wins a free key, and the conditional update wins an expired one, so two
 * processes asking at once for the same key never both get it. Answers the keys won.
 */
export async function takeLeases(db: Kysely<DB>, service: string, keys: string[], holder: string, leaseMs: number): Promise<string[]> {
  const won: string[] = [];
  for (let i = 0; i < keys.length; i += CHUNK) {
    const chunk = keys.slice(i, i + CHUNK);
    const rows = await db
      .insertInto('service_leases')
      .values(chunk.map((key) => ({ service, key, holder, expires_at: expiresIn(leaseMs) })))
      .onConflict((oc) =>
        oc
          .columns(['service', 'key'])
          .doUpdateSet((eb) => ({
            holder: eb.ref('excluded.holder'),
            expires_at: eb.ref('excluded.expires_at'),
            heartbeat_at: sql<Date>`now()`,
            acquired_at: sql<Date>`case when service_leases.holder = excluded.holder then service_leases.acquired_at else now() end`,
          }))
          .where((eb) => eb.or([eb('service_leases.expires_at', '<=', sql<Date>`now()`), eb('service_leases.holder', '=', eb.ref('excluded.holder'))])),
      )
      .returning('key')
      .execute();
    won.push(...rows.map((r) => r.key));
  }
  return won;
}

/** Extends the leases `holder` still has on `keys`; answers the keys it still holds (a missing one was lost). */
export async function renewLeases(db: Kysely<DB>, service: string, keys: string[], holder: string, leaseMs: number): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .updateTable('service_leases')
    .set({ expires_at: expiresIn(leaseMs), heartbeat_at: sql<Date>`now()` })
    .where('service', '=', service)
    .where('holder', '=', holder)
    .where('key', 'in', keys)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('key')
    .execute();
  return rows.map((r) => r.key);
}

export async function releaseLeases(db: Kysely<DB>, service: string, keys: string[], holder: string): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('service_leases').where('service', '=', service).where('holder', '=', holder).where('key', 'in', keys).execute();
}

/** Expired leases hold nothing (taking a key works with or without its row): drop them. */
export async function deleteExpiredLeases(db: Kysely<DB>, service: string): Promise<void> {
  await db.deleteFrom('service_leases').where('service', '=', service).where('expires_at', '<=', sql<Date>`now()`).execute();
}

export type LeaseRow = { service: string; key: string; holder: string; expiresAt: Date };

export async function findLeases(db: Kysely<DB>, service: string): Promise<LeaseRow[]> {
  const rows = await db
    .selectFrom('service_leases')
    .select(['service', 'key', 'holder', 'expires_at'])
    .where('service', '=', service)
    .orderBy('key')
    .execute();
  return rows.map((r) => ({ service: r.service, key: r.key, holder: r.holder, expiresAt: r.expires_at }));
}
