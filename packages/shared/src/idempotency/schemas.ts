import { z } from 'zod';

/** The request header a client sets once per user action, so a replay of it is not done twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The answer header that marks an answer given again for a key already used. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Headers of a route that honours idempotency keys. Optional: without one, every request runs.
 * Fastify gives header names in lower case.
 */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional()
    .describe('A unique value per user action (a UUID). A replay with the same key answers the first answer and does not run, or charge, again.'),
});
export type IdempotencyHeaders = z.infer<typeof IdempotencyHeaders>;

export const IDEMPOTENCY_MESSAGES = {
  keyReused: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Please try again later!',
} as const;
