import { jobHandler } from '../../../lib/feature-module.js';
import { purgeExpiredIdempotencyKeys } from '../idempotency.jobs.js';
import { purgeExpiredKeys } from '../idempotency.service.js';

export default jobHandler(purgeExpiredIdempotencyKeys, async (ctx) => {
  await purgeExpiredKeys(ctx.db);
});
