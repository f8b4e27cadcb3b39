import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { chargeHoldMany, holdCredits, releaseHold } from '../credits/index.js';

/**
 * Runs a paid AI action: holds its cost first (402 when the team or the member's cap falls
 * short, before the model is asked anything), charges it when `work` succeeds and releases it
 * when `work` fails, so a provider error never costs credits.
 */
export async function withAiCredits<T>(db: Kysely<DB>, actor: Actor, cost: { action: string; amount: number; reason?: string }, work: () => Promise<T>): Promise<T> {
  const key = `ai:${cost.action}:${randomUUID()}`;
  const { entry: hold } = await holdCredits(db, { teamId: actor.teamId, userId: actor.userId, action: cost.action, amount: cost.amount, idempotencyKey: `${key}:hold`, reason: cost.reason ?? cost.action });
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await releaseHold(db, { teamId: actor.teamId, holdId: hold.id, reason: `${cost.action} failed` });
    throw error;
  }
  await chargeHoldMany(db, { teamId: actor.teamId, holdId: hold.id, charges: [{ amount: cost.amount, idempotencyKey: `${key}:charge` }], action: cost.action, reason: cost.reason ?? cost.action });
  return result;
}
