import type { FeatureModule } from '../../lib/feature-module.js';
import { bulkEnrichment } from './enrichment.jobs.js';
import { enrichmentRoutes } from './enrichment.routes.js';

export const enrichmentModule: FeatureModule = {
  name: 'enrichment',
  routes: enrichmentRoutes,
  jobs: [{ definition: bulkEnrichment, handler: () => import('./handlers/bulk-enrichment.js') }],
};
