import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** One warm-up round (see warmup-run.ts); one at a time across workers, as sends count against the day's ramp. */
export const warmupRound = defineJob({
  name: 'mailboxes.warmup-round',
  payload: z.object({}).passthrough(),
  policy: 'singleton',
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});

/** Every ten minutes: the day's ramp is spread over the day. */
export const WARMUP_ROUND_CRON = '*/10 * * * *';
