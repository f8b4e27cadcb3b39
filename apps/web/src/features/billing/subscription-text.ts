import { planName, type SubscriptionInfo } from '@leadline/shared';
import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import { longDate } from './format';

/** spec/settings.md §4 "Subscription text". */
export function subscriptionText(s: SubscriptionInfo): string {
  const plan = planName(s.plan);
  const date = longDate(s.renewal_date);
  if (s.status === 'past_due') return BILLING_MESSAGES.pastDue;
  if (s.status === 'canceled') return `Your ${plan} plan has ended. Choose a plan to keep using paid actions.`;
  if (s.isPlannedForCancellation) return `Your ${plan} plan cancels on ${date}.`;
  if (s.status === 'trialing') return `You are on a 7 day free trial of the ${plan} plan and will be charged on ${date}.`;
  return `Your ${plan} plan renews on ${date}.`;
}

/** A cancel control only for active or trialing plans not already cancelling (§4). */
export const canCancel = (s: SubscriptionInfo) => (s.status === 'active' || s.status === 'trialing') && !s.isPlannedForCancellation;
