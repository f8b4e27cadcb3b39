import type { FeatureModule } from '../../lib/feature-module.js';
import { agentRun, agentsTick } from './agents.jobs.js';
import { agentsRoutes } from './agents.routes.js';

export const agentsModule: FeatureModule = {
  name: 'agents',
  routes: agentsRoutes,
  jobs: [
    { definition: agentsTick, handler: () => import('./handlers/tick.js') },
    { definition: agentRun, handler: () => import('./handlers/agent-run.js') },
  ],
  schedules: [{ job: agentsTick, cron: '* * * * *' }],
};
