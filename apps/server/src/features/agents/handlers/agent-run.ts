import { jobHandler } from '../../../lib/feature-module.js';
import { agentRun } from '../agents.jobs.js';
import { runAgent } from '../run-agent.js';

export default jobHandler(agentRun, async (ctx, payload) => {
  await runAgent(ctx, payload.runId);
});
