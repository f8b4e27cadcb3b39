import { BILLING_MESSAGES, CREDIT_PACK_LOOKUP_KEY } from '@leadline/shared/billing/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { StripeFixture } from '../../test/vendors/stripe-server.js';
import { checkout, deliver, startBillingApp } from './billing-test-kit.js';

let t: TestApp;
let stripe: StripeFixture;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stripe, close } = await startBillingApp());
});
afterAll(() => close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function subscribed(lookupKey = 'leadline_startup_yearly') {
  const team = await createTeam(t.ctx.db);
  const session = await checkout(t.app, stripe, team.owner, { mode: 'subscription', lookup_key: lookupKey, quantity: 1 });
  for (const e of stripe.completeCheckout(session.id)) await deliver(t.app, stripe, e);
  return { ...team, subscriptionId: stripe.sessions.get(session.id)!.subscription as string, customerId: session.customer as string };
}

describe('billing routes', () => {
  it('answers the tariffs of §9: monthly then yearly, prices in cents', async () => {
    const { owner } = await createTeam(t.ctx.db);
    const res = await call(owner, 'GET', '/billing/getTariffs');
    expect(res.statusCode).toBe(200);
    const tariffs = res.json().data;
    expect(tariffs.map((x: { name: string }) => x.name)).toEqual(['Hobby', 'Solopreneur', 'Startup']);
    expect(tariffs[0].variations).toEqual([
      { lookup_key: 'leadline_hobby_monthly', credits: 15_000, price: 5_000 },
      { lookup_key: 'leadline_hobby_yearly', credits: 180_000, price: 48_000 },
    ]);
    expect(tariffs[2]).toMatchObject({ popular: true, variations: [{ price: 50_000, credits: 400_000 }, { price: 480_000, credits: 4_800_000 }] });
    expect((await call(owner, 'GET', '/billing/config')).json().data).toMatchObject({ enabled: true, publishableKey: 'pk_test_leadline', message: null });
  });

  it('refuses admins, members and API keys: billing is the signed-in owner only', async () => {
    const { owner, admin, member } = await createTeam(t.ctx.db);
    for (const user of [admin, member]) expect((await call(user, 'GET', '/billing/getBillingHistory')).statusCode).toBe(403);
    const key = (await call(owner, 'POST', '/api/v1/api_keys/create')).json().data.key as string;
    const withKey = await t.app.inject({ method: 'GET', url: '/billing/getPaymentMethods', headers: { authorization: `Bearer ${key}` } });
    expect(withKey.statusCode).toBe(403);
    expect(withKey.json().error.message).toBe('This action needs a signed-in session; an API key cannot do it.');
  });

  it('sells a pack as quantity = credits / 10,000 of the pack price, and refuses a plan key, a wrong quantity or an unknown key', async () => {
    const { owner } = await createTeam(t.ctx.db);
    const session = await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 5 });
    expect(session).toMatchObject({ mode: 'payment', amount_total: 10_000, metadata: { kind: 'pack', credits: '50000', team_id: owner.teamId } });
    expect(stripe.customers.get(session.customer)!.metadata.team_id).toBe(owner.teamId);
    const bad = async (mode: string, lookup_key: string, quantity: number) =>
      (await call(owner, 'POST', '/billing/getPaymentLink', { mode, ui_mode: 'embedded', items: [{ lookup_key, quantity }] })).statusCode;
    expect(await bad('payment', 'leadline_hobby_monthly', 1)).toBe(400);
    expect(await bad('subscription', CREDIT_PACK_LOOKUP_KEY, 1)).toBe(400);
    expect(await bad('subscription', 'leadline_hobby_monthly', 2)).toBe(400);
    expect(await bad('subscription', 'leadline_growth_monthly', 1)).toBe(400);
    expect(await bad('payment', CREDIT_PACK_LOOKUP_KEY, 0)).toBe(400);
    // One customer per team, however many checkouts.
    await checkout(t.app, stripe, owner, { mode: 'payment', lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 1 });
    expect([...stripe.customers.values()].filter((c) => c.metadata.team_id === owner.teamId)).toHaveLength(1);
  });

  it('starts a plan by checkout and webhook, then refuses a second plan while it is live', async () => {
    const { owner } = await subscribed('leadline_startup_yearly');
    const me = (await call(owner, 'GET', '/api/cookies/me')).json();
    expect(me.subscriptionInfo).toMatchObject({ plan: 'startup', status: 'active', isPlannedForCancellation: false });
    const info = (await call(owner, 'GET', '/analytics/getCreditsInfo')).json().data;
    expect(info).toMatchObject({ plan: 'startup', total: 4_800_000 });
    const again = await call(owner, 'POST', '/billing/getPaymentLink', { mode: 'subscription', ui_mode: 'embedded', items: [{ lookup_key: 'leadline_hobby_monthly', quantity: 1 }] });
    expect(again.statusCode).toBe(409);
    const history = (await call(owner, 'GET', '/billing/getBillingHistory')).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'paid', amount: 480_000 });
    expect(history[0].link_to_invoice).toMatch(/^http/);
  });

  it('lists cards, sets the default, refuses to remove the default while subscribed, and hides other teams’ cards', async () => {
    const { owner, customerId } = await subscribed('leadline_hobby_monthly');
    const setup = await call(owner, 'POST', '/billing/getSetupLink', { ui_mode: 'embedded', mode: 'setup' });
    expect(setup.json().data.client_secret).toMatch(/_secret_/);
    const setupSession = stripe.lastSession()!;
    expect(setupSession.mode).toBe('setup');
    stripe.completeCheckout(setupSession.id);

    let cards = (await call(owner, 'GET', '/billing/getPaymentMethods')).json().data;
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    expect(first.customer.invoice_settings.default_payment_method).toBe(first.id);
    const refused = await call(owner, 'DELETE', '/billing/removePaymentMethod', { cardId: first.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(BILLING_MESSAGES.defaultCardInUse);

    expect((await call(owner, 'POST', '/billing/setPaymentMethodAsDefault', { cardId: second.id })).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', '/billing/removePaymentMethod', { cardId: first.id })).statusCode).toBe(200);
    cards = (await call(owner, 'GET', '/billing/getPaymentMethods')).json().data;
    expect(cards.map((c: { id: string }) => c.id)).toEqual([second.id]);
    expect(cards[0].customer.invoice_settings.default_payment_method).toBe(second.id);

    const stranger = (await createTeam(t.ctx.db)).owner;
    expect((await call(stranger, 'POST', '/billing/setPaymentMethodAsDefault', { cardId: second.id })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', '/billing/removePaymentMethod', { cardId: second.id })).statusCode).toBe(404);
    expect(stripe.customers.get(customerId)!.invoice_settings.default_payment_method).toBe(second.id);
  });

  it('cancels at period end with a reason, and applies the 50% coupon once (409 the second time)', async () => {
    const { owner, subscriptionId } = await subscribed('leadline_solopreneur_monthly');
    expect((await call(owner, 'POST', '/billing/applyDiscount')).statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)!.discounts[0].coupon).toMatchObject({ percent_off: 50, duration: 'once' });
    const twice = await call(owner, 'POST', '/billing/applyDiscount');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('You have already applied this discount coupon.');

    expect((await call(owner, 'POST', '/billing/cancelSubscription', { reason: 'Not a reason' })).statusCode).toBe(400);
    const cancelled = await call(owner, 'POST', '/billing/cancelSubscription', { reason: 'Other', details: 'We hired a data team.' });
    expect(cancelled.statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await call(owner, 'GET', '/api/cookies/me')).json().subscriptionInfo).toMatchObject({ status: 'active', isPlannedForCancellation: true });
    expect(await t.ctx.db.selectFrom('billing_cancellations').select(['reason', 'details']).where('team_id', '=', owner.teamId).execute()).toEqual([
      { reason: 'Other', details: 'We hired a data team.' },
    ]);
  });

  it('gives the coupon back when Stripe refuses it, so a retry can succeed', async () => {
    const { owner } = await subscribed('leadline_hobby_yearly');
    stripe.fail('POST', /^\/v1\/subscriptions\//, { status: 400, body: { error: { type: 'invalid_request_error', message: 'This subscription cannot be discounted.' } } });
    expect((await call(owner, 'POST', '/billing/applyDiscount')).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/billing/applyDiscount')).statusCode).toBe(200);
  });

  it('cancels the local trial without Stripe: it is marked and ends at its renewal date', async () => {
    const { owner } = await createTeam(t.ctx.db);
    expect((await call(owner, 'POST', '/billing/applyDiscount')).statusCode).toBe(404);
    expect((await call(owner, 'POST', '/billing/cancelSubscription', { reason: 'Not using it enough' })).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/cookies/me')).json().subscriptionInfo).toMatchObject({ status: 'trialing', isPlannedForCancellation: true });
    expect((await call(owner, 'POST', '/billing/cancelSubscription', { reason: 'Not using it enough' })).statusCode).toBe(409);
  });
});

describe('billing without a Stripe secret key', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('says billing is not configured, and everything else answers as usual', async () => {
    const { owner } = await createTeam(off.ctx.db);
    const get = (url: string) => off.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect((await get('/billing/config')).json().data).toEqual({
      enabled: false,
      publishableKey: null,
      message: 'Billing is not configured on this server: the owner adds credits with `npm run credits:grant`',
      contactSalesUrl: null,
    });
    const history = await get('/billing/getBillingHistory');
    expect(history.statusCode).toBe(503);
    expect(history.json().error.message).toBe(BILLING_MESSAGES.notConfigured);
    const link = await off.app.inject({
      method: 'POST',
      url: '/billing/getPaymentLink',
      headers: { cookie: owner.cookie },
      payload: { mode: 'payment', ui_mode: 'embedded', items: [{ lookup_key: CREDIT_PACK_LOOKUP_KEY, quantity: 1 }] },
    });
    expect(link.statusCode).toBe(503);
    expect((await off.app.inject({ method: 'POST', url: '/billing/webhook', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(503);
    expect((await get('/billing/getTariffs')).statusCode).toBe(200);
    expect((await get('/analytics/getCreditsInfo')).json().data.total).toBe(15_000);
  });
});

describe('contact sales', () => {
  let withLink: TestApp;
  beforeAll(async () => {
    withLink = await createTestApp({ config: { contactSalesUrl: 'https://sales.example.com/growth' } });
  });
  afterAll(() => withLink.close());

  it('points billing and onboarding at the one CONTACT_SALES_URL', async () => {
    const { owner } = await createTeam(withLink.ctx.db);
    const get = async (url: string) => (await withLink.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json().data;
    expect((await get('/billing/config')).contactSalesUrl).toBe('https://sales.example.com/growth');
    expect((await get('/api/v1/onboarding')).contactSalesUrl).toBe('https://sales.example.com/growth');
  });
});
