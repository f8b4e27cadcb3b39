import { CAMPAIGN_MESSAGES, notFound } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { findSecret } from '../../lib/crypto/secrets.js';
import { readSignedToken, signToken } from '../../lib/crypto/signed-token.js';
import * as sends from './sends.repository.js';
import * as repo from './suppressions.repository.js';

type UnsubscribePayload = { s: string };

/** The secret part of an email's unsubscribe link: the send it came with, signed. */
export async function unsubscribeToken(db: Kysely<DB>, sendId: string) {
  return signToken({ s: sendId } satisfies UnsubscribePayload, await findSecret(db, 'campaign_links'));
}

export async function addSuppressions(db: Kysely<DB>, actor: Actor, emails: string[], now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const added = await repo.addSuppressions(trx, actor.teamId, emails, 'manual');
    await repo.stopSuppressedLeads(trx, actor.teamId, emails, now);
    return { added };
  });
}

export async function listSuppressions(db: Kysely<DB>, actor: Actor, query: { page: number; limit: number }) {
  const { total, rows } = await repo.pageSuppressions(db, actor.teamId, (query.page - 1) * query.limit, query.limit);
  return {
    data: rows.map((r) => ({ email: r.email, reason: r.reason, createdAt: r.created_at.toISOString() })),
    pagination: { currentPage: query.page, totalPages: Math.max(1, Math.ceil(total / query.limit)), totalRecords: total },
  };
}

export async function deleteSuppression(db: Kysely<DB>, actor: Actor, email: string) {
  const row = await repo.deleteSuppression(db, actor.teamId, email);
  if (!row) throw notFound('Suppression');
  return { email: row.email };
}

/**
 * A one-click unsubscribe (RFC 8058) or the public page's button: the address of the send goes
 * on its team's suppression list and every active lead at it stops. The answer is the same for
 * a good, a repeated and a forged token, so the endpoint reveals nothing.
 */
export async function unsubscribe(db: Kysely<DB>, token: string, now = new Date()): Promise<{ message: string }> {
  const payload = readSignedToken<UnsubscribePayload>(token, await findSecret(db, 'campaign_links'));
  if (payload && typeof payload.s === 'string') {
    await db.transaction().execute(async (trx) => {
      const send = await sends.findSendForUnsubscribe(trx, payload.s);
      if (!send) return;
      await repo.addSuppressions(trx, send.team_id, [send.to_address], 'unsubscribed');
      await repo.stopSuppressedLeads(trx, send.team_id, [send.to_address], now);
      await sends.markUnsubscribed(trx, send.id, now);
    });
  }
  return { message: CAMPAIGN_MESSAGES.unsubscribed };
}
