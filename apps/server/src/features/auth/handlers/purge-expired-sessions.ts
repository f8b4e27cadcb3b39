import { jobHandler } from '../../../lib/feature-module.js';
import { purgeExpiredSessions } from '../auth.jobs.js';
import { deleteExpiredSessions, purgeLoginFailures } from '../auth.repository.js';
import { ACCOUNT_LOGIN_WINDOW_MS } from '../auth.service.js';

export default jobHandler(purgeExpiredSessions, async (ctx) => {
  const now = Date.now();
  await deleteExpiredSessions(ctx.db, new Date(now));
  await purgeLoginFailures(ctx.db, new Date(now - ACCOUNT_LOGIN_WINDOW_MS));
});
