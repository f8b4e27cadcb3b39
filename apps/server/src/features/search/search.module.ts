import type { FeatureModule } from '../../lib/feature-module.js';
import { searchRoutes } from './search.routes.js';

export const searchModule: FeatureModule = { name: 'search', routes: searchRoutes };
