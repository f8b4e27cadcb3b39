import crypto from 'node:crypto';
import { AppError } from '@leadline/shared';
import { readSignedToken, signToken } from '../../lib/crypto/signed-token.js';

/** What a scroll token carries: where the next page starts, and the first page's count. */
export type ScrollState = {
  kind: 'people' | 'companies';
  /** Hash of the normalized filters and page size the token was issued for. */
  query: string;
  after: string;
  total: number;
  totalIsLowerBound: boolean;
  expiresAt: number;
};

export const SCROLL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function queryHash(value: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);
}

/** Opaque and tamper-proof: the payload is signed with the installation's secret. */
export function signScrollToken(state: ScrollState, secret: string): string {
  return signToken(state, secret);
}

const invalid = () =>
  new AppError('VALIDATION_FAILED', 'This page of results is no longer valid. Please run the search again.', { field: 'scroll_token' });

/** Verifies a token for this exact query; a forged, foreign or expired token is a 400. */
export function readScrollToken(token: string, secret: string, expected: { kind: ScrollState['kind']; query: string }, now = Date.now()): ScrollState {
  const state = readSignedToken<ScrollState>(token, secret);
  if (!state) throw invalid();
  if (state.kind !== expected.kind || state.query !== expected.query || state.expiresAt < now) throw invalid();
  return state;
}
