import crypto from 'node:crypto';
import { AppError, notFound } from '@leadline/shared';
import { CAMPAIGN_MESSAGES, SUPPRESSION_MESSAGES, SUPPRESSION_UNDO_MS } from '@leadline/shared/campaigns/index';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { readSignedToken, signToken } from '../../lib/crypto/signed-token.js';
import { campaignLinksSecret } from './link-secret.js';
import * as sends from './sends.repository.js';
import * as repo from './suppressions.repository.js';

const macOf = (id: string, secret: string) => crypto.createHmac('sha256', secret).update(`unsubscribe:${id}`).digest('base64url').slice(0, 22);

/**
 * The secret part of an email's unsubscribe link: the send's id and a 128-bit HMAC of it, kept
 * short (55 characters) so the link stays within a path parameter's length and a mail header line.
 */
export async function unsubscribeToken(db: Kysely<DB>, sendId: string) {
  const id = sendId.replaceAll('-', '');
  return `${id}.${macOf(id, await campaignLinksSecret(db))}`;
}

/** The send id of a token this installation made, else null. */
async function readUnsubscribeToken(db: Kysely<DB>, token: string): Promise<string | null> {
  const match = /^([0-9a-f]{32})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const good = Buffer.from(macOf(match[1]!, await campaignLinksSecret(db)));
  const given = Buffer.from(match[2]!);
  if (!crypto.timingSafeEqual(good, given)) return null;
  return match[1]!.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}

export async function addSuppressions(db: Kysely<DB>, actor: Actor, emails: string[], now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const added = await repo.addSuppressions(trx, actor.teamId, emails, 'manual');
    await repo.stopSuppressedLeads(trx, actor.teamId, emails, now);
    return { added };
  });
}

export async function listSuppressions(db: Kysely<DB>, actor: Actor, query: { page: number; limit: number; search?: string }) {
  const { total, rows } = await repo.pageSuppressions(db, actor.teamId, (query.page - 1) * query.limit, query.limit, query.search);
  return {
    data: rows.map((r) => ({ email: r.email, reason: r.reason, createdAt: r.created_at.toISOString() })),
    pagination: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), totalRecords: total },
  };
}

// Names the token's purpose inside the signed payload: no other token signed with this secret reads as one.
type RemovedEntry = { kind: 'suppression-undo'; teamId: string; email: string; reason: string; createdAt: number; expiresAt: number };

/**
 * Removes an address. The answer carries a signed undo token holding the entry as it was, so Undo
 * puts back its reason (an unsubscribe stays an unsubscribe) and its date, with nothing kept here.
 */
export async function deleteSuppression(db: Kysely<DB>, actor: Actor, email: string, now = new Date()) {
  const row = await repo.deleteSuppression(db, actor.teamId, email);
  if (!row) throw notFound('Suppression');
  const entry: RemovedEntry = { kind: 'suppression-undo', teamId: actor.teamId, email: row.email, reason: row.reason, createdAt: row.created_at.getTime(), expiresAt: now.getTime() + SUPPRESSION_UNDO_MS };
  return { email: row.email, undoToken: signToken(entry, await campaignLinksSecret(db)) };
}

/** Undo of a removal: the entry back as it was, for the team that removed it, within SUPPRESSION_UNDO_MS. */
export async function restoreSuppression(db: Kysely<DB>, actor: Actor, undoToken: string, now = new Date()) {
  const entry = readSignedToken<RemovedEntry>(undoToken, await campaignLinksSecret(db));
  if (entry?.kind !== 'suppression-undo' || entry.teamId !== actor.teamId) throw notFound('Suppression');
  if (entry.expiresAt < now.getTime()) throw new AppError('CONFLICT', SUPPRESSION_MESSAGES.undoExpired);
  return db.transaction().execute(async (trx) => {
    const row = await repo.restoreSuppression(trx, actor.teamId, { email: entry.email, reason: entry.reason, createdAt: new Date(entry.createdAt) });
    await repo.stopSuppressedLeads(trx, actor.teamId, [row.email], now);
    return { email: row.email, reason: row.reason, createdAt: row.created_at.toISOString() };
  });
}

/**
 * A one-click unsubscribe (RFC 8058) or the public page's button: the address of the send goes
 * on its team's suppression list and every active lead at it stops. The answer is the same for
 * a good, a repeated and a forged token, so the endpoint reveals nothing.
 */
export async function unsubscribe(db: Kysely<DB>, token: string, now = new Date()): Promise<{ message: string }> {
  const sendId = await readUnsubscribeToken(db, token);
  if (sendId) {
    await db.transaction().execute(async (trx) => {
      const send = await sends.findSendForUnsubscribe(trx, sendId);
      if (!send) return;
      await repo.addSuppressions(trx, send.team_id, [send.to_address], 'unsubscribed');
      await repo.stopSuppressedLeads(trx, send.team_id, [send.to_address], now);
      await sends.markUnsubscribed(trx, send.id, now);
    });
  }
  return { message: CAMPAIGN_MESSAGES.unsubscribed };
}
