import { notFound } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { campaignLinksSecret } from './link-secret.js';
import { clickPurpose, openPurpose, readToken } from './tracking-links.js';
import * as repo from './tracking.repository.js';

/** A link no email of this installation carries: one answer for all, naming no team or campaign. */
const unknownLink = () => notFound('Link');

/** The open pixel was fetched: the email's first open is recorded (when its campaign tracks opens). */
export async function trackOpen(db: Kysely<DB>, token: string, now = new Date()) {
  const sendId = readToken(token, openPurpose, await campaignLinksSecret(db));
  if (!sendId) throw unknownLink();
  await repo.recordOpen(db, sendId, now);
}

/**
 * A tracked link was followed: its first click is recorded and the answer is where it was
 * signed to go. Only that address: a token with any other `u` is unknown, so the redirect
 * can never be pointed elsewhere.
 */
export async function trackClick(db: Kysely<DB>, token: string, url: string, now = new Date()): Promise<string> {
  if (!/^https?:\/\//i.test(url)) throw unknownLink();
  const sendId = readToken(token, clickPurpose(url), await campaignLinksSecret(db));
  if (!sendId) throw unknownLink();
  await repo.recordClick(db, sendId, now);
  return url;
}
