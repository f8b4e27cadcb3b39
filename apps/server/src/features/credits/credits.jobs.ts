import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Gives back credits held by bulk jobs that died (no charge for an hour); harmless to run twice. */
export const releaseStaleCreditHolds = defineJob({ name: 'credits.release-stale-holds', payload: z.object({}).passthrough() });
