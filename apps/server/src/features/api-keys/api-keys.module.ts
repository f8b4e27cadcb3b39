import type { FeatureModule } from '../../lib/feature-module.js';
import { apiKeysRoutes } from './api-keys.routes.js';

export const apiKeysModule: FeatureModule = { name: 'api-keys', routes: apiKeysRoutes };
