import type { FeatureModule } from '../../lib/feature-module.js';
import { verifyListEmails } from './email-verification.jobs.js';
import { emailVerificationRoutes } from './email-verification.routes.js';

export const emailVerificationModule: FeatureModule = {
  name: 'email-verification',
  routes: emailVerificationRoutes,
  jobs: [{ definition: verifyListEmails, handler: () => import('./handlers/verify-list.js') }],
};
