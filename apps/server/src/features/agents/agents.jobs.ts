import { z } from 'zod';
import { defineJob } from '../../lib/job-definition.js';

/** Every minute: starts a run of each agent whose next run is due (see schedule.ts). */
export const agentsTick = defineJob({ name: 'agents.tick', payload: z.object({}), retryLimit: 0, expireInSeconds: 120, policy: 'singleton', singletonKey: () => 'tick' });

/** Runs one agent run to its end; a retry or a restart continues it without paying twice (see run-agent.ts). */
export const agentRun = defineJob({
  name: 'agents.run',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 1800,
  policy: 'singleton',
  singletonKey: (p) => p.runId,
});
