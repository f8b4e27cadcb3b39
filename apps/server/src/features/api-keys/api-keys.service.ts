import crypto from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  AppError,
  maskApiKey,
  notFound,
  type ApiKeyCreateResponse,
  type ApiKeyView,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { permissionOf, RetryLaterError } from '../auth/index.js';
import * as repo from './api-keys.repository.js';

const RATE_WINDOW_MS = 60_000;

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** A new key for the caller: the whole key is in this answer only; the database keeps its hash. */
export async function createApiKey(db: Kysely<DB>, actor: Actor): Promise<ApiKeyCreateResponse['data']> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const first = key.slice(0, API_KEY_VISIBLE_CHARS);
  const last = key.slice(-API_KEY_VISIBLE_CHARS);
  const row = await repo.insertKey(db, { teamId: actor.teamId, userId: actor.userId, keyHash: hashKey(key), first, last });
  return { _id: row.id, key, maskedKey: maskApiKey(first, last), createdAt: row.created_at.toISOString() };
}

export async function listApiKeys(db: Kysely<DB>, actor: Actor): Promise<ApiKeyView[]> {
  const rows = await repo.listKeys(db, actor.teamId);
  return rows.map((r) => ({
    _id: r.id,
    key: maskApiKey(r.key_first, r.key_last),
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
  }));
}

/** Deletes one of the team's keys; the next call with it is refused. */
export async function deleteApiKey(db: Kysely<DB>, actor: Actor, id: string): Promise<{ _id: string }> {
  const deleted = await repo.deleteKey(db, actor.teamId, id);
  if (!deleted) throw notFound('API key');
  return { _id: deleted.id };
}

/**
 * The actor an `Authorization: Bearer` key stands for: its creator, as long as they are still an
 * active member of the team. Each call counts against the key's per-minute limit.
 */
export async function actorForApiKey(db: Kysely<DB>, key: string, limitPerMinute: number, now = new Date()): Promise<Actor> {
  const holder = await repo.countCallAndFindHolder(db, hashKey(key), now, new Date(now.getTime() - RATE_WINDOW_MS));
  if (!holder) throw new AppError('UNAUTHENTICATED', API_KEY_MESSAGES.invalidKey);
  if (holder.calls > limitPerMinute) {
    const retryAfter = Math.ceil((holder.windowStartedAt.getTime() + RATE_WINDOW_MS - now.getTime()) / 1000);
    throw new RetryLaterError(API_KEY_MESSAGES.rateLimited, Math.max(1, retryAfter));
  }
  return {
    userId: holder.userId,
    teamId: holder.teamId,
    email: holder.email,
    name: holder.name,
    role: holder.role,
    permission: permissionOf(holder),
    sessionHash: '',
    apiKeyId: holder.keyId,
  };
}
