import { jobHandler } from '../../../lib/feature-module.js';
import { campaignTick } from '../campaigns.jobs.js';
import { runTick } from '../scheduler.js';

export default jobHandler(campaignTick, async (ctx) => {
  await runTick(ctx, { now: new Date() });
});
