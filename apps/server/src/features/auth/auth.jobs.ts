import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';

/** Deletes expired sessions; scheduled daily, and harmless to run twice. */
export const purgeExpiredSessions = defineJob({
  name: 'auth.purge-expired-sessions',
  payload: z.object({}).passthrough(),
  async handle(ctx) {
    await ctx.db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
  },
});
