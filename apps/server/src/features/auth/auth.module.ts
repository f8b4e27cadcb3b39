import type { FeatureModule } from '../../lib/feature-module.js';
import { purgeExpiredSessions } from './auth.jobs.js';
import { authRoutes } from './auth.routes.js';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: authRoutes,
  jobs: [{ definition: purgeExpiredSessions, handler: () => import('./handlers/purge-expired-sessions.js') }],
  schedules: [{ job: purgeExpiredSessions, cron: '17 3 * * *' }],
};
