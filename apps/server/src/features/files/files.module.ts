import type { FeatureModule } from '../../lib/feature-module.js';
import { purgeOldUploadsJob } from './files.jobs.js';
import { filesRoutes } from './files.routes.js';

export const filesModule: FeatureModule = {
  name: 'files',
  routes: filesRoutes,
  jobs: [{ definition: purgeOldUploadsJob, handler: () => import('./handlers/purge-old-uploads.js') }],
  schedules: [{ job: purgeOldUploadsJob, cron: '29 3 * * *' }],
};
