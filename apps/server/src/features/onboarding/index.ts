/** The onboarding feature's public surface: the one rule for saving a user's onboarding step. */
export { advanceOnboardingStep } from './onboarding.service.js';
