import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';
import { releaseStaleHolds } from './credits.service.js';

/** Gives back credits held by bulk jobs that died (no charge for an hour); harmless to run twice. */
export const releaseStaleCreditHolds = defineJob({
  name: 'credits.release-stale-holds',
  payload: z.object({}).passthrough(),
  async handle(ctx) {
    await releaseStaleHolds(ctx.db);
  },
});
