import { PLANS, type Plan } from '../credits/constants.js';

/**
 * What the plan pickers need beyond the plans themselves (credits/constants.ts holds spec §9's
 * prices and credits): the cycle they open on, the self-serve plans, and price helpers.
 */
export type BillingCycle = 'monthly' | 'yearly';
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'yearly';

/** The plans bought by card, in the comparison table's order; Growth is a contact-sales link. */
export const SELF_SERVE_PLANS: readonly Plan[] = [PLANS.hobby, PLANS.solopreneur, PLANS.startup];

/** The Stripe price lookup key of a plan and cycle (prices are created under these keys). */
export const planLookupKey = (plan: Plan, cycle: BillingCycle): string => `${plan.id}_${cycle}`;

/** What one month costs in a cycle, in cents: a yearly price is spread over its 12 months. */
export function monthlyPriceCents(plan: Plan, cycle: BillingCycle): number | null {
  const variation = plan[cycle];
  if (!variation) return null;
  return cycle === 'monthly' ? variation.priceCents : Math.round(variation.priceCents / 12);
}
