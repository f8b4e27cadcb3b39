import { PLANS, YEARLY_DISCOUNT, type Plan } from '../credits/constants.js';

/**
 * What the plan pickers need beyond the plans themselves (credits/constants.ts holds spec §9's
 * prices and credits): the cycle they open on, the self-serve plans, and the price per month.
 */
export type BillingCycle = 'monthly' | 'yearly';
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'yearly';

/**
 * The billing-cycle tab of onboarding's plan step and of the Billing tab: yearly first (the
 * default, the spec's "yearly/monthly tab"), showing -20% as spec §9 words it.
 */
export const BILLING_CYCLE_OPTIONS: readonly { value: BillingCycle; label: string }[] = [
  { value: 'yearly', label: `Yearly -${Math.round(YEARLY_DISCOUNT * 100)}%` },
  { value: 'monthly', label: 'Monthly' },
];

/** The plans bought by card, in the comparison table's order; Growth is a contact-sales link. */
export const SELF_SERVE_PLANS: readonly Plan[] = [PLANS.hobby, PLANS.solopreneur, PLANS.startup];

/** What one month costs in a cycle, in cents: a yearly price is spread over its 12 months. */
export const monthlyPriceCents = (cyclePriceCents: number, cycle: BillingCycle): number => (cycle === 'monthly' ? cyclePriceCents : Math.round(cyclePriceCents / 12));
