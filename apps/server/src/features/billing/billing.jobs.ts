import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Ends local trials that ran out without a paid plan; harmless to run twice (each end is keyed by team). */
export const expireEndedTrialsJob = defineJob({ name: 'billing.expire-ended-trials', payload: z.object({}).passthrough() });
