import type { FeatureModule } from '../../lib/feature-module.js';
import { progressRoutes } from './progress.routes.js';

export const progressModule: FeatureModule = { name: 'progress', routes: progressRoutes };
