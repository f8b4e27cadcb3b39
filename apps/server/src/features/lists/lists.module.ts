import type { FeatureModule } from '../../lib/feature-module.js';
import type { ExtraColumnSource } from './extra-columns.js';
import { importProspectFile, refreshAllDynamicLists, refreshDynamicList } from './lists.jobs.js';
import { listsRoutes } from './lists.routes.js';

/** The lists module; `columns`: the features that add columns to contact lists (see extra-columns.ts). */
export const createListsModule = (options: { columns: readonly ExtraColumnSource[] }): FeatureModule => ({
  name: 'lists',
  routes: (ctx) => listsRoutes(ctx, options.columns),
  jobs: [
    { definition: importProspectFile, handler: () => import('./handlers/import-prospect-file.js') },
    { definition: refreshDynamicList, handler: () => import('./handlers/refresh-dynamic-list.js') },
    { definition: refreshAllDynamicLists, handler: () => import('./handlers/refresh-all-dynamic-lists.js') },
  ],
  schedules: [{ job: refreshAllDynamicLists, cron: '41 4 * * *' }],
});
