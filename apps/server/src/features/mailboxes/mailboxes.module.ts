import type { FeatureModule } from '../../lib/feature-module.js';
import { mailboxSyncService } from './mailbox-sync.service.js';
import { mailboxesRoutes } from './mailboxes.routes.js';

export const mailboxesModule: FeatureModule = {
  name: 'mailboxes',
  routes: mailboxesRoutes,
  services: [mailboxSyncService()],
};
