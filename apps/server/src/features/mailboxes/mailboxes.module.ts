import type { FeatureModule } from '../../lib/feature-module.js';
import { composeRoutes } from './compose.routes.js';
import { inboxRoutes } from './inbox.routes.js';
import { mailboxSyncService } from './mailbox-sync.service.js';
import { mailboxesRoutes } from './mailboxes.routes.js';
import { WARMUP_ROUND_CRON, warmupRound } from './warmup.jobs.js';
import { warmupRoutes } from './warmup.routes.js';

export const mailboxesModule: FeatureModule = {
  name: 'mailboxes',
  routes: (ctx) => async (app) => {
    await app.register(mailboxesRoutes(ctx));
    await app.register(inboxRoutes(ctx));
    await app.register(composeRoutes(ctx));
    await app.register(warmupRoutes(ctx));
  },
  jobs: [{ definition: warmupRound, handler: () => import('./handlers/warmup-round.js') }],
  schedules: [{ job: warmupRound, cron: WARMUP_ROUND_CRON }],
  services: [mailboxSyncService()],
};
