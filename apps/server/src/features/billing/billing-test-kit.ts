import type { FastifyInstance } from 'fastify';
import { startStripeServer, type StripeEvent, type StripeFixture } from '../../test/vendors/stripe-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { TestUser } from '../../test/factories.js';
import { createStripeGateway } from './stripe-adapter.js';
import { syncPrices } from './sync-prices.js';

export const STRIPE_SECRET = 'sk_test_leadline';
export const WEBHOOK_SECRET = 'whsec_leadline';

/** The app with billing on, talking to a loopback Stripe whose prices are synced. */
export async function startBillingApp(): Promise<{ t: TestApp; stripe: StripeFixture; close(): Promise<void> }> {
  const stripe = await startStripeServer({ secretKey: STRIPE_SECRET, webhookSecret: WEBHOOK_SECRET });
  await syncPrices(createStripeGateway({ secretKey: STRIPE_SECRET, apiBase: stripe.url }));
  const t = await createTestApp({
    config: { stripe: { secretKey: STRIPE_SECRET, publishableKey: 'pk_test_leadline', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } },
  });
  return { t, stripe, close: async () => (await t.close(), await stripe.close()) };
}

/** Delivers an event to the webhook as Stripe would: the signed JSON body. */
export function deliver(app: FastifyInstance, stripe: StripeFixture, event: StripeEvent, secret?: string) {
  const { payload, header } = stripe.signed(event, secret);
  return app.inject({ method: 'POST', url: '/billing/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }, payload });
}

/** Opens checkout through the API as the owner; answers the loopback's session. */
export async function checkout(app: FastifyInstance, stripe: StripeFixture, owner: TestUser, body: { mode: 'subscription' | 'payment'; lookup_key: string; quantity: number }) {
  const res = await app.inject({
    method: 'POST',
    url: '/billing/getPaymentLink',
    headers: { cookie: owner.cookie },
    payload: { mode: body.mode, ui_mode: 'embedded', items: [{ lookup_key: body.lookup_key, quantity: body.quantity }] },
  });
  if (res.statusCode !== 200) throw new Error(`getPaymentLink answered ${res.statusCode}: ${res.body}`);
  const secret = res.json().data.client_secret as string;
  const session = [...stripe.sessions.values()].find((s) => s.client_secret === secret)!;
  return session;
}
