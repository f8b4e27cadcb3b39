import { jobHandler } from '../../../lib/feature-module.js';
import { expireEndedTrialsJob } from '../billing.jobs.js';
import { expireEndedTrials } from '../billing-webhooks.service.js';

export default jobHandler(expireEndedTrialsJob, async (ctx) => {
  await expireEndedTrials(ctx);
});
