import type { FeatureModule } from '../../lib/feature-module.js';
import { buildKnowledgeProfile } from './knowledge-hub.jobs.js';
import { knowledgeHubRoutes } from './knowledge-hub.routes.js';

export const knowledgeHubModule: FeatureModule = {
  name: 'knowledge-hub',
  routes: knowledgeHubRoutes,
  jobs: [{ definition: buildKnowledgeProfile, handler: () => import('./handlers/build-profile.js') }],
};
