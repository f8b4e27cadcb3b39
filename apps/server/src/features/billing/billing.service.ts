import { AppError, PLANS, notFound } from '@leadline/shared';
import { BILLING_MESSAGES, CREDIT_PACK_LOOKUP_KEY, PAID_PLANS, packCredits, parsePlanLookupKey, planLookupKey, planVariation, type BillingConfigResponse, type CancelSubscriptionBody, type Invoice, type PaymentLinkBody, type PaymentMethod, type Tariff } from '@leadline/shared/billing/schemas';
import type { Actor } from '../../lib/actor.js';
import type { AppContext } from '../../lib/context.js';
import { billingEnabled, gatewayFor } from './billing-gateway.js';
import * as repo from './billing.repository.js';
import type { BillingGateway } from './stripe-adapter.js';

/** The retention offer of spec/settings.md §9: 50% off the next billing cycle, once per team. */
export const RETENTION_COUPON = { id: 'leadline_retention_50', percentOff: 50, name: '50% off the next billing cycle' } as const;

/** Stripe statuses under which a subscription still bills the team. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

export function getBillingConfig(ctx: AppContext): BillingConfigResponse['data'] {
  const enabled = billingEnabled(ctx.config);
  return {
    enabled,
    publishableKey: enabled ? (ctx.config.stripe.publishableKey ?? null) : null,
    message: enabled ? null : BILLING_MESSAGES.notConfigured,
    contactSalesUrl: ctx.config.contactSalesUrl ?? null,
  };
}

const DESCRIPTIONS: Record<(typeof PAID_PLANS)[number], string> = {
  hobby: 'For trying Leadline out: search, enrich and reach your first prospects.',
  solopreneur: 'For one seller who prospects every day.',
  startup: 'For a sales team that runs outreach at volume.',
};

/** spec/settings.md §3 Tariff for Hobby, Solopreneur and Startup (Growth is a sales link). */
export function getTariffs(): Tariff[] {
  return PAID_PLANS.map((plan) => ({
    _id: plan,
    name: PLANS[plan].name,
    description: DESCRIPTIONS[plan],
    popular: PLANS[plan].popular,
    variations: [
      { lookup_key: planLookupKey(plan, 'monthly'), credits: planVariation(plan, 'monthly').credits, price: planVariation(plan, 'monthly').priceCents },
      { lookup_key: planLookupKey(plan, 'yearly'), credits: planVariation(plan, 'yearly').credits, price: planVariation(plan, 'yearly').priceCents },
    ],
  }));
}

/** The team's Stripe customer, created on first need. */
async function customerOf(ctx: AppContext, gateway: BillingGateway, teamId: string): Promise<string> {
  const existing = await repo.findCustomerId(ctx.db, teamId);
  if (existing) return existing;
  const owner = await repo.findOwnerContact(ctx.db, teamId);
  if (!owner) throw notFound('Team owner');
  const created = await gateway.createCustomer({ teamId, email: owner.email, name: owner.teamName || owner.name });
  return repo.saveCustomer(ctx.db, teamId, created);
}

async function priceId(gateway: BillingGateway, lookupKey: string): Promise<string> {
  const price = (await gateway.pricesByLookupKeys([lookupKey])).get(lookupKey);
  if (!price) throw new AppError('PROVIDER_UNAVAILABLE', `Stripe has no price with the lookup key ${lookupKey}: run npm run billing:sync-prices.`);
  return price.id;
}

/** Embedded checkout for a plan (mode subscription) or a credit pack (mode payment, quantity = credits / 10,000). */
export async function createPaymentLink(ctx: AppContext, actor: Actor, body: PaymentLinkBody): Promise<{ client_secret: string }> {
  const gateway = gatewayFor(ctx.config);
  const item = body.items[0]!;
  let metadata: Record<string, string>;
  if (body.mode === 'subscription') {
    const plan = parsePlanLookupKey(item.lookup_key);
    if (!plan) throw new AppError('VALIDATION_FAILED', 'items.0.lookup_key: not a plan of this product', { field: 'items.0.lookup_key' });
    if (item.quantity !== 1) throw new AppError('VALIDATION_FAILED', 'items.0.quantity: a plan is bought once', { field: 'items.0.quantity' });
    const current = await repo.findBillingSubscription(ctx.db, actor.teamId);
    if (current && LIVE_STATUSES.has(current.stripe_status)) throw new AppError('CONFLICT', 'Your team already has a paid plan.');
    metadata = { team_id: actor.teamId, kind: 'plan', lookup_key: item.lookup_key };
  } else {
    if (item.lookup_key !== CREDIT_PACK_LOOKUP_KEY) throw new AppError('VALIDATION_FAILED', 'items.0.lookup_key: not a credit pack', { field: 'items.0.lookup_key' });
    metadata = { team_id: actor.teamId, kind: 'pack', credits: String(packCredits(item.quantity)) };
  }
  const customerId = await customerOf(ctx, gateway, actor.teamId);
  const session = await gateway.createCheckoutSession({
    customerId,
    mode: body.mode,
    line: { priceId: await priceId(gateway, item.lookup_key), quantity: item.quantity },
    metadata,
  });
  return { client_secret: session.clientSecret };
}

/** Embedded checkout in setup mode: the owner adds a card. */
export async function createSetupLink(ctx: AppContext, actor: Actor): Promise<{ client_secret: string }> {
  const gateway = gatewayFor(ctx.config);
  const customerId = await customerOf(ctx, gateway, actor.teamId);
  const session = await gateway.createCheckoutSession({ customerId, mode: 'setup', metadata: { team_id: actor.teamId, kind: 'setup' } });
  return { client_secret: session.clientSecret };
}

export async function listPaymentMethods(ctx: AppContext, actor: Actor): Promise<PaymentMethod[]> {
  const gateway = gatewayFor(ctx.config);
  const customerId = await repo.findCustomerId(ctx.db, actor.teamId);
  if (!customerId) return [];
  const { cards, defaultCardId } = await gateway.listCards(customerId);
  return cards.map((c) => ({
    id: c.id,
    card: { brand: c.brand, last4: c.last4, exp_month: c.expMonth, exp_year: c.expYear },
    customer: { invoice_settings: { default_payment_method: defaultCardId } },
  }));
}

/** A card of this team's customer; another customer's card is not found. */
async function ownCard(ctx: AppContext, gateway: BillingGateway, teamId: string, cardId: string) {
  const customerId = await repo.findCustomerId(ctx.db, teamId);
  const card = customerId ? await gateway.findCard(cardId) : null;
  if (!customerId || !card || card.customerId !== customerId) throw notFound('Payment method');
  return { customerId, card };
}

export async function setDefaultPaymentMethod(ctx: AppContext, actor: Actor, cardId: string) {
  const gateway = gatewayFor(ctx.config);
  const { customerId } = await ownCard(ctx, gateway, actor.teamId, cardId);
  await gateway.setDefaultCard(customerId, cardId);
}

/** Detaches a card; the default card stays while a subscription bills the team. */
export async function removePaymentMethod(ctx: AppContext, actor: Actor, cardId: string) {
  const gateway = gatewayFor(ctx.config);
  const { customerId } = await ownCard(ctx, gateway, actor.teamId, cardId);
  const subscription = await repo.findBillingSubscription(ctx.db, actor.teamId);
  if (subscription && LIVE_STATUSES.has(subscription.stripe_status)) {
    const { defaultCardId } = await gateway.listCards(customerId);
    if (defaultCardId === cardId) throw new AppError('CONFLICT', BILLING_MESSAGES.defaultCardInUse);
  }
  await gateway.detachCard(cardId);
}

export async function getBillingHistory(ctx: AppContext, actor: Actor): Promise<Invoice[]> {
  const gateway = gatewayFor(ctx.config);
  const customerId = await repo.findCustomerId(ctx.db, actor.teamId);
  if (!customerId) return [];
  const invoices = await gateway.listInvoices(customerId);
  return invoices.map((inv) => ({
    id: inv.id,
    description: inv.description,
    date: inv.created.toISOString(),
    status: inv.status,
    amount: inv.amountCents,
    currency: inv.currency,
    link_to_invoice: inv.url,
  }));
}

/**
 * Cancels at the end of the period: a Stripe subscription through Stripe (its webhook follows),
 * the local trial by marking it, so it ends at its renewal date without a charge.
 */
export async function cancelSubscription(ctx: AppContext, actor: Actor, body: CancelSubscriptionBody) {
  const gateway = gatewayFor(ctx.config);
  const paid = await repo.findBillingSubscription(ctx.db, actor.teamId);
  const local = await repo.findTeamSubscription(ctx.db, actor.teamId);
  if (paid && LIVE_STATUSES.has(paid.stripe_status)) {
    const state = await gateway.cancelAtPeriodEnd(paid.stripe_subscription_id);
    await ctx.db.transaction().execute(async (trx) => {
      await repo.saveBillingSubscription(trx, actor.teamId, {
        stripeSubscriptionId: state.id,
        lookupKey: state.lookupKey,
        stripeStatus: state.status,
        currentPeriodStart: state.currentPeriodStart,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      });
      await repo.updateTeamSubscription(trx, actor.teamId, { plannedForCancellation: state.cancelAtPeriodEnd });
    });
  } else if (local && (local.status === 'trialing' || local.status === 'active') && !local.is_planned_for_cancellation) {
    await repo.updateTeamSubscription(ctx.db, actor.teamId, { plannedForCancellation: true });
  } else {
    throw new AppError('CONFLICT', BILLING_MESSAGES.noSubscription);
  }
  await repo.insertCancellation(ctx.db, { teamId: actor.teamId, userId: actor.userId, reason: body.reason, details: body.details?.trim() || null });
}

/** The retention offer: 50% off the next cycle of the team's subscription, once per team (409 after). */
export async function applyDiscount(ctx: AppContext, actor: Actor) {
  const gateway = gatewayFor(ctx.config);
  const paid = await repo.findBillingSubscription(ctx.db, actor.teamId);
  if (!paid || !LIVE_STATUSES.has(paid.stripe_status)) throw notFound('Subscription');
  const claimed = await repo.claimDiscount(ctx.db, { teamId: actor.teamId, couponId: RETENTION_COUPON.id, subscriptionId: paid.stripe_subscription_id });
  if (!claimed) throw new AppError('CONFLICT', BILLING_MESSAGES.discountAlreadyApplied);
  try {
    const couponId = await gateway.ensureCoupon(RETENTION_COUPON);
    await gateway.applyCoupon(paid.stripe_subscription_id, couponId);
  } catch (error) {
    await repo.releaseDiscount(ctx.db, actor.teamId);
    throw error;
  }
}
