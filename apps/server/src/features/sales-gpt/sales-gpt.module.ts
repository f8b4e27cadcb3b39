import type { FeatureModule } from '../../lib/feature-module.js';
import { salesGptRoutes } from './sales-gpt.routes.js';

export const salesGptModule: FeatureModule = { name: 'sales-gpt', routes: salesGptRoutes };
