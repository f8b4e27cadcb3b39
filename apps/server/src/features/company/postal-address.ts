import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import * as repo from './company.repository.js';

/** The team's sender postal address, which every campaign email ends with (CAN-SPAM); null when none is set. */
export async function getPostalAddress(db: Kysely<DB>, actor: Actor) {
  return { postalAddress: await repo.findPostalAddress(db, actor.teamId) };
}

/** Saves the address (lines trimmed, blank lines dropped); an empty one removes it. */
export async function setPostalAddress(db: Kysely<DB>, actor: Actor, input: { postalAddress: string }) {
  const lines = input.postalAddress
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  await repo.savePostalAddress(db, actor.teamId, lines.length ? lines.join('\n') : null);
  return getPostalAddress(db, actor);
}
