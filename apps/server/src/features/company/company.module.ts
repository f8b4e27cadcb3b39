import type { FeatureModule } from '../../lib/feature-module.js';
import { companyRoutes } from './company.routes.js';

export const companyModule: FeatureModule = { name: 'company', routes: companyRoutes };
