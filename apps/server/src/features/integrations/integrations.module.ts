import { AUTO_PULL_CRON } from '@leadline/shared';
import type { FeatureModule } from '../../lib/feature-module.js';
import { contactEnriched, enrichmentBulkFinished } from '../enrichment/index.js';
import { listImportFinished } from '../lists/index.js';
import { autoPullAll, crmPull, crmPush, slackNotify } from './integrations.jobs.js';
import { integrationsRoutes } from './integrations.routes.js';

export const integrationsModule: FeatureModule = {
  name: 'integrations',
  routes: integrationsRoutes,
  jobs: [
    { definition: crmPush, handler: () => import('./handlers/crm-push.js') },
    { definition: crmPull, handler: () => import('./handlers/crm-pull.js') },
    { definition: autoPullAll, handler: () => import('./handlers/auto-pull-all.js') },
    { definition: slackNotify, handler: () => import('./handlers/slack-notify.js') },
  ],
  schedules: [{ job: autoPullAll, cron: AUTO_PULL_CRON }],
  subscriptions: [
    { name: 'integrations.slack-on-import-finished', event: listImportFinished, handler: () => import('./subscribers/slack-on-import-finished.js') },
    { name: 'integrations.slack-on-bulk-enrichment-finished', event: enrichmentBulkFinished, handler: () => import('./subscribers/slack-on-bulk-enrichment-finished.js') },
    { name: 'integrations.auto-push-bulk-enrichment', event: enrichmentBulkFinished, handler: () => import('./subscribers/auto-push-bulk-enrichment.js') },
    { name: 'integrations.auto-push-enriched-contact', event: contactEnriched, handler: () => import('./subscribers/auto-push-enriched-contact.js') },
  ],
};
