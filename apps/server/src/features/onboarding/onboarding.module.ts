import type { FeatureModule } from '../../lib/feature-module.js';
import { onboardingRoutes } from './onboarding.routes.js';

export const onboardingModule: FeatureModule = { name: 'onboarding', routes: onboardingRoutes };
