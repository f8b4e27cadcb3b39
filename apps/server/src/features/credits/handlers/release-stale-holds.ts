import { jobHandler } from '../../../lib/feature-module.js';
import { releaseStaleCreditHolds } from '../credits.jobs.js';
import { releaseStaleHolds } from '../credits.service.js';

export default jobHandler(releaseStaleCreditHolds, async (ctx) => {
  await releaseStaleHolds(ctx.db);
});
