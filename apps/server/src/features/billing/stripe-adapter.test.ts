import { AppError } from '@leadline/shared';
import { CREDIT_PACK_LOOKUP_KEY } from '@leadline/shared/billing/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeFixture } from '../../test/vendors/stripe-server.js';
import { createStripeGateway, type BillingGateway } from './stripe-adapter.js';
import { syncPrices } from './sync-prices.js';

const SECRET = 'sk_test_adapter';
const WEBHOOK_SECRET = 'whsec_adapter';
let stripe: StripeFixture;
let gateway: BillingGateway;

beforeAll(async () => {
  stripe = await startStripeServer({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
  gateway = createStripeGateway({ secretKey: SECRET, apiBase: stripe.url });
});
afterAll(() => stripe.close());

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('the Stripe adapter against a loopback server speaking Stripe REST', () => {
  it('creates prices by lookup key once: a second sync changes nothing, a changed amount replaces the price', async () => {
    const first = await syncPrices(gateway);
    expect(first).toHaveLength(7);
    expect(first.every((r) => r.outcome === 'created')).toBe(true);
    const second = await syncPrices(gateway);
    expect(second.map((r) => r.outcome)).toEqual(Array(7).fill('unchanged'));
    expect(second.map((r) => r.priceId)).toEqual(first.map((r) => r.priceId));
    expect(stripe.prices.size).toBe(7);

    const pack = [...stripe.prices.values()].find((p) => p.lookup_key === CREDIT_PACK_LOOKUP_KEY)!;
    pack.unit_amount = 1_500; // someone edited it by hand
    const third = await syncPrices(gateway);
    expect(third.find((r) => r.lookupKey === CREDIT_PACK_LOOKUP_KEY)).toMatchObject({ outcome: 'replaced' });
    expect((await gateway.pricesByLookupKeys([CREDIT_PACK_LOOKUP_KEY])).get(CREDIT_PACK_LOOKUP_KEY)).toMatchObject({ unitAmount: 2_000, interval: null });
    expect(pack.lookup_key).toBeNull();
  });

  it('creates a customer with the team in its metadata, once per idempotency key', async () => {
    const id = await gateway.createCustomer({ teamId: 'team-1', email: 'owner@acme.test', name: 'Acme' });
    expect(stripe.customers.get(id)).toMatchObject({ email: 'owner@acme.test', metadata: { team_id: 'team-1' } });
    expect(await gateway.createCustomer({ teamId: 'team-1', email: 'owner@acme.test', name: 'Acme' })).toBe(id);
  });

  it('opens embedded checkout for a plan, a pack and a card, with the line, mode and metadata sent as Stripe expects', async () => {
    const customerId = await gateway.createCustomer({ teamId: 'team-2', email: 'o@b.test', name: 'B' });
    const prices = await gateway.pricesByLookupKeys(['leadline_startup_yearly', CREDIT_PACK_LOOKUP_KEY]);
    const plan = await gateway.createCheckoutSession({ customerId, mode: 'subscription', line: { priceId: prices.get('leadline_startup_yearly')!.id, quantity: 1 }, metadata: { team_id: 'team-2', kind: 'plan' } });
    expect(plan.clientSecret).toMatch(/^cs_test_.+_secret_/);
    expect(stripe.sessions.get(plan.id)).toMatchObject({ mode: 'subscription', ui_mode: 'embedded', customer: customerId, metadata: { kind: 'plan' } });
    const sent = stripe.requests.filter((r) => r.url.pathname === '/v1/checkout/sessions').at(-1)!.form();
    expect(sent.get('redirect_on_completion')).toBe('never');
    expect(sent.get('subscription_data[metadata][team_id]')).toBe('team-2');

    const pack = await gateway.createCheckoutSession({ customerId, mode: 'payment', line: { priceId: prices.get(CREDIT_PACK_LOOKUP_KEY)!.id, quantity: 5 }, metadata: { kind: 'pack', credits: '50000' } });
    expect(stripe.sessions.get(pack.id)).toMatchObject({ mode: 'payment', amount_total: 10_000 });

    const setup = await gateway.createCheckoutSession({ customerId, mode: 'setup', metadata: { kind: 'setup' } });
    expect(stripe.sessions.get(setup.id)).toMatchObject({ mode: 'setup' });
    expect(stripe.requests.at(-1)!.form().get('payment_method_types[0]')).toBe('card');
  });

  it('lists cards with the default, changes the default, finds and detaches a card', async () => {
    const customerId = await gateway.createCustomer({ teamId: 'team-3', email: 'o@c.test', name: 'C' });
    const first = stripe.addCard(customerId, '4242');
    const second = stripe.addCard(customerId, '5555');
    let cards = await gateway.listCards(customerId);
    expect(cards.cards.map((c) => c.last4)).toEqual(['4242', '5555']);
    expect(cards.defaultCardId).toBe(first.id);
    await gateway.setDefaultCard(customerId, second.id);
    cards = await gateway.listCards(customerId);
    expect(cards.defaultCardId).toBe(second.id);
    expect(await gateway.findCard(first.id)).toMatchObject({ customerId, brand: 'visa', expMonth: 12 });
    await gateway.detachCard(first.id);
    expect((await gateway.listCards(customerId)).cards.map((c) => c.id)).toEqual([second.id]);
    expect(await gateway.findCard('pm_nope')).toBeNull();
  });

  it('reads a subscription with its period from its item, cancels it at period end, applies a coupon once created, and lists invoices', async () => {
    const customerId = await gateway.createCustomer({ teamId: 'team-4', email: 'o@d.test', name: 'D' });
    const price = (await gateway.pricesByLookupKeys(['leadline_hobby_monthly'])).get('leadline_hobby_monthly')!;
    const session = await gateway.createCheckoutSession({ customerId, mode: 'subscription', line: { priceId: price.id, quantity: 1 }, metadata: {} });
    stripe.completeCheckout(session.id);
    const subId = stripe.sessions.get(session.id)!.subscription as string;

    const sub = await gateway.retrieveSubscription(subId);
    expect(sub).toMatchObject({ id: subId, customerId, status: 'active', lookupKey: 'leadline_hobby_monthly', cancelAtPeriodEnd: false });
    expect(sub!.currentPeriodEnd!.getTime() - sub!.currentPeriodStart!.getTime()).toBe(30 * 86_400_000);
    expect(await gateway.retrieveSubscription('sub_missing')).toBeNull();

    expect((await gateway.cancelAtPeriodEnd(subId)).cancelAtPeriodEnd).toBe(true);

    const coupon = await gateway.ensureCoupon({ id: 'leadline_retention_50', percentOff: 50, name: '50% off' });
    expect(await gateway.ensureCoupon({ id: 'leadline_retention_50', percentOff: 50, name: '50% off' })).toBe(coupon);
    expect(stripe.coupons.size).toBe(1);
    await gateway.applyCoupon(subId, coupon);
    expect(stripe.subscriptions.get(subId)!.discounts[0].coupon).toMatchObject({ percent_off: 50, duration: 'once' });

    const invoices = await gateway.listInvoices(customerId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', amountCents: 5_000, currency: 'usd' });
    expect(invoices[0]!.description).toContain('Leadline Hobby');
    expect(invoices[0]!.url).toMatch(/^http/);
  });

  it("turns Stripe's error shapes into AppErrors: 404 not found, 400 validation, 401 and 5xx unavailable", async () => {
    expect((await failure(gateway.setDefaultCard('cus_missing', 'pm_x'))).code).toBe('NOT_FOUND');
    const customerId = await gateway.createCustomer({ teamId: 'team-5', email: 'o@e.test', name: 'E' });
    const hobby = (await gateway.pricesByLookupKeys(['leadline_hobby_monthly'])).get('leadline_hobby_monthly')!;
    // A one-time price in subscription mode: Stripe's 400 with its message.
    const packPrice = (await gateway.pricesByLookupKeys([CREDIT_PACK_LOOKUP_KEY])).get(CREDIT_PACK_LOOKUP_KEY)!;
    const invalid = await failure(gateway.createCheckoutSession({ customerId, mode: 'subscription', line: { priceId: packPrice.id, quantity: 1 }, metadata: {} }));
    expect(invalid.code).toBe('VALIDATION_FAILED');
    expect(invalid.message).toContain('recurring price');
    expect(hobby.interval).toBe('month');

    const wrongKey = createStripeGateway({ secretKey: 'sk_test_wrong', apiBase: stripe.url });
    expect((await failure(wrongKey.listInvoices(customerId))).code).toBe('PROVIDER_UNAVAILABLE');

    stripe.fail('GET', /^\/v1\/invoices$/, { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } });
    stripe.fail('GET', /^\/v1\/invoices$/, { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } });
    stripe.fail('GET', /^\/v1\/invoices$/, { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } });
    expect((await failure(gateway.listInvoices(customerId))).code).toBe('PROVIDER_UNAVAILABLE');
  });

  it('retries a 429 and succeeds; a 429 that persists past the retries is a clear unavailable error', { timeout: 30_000 }, async () => {
    const customerId = await gateway.createCustomer({ teamId: 'team-6', email: 'o@f.test', name: 'F' });
    stripe.fail('GET', /^\/v1\/invoices$/, stripe.rateLimited());
    const before = stripe.requests.length;
    expect(await gateway.listInvoices(customerId)).toEqual([]);
    expect(stripe.requests.length - before).toBe(2);

    for (let i = 0; i < 3; i++) stripe.fail('GET', /^\/v1\/invoices$/, stripe.rateLimited());
    const error = await failure(gateway.listInvoices(customerId));
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(error.message).toBe('Stripe could not be reached. Please try again later!');
  });

  it("verifies Stripe's webhook signature on the exact bytes", () => {
    const evt = stripe.event('invoice.paid', { id: 'in_1', object: 'invoice' });
    const { payload, header } = stripe.signed(evt);
    expect(gateway.verifyEvent(Buffer.from(payload), header, WEBHOOK_SECRET).id).toBe(evt.id);
    const tampered = payload.replace('in_1', 'in_2');
    expect(() => gateway.verifyEvent(Buffer.from(tampered), header, WEBHOOK_SECRET)).toThrow(AppError);
    expect(() => gateway.verifyEvent(Buffer.from(payload), stripe.signed(evt, 'whsec_other').header, WEBHOOK_SECRET)).toThrow('signature');
    expect(() => gateway.verifyEvent(Buffer.from(payload), undefined, WEBHOOK_SECRET)).toThrow(AppError);
  });
});
