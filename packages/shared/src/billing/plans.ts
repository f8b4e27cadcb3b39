import { PLANS, type Plan } from '../credits/constants.js';

/**
 * What the plan pickers need beyond the plans themselves (credits/constants.ts holds spec §9's
 * prices and credits): the cycle they open on, the self-serve plans, and the price per month.
 */
export type BillingCycle = 'monthly' | 'yearly';
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'yearly';

/** The plans bought by card, in the comparison table's order; Growth is a contact-sales link. */
export const SELF_SERVE_PLANS: readonly Plan[] = [PLANS.hobby, PLANS.solopreneur, PLANS.startup];

/** What one month costs in a cycle, in cents: a yearly price is spread over its 12 months. */
export const monthlyPriceCents = (cyclePriceCents: number, cycle: BillingCycle): number => (cycle === 'monthly' ? cyclePriceCents : Math.round(cyclePriceCents / 12));
