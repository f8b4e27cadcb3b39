import type { FeatureModule } from '../../lib/feature-module.js';
import { composeRoutes } from './compose.routes.js';
import { inboxRoutes } from './inbox.routes.js';
import { mailboxSyncService } from './mailbox-sync.service.js';
import { mailboxesRoutes } from './mailboxes.routes.js';

export const mailboxesModule: FeatureModule = {
  name: 'mailboxes',
  routes: (ctx) => async (app) => {
    await app.register(mailboxesRoutes(ctx));
    await app.register(inboxRoutes(ctx));
    await app.register(composeRoutes(ctx));
  },
  services: [mailboxSyncService()],
};
