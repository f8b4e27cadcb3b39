import crypto from 'node:crypto';
import { AppError, ErrorBody, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_MESSAGES } from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import * as repo from './idempotency.repository.js';

/** A request still unanswered after this long is taken to have died with its process. */
export const STALE_REQUEST_MS = 10 * 60 * 1000;
/** How long a replay waits for the first request's answer before answering 409. */
export const REPLAY_WAIT_MS = 30_000;
const POLL_MS = 50;

export type IdempotentRequest = {
  teamId: string;
  userId: string;
  /** The Idempotency-Key header; without one the work simply runs. */
  key: string | undefined;
  /** The route, e.g. 'POST /api/v1/prospects-enrichment/single': a key is for one request. */
  route: string;
  /** The parsed request body: a key sent again with another body is refused (422). */
  body: unknown;
};

const hashOf = (route: string, body: unknown) => crypto.createHash('sha256').update(route).update('\n').update(JSON.stringify(body) ?? '').digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` once per key. The first request with a key runs and its answer is kept: its value,
 * or its error answer when it failed with an AppError below 500 (a 402 or 409 is the answer to
 * that action). A replay, even one arriving while the first still runs, waits for that answer and
 * gets it again without running; `onReplay` lets the route mark it. A failure of ours (5xx, or
 * any other error) frees the key so that a retry runs.
 */
export async function runOnce<T>(db: Kysely<DB>, request: IdempotentRequest, work: () => Promise<T>, onReplay?: () => void): Promise<T> {
  if (request.key === undefined) return work();
  const scope: repo.KeyScope = { teamId: request.teamId, userId: request.userId, key: request.key };
  const holder: repo.KeyHolder = { route: request.route, hash: hashOf(request.route, request.body), attempt: crypto.randomUUID() };
  await repo.deleteExpiredKeys(db, request.teamId, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS));
  for (;;) {
    const mine = (await repo.insertKey(db, scope, holder)) || (await repo.takeOverStaleKey(db, scope, holder, new Date(Date.now() - STALE_REQUEST_MS)));
    if (mine) break;
    const answer = await answerOf(db, scope, holder.hash);
    // Gone: the first request failed on our side and freed the key, so this one runs.
    if (!answer) continue;
    onReplay?.();
    if (answer.status >= 400) throw errorOf(answer.response);
    return answer.response as T;
  }
  let value: T;
  try {
    value = await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await repo.completeKey(db, scope, holder.attempt, { status: error.status, response: error.toBody() });
    else await repo.deleteOpenKey(db, scope, holder.attempt);
    throw error;
  }
  await repo.completeKey(db, scope, holder.attempt, { status: 200, response: value });
  return value;
}

/** Deletes every team's keys past their day (a team that sends no new key never purges its own). */
export async function purgeExpiredKeys(db: Kysely<DB>): Promise<number> {
  return repo.deleteAllExpiredKeys(db, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS));
}

/** The first request's answer, waiting for it while that request still runs; null if it freed the key. */
async function answerOf(db: Kysely<DB>, scope: repo.KeyScope, hash: string): Promise<{ status: number; response: unknown } | null> {
  const until = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const row = await repo.findKey(db, scope);
    if (row && row.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused);
    if (row && row.status !== null) return { status: row.status, response: row.response };
    if (!row) return null;
    if (Date.now() >= until) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
    await sleep(POLL_MS);
  }
}

/** The stored error answer as the AppError that produced it, so the one error handler answers it again. */
function errorOf(response: unknown): AppError {
  const parsed = ErrorBody.safeParse(response);
  if (!parsed.success) return new AppError('INTERNAL', 'Something went wrong on our side.');
  const { code, message, field } = parsed.data.error;
  return new AppError(code, message, field ? { field } : {});
}
