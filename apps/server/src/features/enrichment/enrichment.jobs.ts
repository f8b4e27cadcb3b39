import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

export const BULK_RETRIES = 5;

/**
 * The bulk enrichment job. Its handler works in slices and enqueues its own continuation, so no
 * attempt runs long and the expiry can stay short: that expiry is how a job whose worker was
 * killed comes back (pg-boss retries it once it expires), so a short one means a crash costs
 * minutes, not hours.
 */
export const bulkEnrichment = defineJob({
  name: 'enrichment.bulk',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: BULK_RETRIES,
  retryDelaySeconds: 2,
  expireInSeconds: 10 * 60,
});
