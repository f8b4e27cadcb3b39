import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Deletes the idempotency keys of every team older than a day; harmless to run twice. */
export const purgeExpiredIdempotencyKeys = defineJob({ name: 'idempotency.purge-expired', payload: z.object({}).passthrough() });
