import type { FeatureModule } from '../../lib/feature-module.js';
import { releaseStaleCreditHolds } from './credits.jobs.js';
import { creditsRoutes } from './credits.routes.js';

export const creditsModule: FeatureModule = {
  name: 'credits',
  routes: creditsRoutes,
  jobs: [{ definition: releaseStaleCreditHolds, handler: () => import('./handlers/release-stale-holds.js') }],
  schedules: [{ job: releaseStaleCreditHolds, cron: '*/15 * * * *' }],
};
