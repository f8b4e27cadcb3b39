import { jobHandler } from '../../../lib/feature-module.js';
import { purgeExpiredSessions } from '../auth.jobs.js';
import { deleteExpiredSessions } from '../auth.repository.js';

export default jobHandler(purgeExpiredSessions, async (ctx) => {
  await deleteExpiredSessions(ctx.db, new Date());
});
