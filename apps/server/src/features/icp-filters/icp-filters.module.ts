import type { FeatureModule } from '../../lib/feature-module.js';
import { icpFiltersRoutes } from './icp-filters.routes.js';

export const icpFiltersModule: FeatureModule = { name: 'icp-filters', routes: icpFiltersRoutes };
