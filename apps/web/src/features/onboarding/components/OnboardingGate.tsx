import { isOnboarding } from '@leadline/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../auth/api';

/**
 * Paths open while onboarding runs: the settings (the integrations' own flows and billing land
 * there) and the return from an integration's or a mailbox's sign-in page.
 */
const OPEN_DURING_ONBOARDING = [/^\/settings(\/|$)/, /^\/integrations\/[^/]+\/callback$/, /^\/mail\/[^/]+\/callback$/];

/** A user in onboarding lands in it until it is finished (spec/engage.md §2); others pass. */
export function OnboardingGate() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (isOnboarding(user.onboardingStep) && !OPEN_DURING_ONBOARDING.some((path) => path.test(pathname))) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
