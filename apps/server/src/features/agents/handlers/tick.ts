import { jobHandler } from '../../../lib/feature-module.js';
import { agentsTick } from '../agents.jobs.js';
import { startDueRuns } from '../schedule.js';

export default jobHandler(agentsTick, async (ctx) => {
  await startDueRuns(ctx, new Date());
});
