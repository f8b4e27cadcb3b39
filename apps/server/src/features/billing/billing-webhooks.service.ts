import { AppError, CREDIT_PACK_UNIT, STARTING_PLAN } from '@leadline/shared';
import { parsePlanLookupKey, planVariation } from '@leadline/shared/billing/schemas';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { DB } from '../../db/schema.js';
import type { AppContext } from '../../lib/context.js';
import { grantCredits, startTeamCredits } from '../credits/index.js';
import { billingEnabled, gatewayFor } from './billing-gateway.js';
import * as repo from './billing.repository.js';
import type { SubscriptionState } from './stripe-adapter.js';

export type WebhookOutcome = { applied: boolean; type: string };

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return (object as { id: string }).id;
  if (event.type.startsWith('invoice.')) return idOf((object as unknown as Stripe.Invoice).parent?.subscription_details?.subscription);
  if (event.type === 'checkout.session.completed') return idOf((object as unknown as Stripe.Checkout.Session).subscription);
  return null;
}

/**
 * Applies one Stripe webhook event exactly once. The signature is checked on the raw body; the
 * subscription an event is about is read from Stripe as it is now (events arrive in any order
 * and carry a snapshot of their moment), and then one transaction, holding the team's lock,
 * records the event id and applies its effect. A second delivery finds the id and does nothing.
 */
export async function handleWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
  const gateway = gatewayFor(ctx.config);
  const secret = ctx.config.stripe.webhookSecret;
  if (!secret) throw new AppError('PROVIDER_UNAVAILABLE', 'STRIPE_WEBHOOK_SECRET is not set on this server.');
  const event = gateway.verifyEvent(rawBody, signature, secret);
  const customerId = idOf((event.data.object as { customer?: string | { id: string } | null }).customer);
  const subscriptionId = SUBSCRIPTION_EVENTS.has(event.type) || event.type === 'checkout.session.completed' ? subscriptionIdOf(event) : null;
  const subscription = subscriptionId ? await gateway.retrieveSubscription(subscriptionId) : null;

  const applied = await ctx.db.transaction().execute(async (trx) => {
    const teamId = customerId ? await repo.lockTeamOfCustomer(trx, customerId) : null;
    if (!(await repo.recordEvent(trx, { id: event.id, type: event.type, teamId }))) return false;
    if (!teamId) return true; // not one of ours: recorded, nothing to do
    if (subscription) await syncSubscription(trx, teamId, subscription);
    if (event.type === 'invoice.paid' && subscription) await openPaidPeriod(trx, teamId, event.data.object as Stripe.Invoice, subscription);
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      await grantPack(trx, teamId, event.data.object as Stripe.Checkout.Session);
    }
    if (subscription?.status === 'canceled') await endPaidPeriod(trx, teamId, subscription);
    return true;
  });
  return { applied, type: event.type };
}

/** Stripe's subscription status as the app's (§3: active, trialing; and past_due, canceled); null keeps ours. */
function appStatus(stripeStatus: string): 'active' | 'trialing' | 'past_due' | 'canceled' | null {
  if (stripeStatus === 'active' || stripeStatus === 'trialing') return stripeStatus;
  if (stripeStatus === 'past_due' || stripeStatus === 'unpaid') return 'past_due';
  if (stripeStatus === 'canceled' || stripeStatus === 'incomplete_expired') return 'canceled';
  return null; // incomplete, paused: the first payment has not settled; the trial stays as it is
}

async function syncSubscription(trx: Kysely<DB>, teamId: string, s: SubscriptionState) {
  await repo.saveBillingSubscription(trx, teamId, {
    stripeSubscriptionId: s.id,
    lookupKey: s.lookupKey,
    stripeStatus: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  });
  const status = appStatus(s.status);
  if (!status) return;
  const plan = s.lookupKey ? parsePlanLookupKey(s.lookupKey) : null;
  await repo.updateTeamSubscription(trx, teamId, {
    status,
    plannedForCancellation: s.cancelAtPeriodEnd,
    ...(plan ? { plan: plan.plan } : {}),
    ...(s.currentPeriodEnd ? { renewalDate: s.currentPeriodEnd } : {}),
  });
}

/**
 * Opens a new credit period with its credits: the plan's (unused plan credits of the period
 * before expire with it) plus the pack credits the period before has left, which never expire.
 * Spending takes plan credits first, so what is left of a period is pack credits up to their sum.
 */
async function openPeriod(trx: Kysely<DB>, input: { teamId: string; key: string; plan: string; lookupKey: string; credits: number; startsAt: Date; endsAt: Date }) {
  if (await repo.periodChangeApplied(trx, input.key)) return;
  const before = await repo.findCurrentCreditPeriod(trx, input.teamId);
  let startsAt = input.startsAt;
  if (before && startsAt <= before.startsAt) {
    if (await repo.isBillingPeriod(trx, before.id)) {
      // An older invoice arriving after a newer one: its period is over, and its plan credits with it.
      await repo.recordPeriodChange(trx, { key: input.key, teamId: input.teamId, periodId: before.id, lookupKey: input.lookupKey, credits: 0 });
      return;
    }
    // Stripe counts in seconds: a plan bought in the second the trial began still follows it.
    startsAt = new Date(before.startsAt.getTime() + 1);
  }
  const packLeft = before ? Math.max(0, Math.min(before.available, await repo.packCreditsIn(trx, before.id))) : 0;
  const { periodId } = await startTeamCredits(trx, { teamId: input.teamId, plan: input.plan, startsAt, endsAt: input.endsAt, credits: input.credits });
  if (packLeft > 0) {
    await grantCredits(trx, {
      teamId: input.teamId,
      amount: packLeft,
      idempotencyKey: `pack-carry:${periodId}`,
      action: 'credit_pack_carry_over',
      reason: 'Unused credit pack credits carried into the new period',
    });
    await repo.recordPackGrant(trx, { sourceId: `carry:${periodId}`, teamId: input.teamId, periodId, credits: packLeft });
  }
  await repo.recordPeriodChange(trx, { key: input.key, teamId: input.teamId, periodId, lookupKey: input.lookupKey, credits: input.credits });
}

/** A paid plan invoice grants the plan's credits for the invoice's period. */
async function openPaidPeriod(trx: Kysely<DB>, teamId: string, invoice: Stripe.Invoice, subscription: SubscriptionState) {
  if (invoice.status !== 'paid' || !invoice.id) return;
  const plan = subscription.lookupKey ? parsePlanLookupKey(subscription.lookupKey) : null;
  if (!plan) return;
  const line = invoice.lines?.data[0];
  const startsAt = line?.period?.start ? new Date(line.period.start * 1000) : (subscription.currentPeriodStart ?? new Date());
  const endsAt = line?.period?.end ? new Date(line.period.end * 1000) : (subscription.currentPeriodEnd ?? new Date(startsAt.getTime() + 30 * 86_400_000));
  await openPeriod(trx, {
    teamId,
    key: invoice.id,
    plan: plan.plan,
    lookupKey: subscription.lookupKey!,
    credits: planVariation(plan.plan, plan.cycle).credits,
    startsAt,
    endsAt,
  });
}

/** A subscription that ended takes its plan credits with it; pack credits stay in a period without plan credits. */
async function endPaidPeriod(trx: Kysely<DB>, teamId: string, subscription: SubscriptionState) {
  const startsAt = subscription.currentPeriodEnd && subscription.currentPeriodEnd < new Date() ? subscription.currentPeriodEnd : new Date();
  await openPeriod(trx, {
    teamId,
    key: `ended:${subscription.id}`,
    plan: STARTING_PLAN,
    lookupKey: subscription.lookupKey ?? '',
    credits: 0,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 100 * 365 * 86_400_000),
  });
}

/** A paid credit pack grants its credits to the current period (once per checkout session). */
async function grantPack(trx: Kysely<DB>, teamId: string, session: Stripe.Checkout.Session) {
  if (session.mode !== 'payment' || session.payment_status !== 'paid' || session.metadata?.kind !== 'pack') return;
  const credits = Number(session.metadata.credits);
  if (!Number.isSafeInteger(credits) || credits <= 0 || credits % CREDIT_PACK_UNIT !== 0) return;
  const { entry } = await grantCredits(trx, {
    teamId,
    amount: credits,
    idempotencyKey: `stripe-checkout:${session.id}`,
    action: 'credit_pack',
    reason: `Credit pack of ${credits.toLocaleString('en-US')} credits`,
  });
  await repo.recordPackGrant(trx, { sourceId: session.id, teamId, periodId: entry.periodId, credits });
}

/**
 * A local trial that ended without a paid plan: its credits expire, so paid actions answer 402
 * (the spec's insufficient-credits message) while lists and data stay. Pack credits bought
 * during the trial carry on.
 */
export async function expireEndedTrials(ctx: AppContext, now = new Date()): Promise<number> {
  // Without billing the owner grants credits by hand into the current period: nothing expires.
  if (!billingEnabled(ctx.config)) return 0;
  let expired = 0;
  for (const trial of await repo.findEndedTrials(ctx.db, now, 500)) {
    await ctx.db.transaction().execute(async (trx) => {
      await openPeriod(trx, {
        teamId: trial.team_id,
        key: `trial-ended:${trial.team_id}`,
        plan: trial.plan,
        lookupKey: '',
        credits: 0,
        startsAt: trial.renewal_date,
        endsAt: new Date(trial.renewal_date.getTime() + 100 * 365 * 86_400_000),
      });
      await repo.updateTeamSubscription(trx, trial.team_id, { status: 'canceled' });
    });
    expired += 1;
  }
  return expired;
}
