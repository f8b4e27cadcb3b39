import type { FeatureModule } from '../../lib/feature-module.js';
import { expireEndedTrialsJob } from './billing.jobs.js';
import { billingRoutes } from './billing.routes.js';

export const billingModule: FeatureModule = {
  name: 'billing',
  routes: billingRoutes,
  jobs: [{ definition: expireEndedTrialsJob, handler: () => import('./handlers/expire-ended-trials.js') }],
  schedules: [{ job: expireEndedTrialsJob, cron: '7 * * * *' }],
};
