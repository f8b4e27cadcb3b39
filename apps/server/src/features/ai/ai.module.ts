import type { FeatureModule } from '../../lib/feature-module.js';
import { aiRoutes } from './ai.routes.js';

export const aiModule: FeatureModule = { name: 'ai', routes: aiRoutes };
