import { z } from 'zod';
import { CREDIT_PACK_UNIT, CREDIT_PACKS, PLANS, type PlanId } from '../credits/constants.js';
import { int32, storableText, text } from '../primitives.js';
import type { BillingCycle } from './plans.js';

/** Messages of spec/settings.md §8 and issue 20 for billing, verbatim. */
export const BILLING_MESSAGES = {
  notConfigured: 'Billing is not configured on this server: the owner adds credits with `npm run credits:grant`',
  discountAlreadyApplied: 'You have already applied this discount coupon.',
  discountFailed: 'There was an error trying to apply the discount coupon. Please try again later!',
  discountApplied: 'Your 50% discount will apply to your next billing cycle.',
  paymentFailed: 'There was an error trying to create your payment. Please try again later!',
  cancelFailed: 'There was an error trying to cancel your plan. Please try again later!',
  cancelled: 'Your plan will be cancelled at the end of the current period.',
  paymentMethodDeleteFailed: 'There was an error deleting the payment method. Please try again later!',
  paymentMethodUpdateFailed: 'There was an error updating the payment method. Please try again later!',
  paymentMethodDeleted: 'Payment method removed successfully!',
  paymentMethodUpdated: 'Default payment method updated successfully!',
  defaultCardInUse: 'The default card cannot be removed while a subscription is active. Make another card the default first.',
  noSubscription: 'Your team has no paid subscription to change.',
  pastDue: 'Your last payment failed: update your card to keep your plan.',
  purchaseCompleted: 'Payment received: your credits will appear in a moment.',
  historyLoadFailed: 'There was an error fetching your billing history. Please try again later!',
  paymentMethodsLoadFailed: 'There was an error fetching your payment methods. Please try again later!',
  setupLoadFailed: 'There was an error fetching your payment method setup. Please try again later!',
  tariffsLoadFailed: 'There was an error fetching your tariffs. Please try again later!',
  creditsLoadFailed: 'There was an error fetching your credits. Please try again later!',
  stripeUnavailable: 'Stripe could not be reached. Please try again later!',
  invalidSignature: 'The Stripe signature of this webhook is not valid.',
} as const;

/** spec/settings.md §9 "Cancellation reasons", in order. */
export const CANCELLATION_REASONS = [
  "Features don't meet my needs",
  'Not using it enough',
  'Difficult to integrate with my tools',
  'Found a better alternative',
  'Other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const PAID_PLANS = ['hobby', 'solopreneur', 'startup'] as const satisfies readonly PlanId[];
export type PaidPlan = (typeof PAID_PLANS)[number];

/** A plan's Stripe lookup key: `hobby_monthly`, `startup_yearly`, ... */
export const planLookupKey = (plan: PaidPlan, cycle: BillingCycle) => `leadline_${plan}_${cycle}`;
/** The one price of credit packs: a 10,000-credit unit, sold in quantities. */
export const CREDIT_PACK_LOOKUP_KEY = 'leadline_credits_10k';
export const CREDIT_PACK_UNIT_PRICE_CENTS = CREDIT_PACKS[0].priceCents;

/** The plan and cycle a lookup key names, or null. */
export function parsePlanLookupKey(key: string): { plan: PaidPlan; cycle: BillingCycle } | null {
  const match = /^leadline_(hobby|solopreneur|startup)_(monthly|yearly)$/.exec(key);
  return match ? { plan: match[1] as PaidPlan, cycle: match[2] as BillingCycle } : null;
}

/** What a plan's lookup key sells: credits per period and price in cents. */
export function planVariation(plan: PaidPlan, cycle: BillingCycle) {
  return PLANS[plan][cycle]!;
}

/** spec/settings.md §3 Tariff: variations[0] monthly, [1] yearly. */
export const TariffVariation = z.object({ lookup_key: z.string(), credits: z.number().int(), price: z.number().int().describe('Cents') });
export const Tariff = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  popular: z.boolean(),
  variations: z.tuple([TariffVariation, TariffVariation]),
});
export type Tariff = z.infer<typeof Tariff>;
export const TariffsResponse = z.object({ data: z.array(Tariff) });
export type TariffsResponse = z.infer<typeof TariffsResponse>;

/**
 * Whether checkout can run here, the key Stripe.js needs, and where "Contact sales" for the
 * Growth plan points (`CONTACT_SALES_URL`; null when the server names no link).
 */
export const BillingConfigResponse = z.object({
  data: z.object({ enabled: z.boolean(), publishableKey: z.string().nullable(), message: z.string().nullable(), contactSalesUrl: z.string().nullable() }),
});
export type BillingConfigResponse = z.infer<typeof BillingConfigResponse>;

const LookupKey = text().min(1).max(100);

/**
 * spec/settings.md §7: a plan is mode subscription with one item (lookup_key, quantity 1); a
 * pack is mode payment with the pack lookup key and quantity = credits / 10,000. Credits and
 * prices sent along are ignored: the server prices from the lookup key.
 */
export const PaymentLinkBody = z.object({
  mode: z.enum(['subscription', 'payment']),
  ui_mode: z.literal('embedded'),
  items: z
    .array(
      z.object({
        lookup_key: LookupKey,
        quantity: int32().min(1).max(100),
        credits: int32().min(0).optional(),
        price: int32().min(0).optional(),
      }),
    )
    .length(1),
});
export type PaymentLinkBody = z.infer<typeof PaymentLinkBody>;

export const ClientSecretResponse = z.object({ data: z.object({ client_secret: z.string() }) });
export type ClientSecretResponse = z.infer<typeof ClientSecretResponse>;

export const SetupLinkBody = z.object({ ui_mode: z.literal('embedded'), mode: z.literal('setup') });
export type SetupLinkBody = z.infer<typeof SetupLinkBody>;

/** spec/settings.md §3 Payment method. */
export const PaymentMethod = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
  customer: z.object({ invoice_settings: z.object({ default_payment_method: z.string().nullable() }) }),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodsResponse = z.object({ data: z.array(PaymentMethod) });
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponse>;

export const CardBody = z.object({ cardId: text().min(1).max(255) });
export type CardBody = z.infer<typeof CardBody>;

/** spec/settings.md §3 Invoice. */
export const Invoice = z.object({
  id: z.string(),
  description: z.string(),
  date: z.string(),
  status: z.string(),
  amount: z.number().int().describe('Cents'),
  currency: z.string(),
  link_to_invoice: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const BillingHistoryResponse = z.object({ data: z.array(Invoice) });
export type BillingHistoryResponse = z.infer<typeof BillingHistoryResponse>;

export const CancelSubscriptionBody = z.object({
  reason: z.enum(CANCELLATION_REASONS),
  details: storableText().max(2000).optional(),
});
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionBody>;

export const OkResponse = z.object({ data: z.object({ ok: z.literal(true) }) });
export type OkResponse = z.infer<typeof OkResponse>;

/** Credits a pack quantity buys. */
export const packCredits = (quantity: number) => quantity * CREDIT_PACK_UNIT;
