import { randomUUID } from 'node:crypto';

/**
 * A version-7 uuid (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made one
 * after another sort by time, so rows keyed by them append to the right edge of a btree; the
 * database's `uuid_v7()` makes the same, this one costs the database nothing per row.
 */
export function uuidV7(now = Date.now()): string {
  const ms = now.toString(16).padStart(12, '0');
  // randomUUID is xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep its variant and random tail.
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
