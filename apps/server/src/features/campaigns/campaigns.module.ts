import type { FeatureModule } from '../../lib/feature-module.js';
import { campaignSendEmail, campaignTick } from './campaigns.jobs.js';
import { campaignsRoutes } from './campaigns.routes.js';

export const campaignsModule: FeatureModule = {
  name: 'campaigns',
  routes: campaignsRoutes,
  jobs: [
    { definition: campaignTick, handler: () => import('./handlers/tick.js') },
    { definition: campaignSendEmail, handler: () => import('./handlers/send-email.js') },
  ],
  schedules: [{ job: campaignTick, cron: '* * * * *' }],
};
