import type { FeatureModule } from '../../lib/feature-module.js';
import { importProspectFile, refreshAllDynamicLists, refreshDynamicList } from './lists.jobs.js';
import { listsRoutes } from './lists.routes.js';

export const listsModule: FeatureModule = {
  name: 'lists',
  routes: listsRoutes,
  jobs: [
    { definition: importProspectFile, handler: () => import('./handlers/import-prospect-file.js') },
    { definition: refreshDynamicList, handler: () => import('./handlers/refresh-dynamic-list.js') },
    { definition: refreshAllDynamicLists, handler: () => import('./handlers/refresh-all-dynamic-lists.js') },
  ],
  schedules: [{ job: refreshAllDynamicLists, cron: '41 4 * * *' }],
};
