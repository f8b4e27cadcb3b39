import type { FeatureModule } from '../../lib/feature-module.js';
import { teamManagementRoutes } from './team-management.routes.js';

export const teamManagementModule: FeatureModule = { name: 'team-management', routes: teamManagementRoutes };
