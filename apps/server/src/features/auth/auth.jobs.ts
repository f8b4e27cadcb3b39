import { z } from 'zod';
import { defineJob } from '../../jobs/queue.js';
import { purgeLoginFailures } from './auth.repository.js';
import { ACCOUNT_LOGIN_WINDOW_MS } from './auth.service.js';

/** Deletes expired sessions and finished log-in failure windows; scheduled daily, and harmless to run twice. */
export const purgeExpiredSessions = defineJob({
  name: 'auth.purge-expired-sessions',
  payload: z.object({}).passthrough(),
  async handle(ctx) {
    await ctx.db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
    await purgeLoginFailures(ctx.db, new Date(Date.now() - ACCOUNT_LOGIN_WINDOW_MS));
  },
});
