import { AppError } from '@leadline/shared';
import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import Stripe from 'stripe';

/** A card on file, as the billing tab lists it. */
export type Card = { id: string; brand: string; last4: string; expMonth: number; expYear: number; customerId: string | null };

/** A subscription as Stripe holds it now, reduced to what billing keeps. */
export type SubscriptionState = {
  id: string;
  customerId: string;
  status: string;
  lookupKey: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type InvoiceSummary = { id: string; description: string; created: Date; status: string; amountCents: number; currency: string; url: string | null };

export type PriceSummary = { id: string; lookupKey: string; unitAmount: number | null; interval: string | null; productId: string };

export type CheckoutInput = {
  customerId: string;
  mode: 'subscription' | 'payment' | 'setup';
  line?: { priceId: string; quantity: number };
  metadata: Record<string, string>;
};

export type NewPrice = { lookupKey: string; productId: string; productName: string; unitAmount: number; interval: 'month' | 'year' | null };

/**
 * The narrow interface billing needs from Stripe. The one implementation below uses the official
 * `stripe` package; `STRIPE_API_BASE` points it at a stripe-mock style server or a test's
 * loopback server speaking Stripe's REST format.
 */
export interface BillingGateway {
  createCustomer(input: { teamId: string; email: string; name: string }): Promise<string>;
  pricesByLookupKeys(keys: string[]): Promise<Map<string, PriceSummary>>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; clientSecret: string }>;
  listCards(customerId: string): Promise<{ cards: Card[]; defaultCardId: string | null }>;
  findCard(cardId: string): Promise<Card | null>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  detachCard(cardId: string): Promise<void>;
  listInvoices(customerId: string): Promise<InvoiceSummary[]>;
  retrieveSubscription(id: string): Promise<SubscriptionState | null>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  ensureCoupon(input: { id: string; percentOff: number; name: string }): Promise<string>;
  applyCoupon(subscriptionId: string, couponId: string): Promise<void>;
  ensureProduct(input: { id: string; name: string }): Promise<string>;
  createPrice(input: NewPrice): Promise<PriceSummary>;
  /** Verifies Stripe's signature over the raw body; throws a 400 AppError when it does not hold. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, secret: string): Stripe.Event;
}

export type StripeSettings = { secretKey: string; apiBase: string; maxNetworkRetries?: number; timeoutMs?: number };

/** Stripe's failures as AppErrors: nothing Stripe-specific leaves the adapter. */
function vendorError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.type === 'StripeCardError') return new AppError('VALIDATION_FAILED', error.message, { cause: error });
  if (error.statusCode === 404 && error.code === 'resource_missing') return new AppError('NOT_FOUND', error.message, { cause: error });
  if (error.type === 'StripeInvalidRequestError' && error.statusCode !== 429) return new AppError('VALIDATION_FAILED', error.message, { cause: error });
  // 429 after the retries, 5xx, connection failures, a wrong secret key: the operator's or Stripe's problem.
  return new AppError('PROVIDER_UNAVAILABLE', BILLING_MESSAGES.stripeUnavailable, { cause: error });
}

const RATE_LIMIT_RETRIES = 2;
const RATE_LIMIT_DELAY_MS = 400;
const isRateLimited = (error: unknown) => error instanceof Stripe.errors.StripeError && error.statusCode === 429;

/**
 * Runs one Stripe call. The client retries connection failures, 409 and 5xx itself; a 429 it
 * retries only when Stripe says so, so rate limits are retried here with a growing pause (a
 * 429 means the request was not processed, so trying again is safe).
 */
async function call<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (isRateLimited(error) && attempt < RATE_LIMIT_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_DELAY_MS * 2 ** attempt * (0.75 + Math.random() / 2)));
        continue;
      }
      throw vendorError(error);
    }
  }
}

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

function toCard(pm: Stripe.PaymentMethod): Card | null {
  if (!pm.card) return null;
  return { id: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, customerId: idOf(pm.customer) };
}

function toSubscription(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    lookupKey: item?.price.lookup_key ?? null,
    // Since API version 2025-03-31 the period lives on the subscription's items.
    currentPeriodStart: date(item?.current_period_start),
    currentPeriodEnd: date(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
}

function toPrice(price: Stripe.Price): PriceSummary {
  return { id: price.id, lookupKey: price.lookup_key ?? '', unitAmount: price.unit_amount, interval: price.recurring?.interval ?? null, productId: idOf(price.product)! };
}

export function createStripeGateway(settings: StripeSettings): BillingGateway {
  const base = new URL(settings.apiBase);
  const stripe = new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: settings.maxNetworkRetries ?? 2,
    timeout: settings.timeoutMs ?? 20_000,
    telemetry: false,
  });

  return {
    createCustomer: (input) =>
      call(async () => (await stripe.customers.create({ email: input.email, name: input.name, metadata: { team_id: input.teamId } }, { idempotencyKey: `customer:${input.teamId}` })).id),

    pricesByLookupKeys: (keys) =>
      call(async () => {
        if (keys.length === 0) return new Map();
        const list = await stripe.prices.list({ lookup_keys: keys, active: true, limit: 100 });
        return new Map(list.data.map((p) => [p.lookup_key ?? '', toPrice(p)]));
      }),

    createCheckoutSession: (input) =>
      call(async () => {
        const session = await stripe.checkout.sessions.create({
          ui_mode: 'embedded',
          mode: input.mode,
          customer: input.customerId,
          redirect_on_completion: 'never',
          metadata: input.metadata,
          ...(input.line ? { line_items: [{ price: input.line.priceId, quantity: input.line.quantity }] } : {}),
          ...(input.mode === 'setup' ? { currency: 'usd', payment_method_types: ['card'] } : {}),
          ...(input.mode === 'subscription' ? { subscription_data: { metadata: input.metadata } } : {}),
          ...(input.mode === 'payment' ? { payment_intent_data: { metadata: input.metadata } } : {}),
        });
        if (!session.client_secret) throw new AppError('PROVIDER_UNAVAILABLE', BILLING_MESSAGES.stripeUnavailable);
        return { id: session.id, clientSecret: session.client_secret };
      }),

    listCards: (customerId) =>
      call(async () => {
        const [customer, methods] = await Promise.all([
          stripe.customers.retrieve(customerId),
          stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        ]);
        const defaultCardId = customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
        return { cards: methods.data.map(toCard).filter((c): c is Card => c !== null), defaultCardId };
      }),

    findCard: (cardId) =>
      call(async () => {
        try {
          return toCard(await stripe.paymentMethods.retrieve(cardId));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
          throw error;
        }
      }),

    setDefaultCard: (customerId, cardId) =>
      call(async () => {
        await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } });
      }),

    detachCard: (cardId) =>
      call(async () => {
        await stripe.paymentMethods.detach(cardId);
      }),

    listInvoices: (customerId) =>
      call(async () => {
        const list = await stripe.invoices.list({ customer: customerId, limit: 100 });
        return list.data.map((inv) => ({
          id: inv.id ?? '',
          description: inv.description ?? inv.lines?.data[0]?.description ?? 'Invoice',
          created: new Date(inv.created * 1000),
          status: inv.status ?? 'draft',
          amountCents: inv.amount_due,
          currency: inv.currency,
          url: inv.hosted_invoice_url ?? inv.invoice_pdf ?? null,
        }));
      }),

    retrieveSubscription: (id) =>
      call(async () => {
        try {
          return toSubscription(await stripe.subscriptions.retrieve(id));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
          throw error;
        }
      }),

    cancelAtPeriodEnd: (subscriptionId) => call(async () => toSubscription(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }))),

    ensureCoupon: (input) =>
      call(async () => {
        try {
          return (await stripe.coupons.retrieve(input.id)).id;
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeError && error.statusCode === 404)) throw error;
        }
        return (await stripe.coupons.create({ id: input.id, percent_off: input.percentOff, duration: 'once', name: input.name }, { idempotencyKey: `coupon:${input.id}` })).id;
      }),

    applyCoupon: (subscriptionId, couponId) =>
      call(async () => {
        await stripe.subscriptions.update(subscriptionId, { discounts: [{ coupon: couponId }] });
      }),

    ensureProduct: (input) =>
      call(async () => {
        try {
          return (await stripe.products.retrieve(input.id)).id;
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeError && error.statusCode === 404)) throw error;
        }
        return (await stripe.products.create({ id: input.id, name: input.name })).id;
      }),

    createPrice: (input) =>
      call(async () =>
        toPrice(
          await stripe.prices.create({
            product: input.productId,
            currency: 'usd',
            unit_amount: input.unitAmount,
            lookup_key: input.lookupKey,
            // A changed price takes the lookup key over from the old one.
            transfer_lookup_key: true,
            nickname: input.productName,
            ...(input.interval ? { recurring: { interval: input.interval } } : {}),
          }),
        ),
      ),

    verifyEvent: (rawBody, signature, secret) => {
      try {
        return stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
      } catch (error) {
        throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.invalidSignature, { cause: error });
      }
    },
  };
}
