import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../apps/server/src/features/billing/stripe-adapter.js';
import { syncPrices } from '../apps/server/src/features/billing/sync-prices.js';
import { loadDemoPeople } from '../apps/server/src/features/people-data/demo-people.js';
import { startStripeServer, type StripeEvent } from '../apps/server/src/test/vendors/stripe-server.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';
import { filterSidebar, openSearch } from './support/search.js';

// The server talks to a loopback Stripe. The browser cannot reach js.stripe.com here, so a
// stand-in for Stripe.js mounts a placeholder after fetching the session's client secret from
// our server, as Stripe.js does; the customer's payment is then Stripe's signed webhook, posted
// by the test to the server exactly as Stripe would send it.
const SECRET = 'sk_test_e2e';
const WEBHOOK_SECRET = 'whsec_e2e';
const STRIPE_JS_STAND_IN = `
  window.Stripe = function (publishableKey) {
    return {
      initEmbeddedCheckout: async function (options) {
        const secret = await options.fetchClientSecret();
        let node;
        return {
          mount: function (el) { node = document.createElement('div'); node.dataset.clientSecret = secret; node.dataset.publishableKey = publishableKey; node.textContent = 'Stripe checkout'; el.appendChild(node); },
          destroy: function () { node && node.remove(); },
        };
      },
    };
  };`;

const e2e = useAppUnderTest({
  fixtures: async (keep) => {
    const stripe = keep(await startStripeServer({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET }));
    await syncPrices(createStripeGateway({ secretKey: SECRET, apiBase: stripe.url }));
    return { stripe };
  },
  app: ({ stripe }) => ({ config: { stripe: { secretKey: SECRET, publishableKey: 'pk_test_e2e', webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } } }),
});

beforeAll(() => loadDemoPeople(e2e.ctx.db, { people: 100 }));

async function ownerPage(email: string) {
  const page = await e2e.newPage();
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STAND_IN }));
  await signUp(page, newUser({ email, name: 'Bea Buyer' }));
  return page;
}

/** Stripe's side of the checkout the page just opened: the customer pays, Stripe signs and sends its events. */
async function payOpenCheckout(page: Page): Promise<string> {
  const secret = await page.getByTestId('embedded-checkout').locator('[data-client-secret]').getAttribute('data-client-secret');
  const session = [...e2e.fixtures.stripe.sessions.values()].find((s) => s.client_secret === secret)!;
  for (const event of e2e.fixtures.stripe.completeCheckout(session.id)) await post(event);
  return session.id;
}

async function post(event: StripeEvent) {
  const { payload, header } = e2e.fixtures.stripe.signed(event);
  const res = await fetch(`${e2e.url}/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  expect(res.status).toBe(200);
}

/** Screenshots only when asked for (BILLING_SHOTS=1). */
const shoot = (page: Page, name: string) => (process.env.BILLING_SHOTS ? savePageShots(page, name) : Promise.resolve());

describe('billing in the browser', () => {
  it('buys a credit pack: embedded checkout, a signed webhook completes it, and the credits rise without a reload', async () => {
    const page = await ownerPage('bea@packs.test');
    await page.goto('/settings?tab=credits');
    const card = page.getByTestId('credits-card');
    await card.getByText('15,000 / 15,000').waitFor();
    await shoot(page, 'credits-tab');
    await page.getByRole('button', { name: 'Buy More Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy More Credits' });
    const popular = dialog.getByRole('region', { name: '50,000 credits' }).or(dialog.locator('[aria-label="50,000 credits"]'));
    await popular.getByText('Most popular').waitFor();
    await popular.getByText('$100').waitFor();
    await dialog.locator('[aria-label="10,000 credits"]').getByText('$20').waitFor();
    await dialog.locator('[aria-label="100,000 credits"]').getByText('$200').waitFor();
    await shoot(page, 'buy-credits-dialog');
    await popular.getByRole('button', { name: 'Buy' }).click();
    await dialog.getByTestId('embedded-checkout').getByText('Stripe checkout').waitFor();
    expect(e2e.fixtures.stripe.lastSession()).toMatchObject({ mode: 'payment', line: { quantity: 5 }, metadata: { credits: '50000' } });
    await shoot(page, 'buy-credits-checkout');

    await payOpenCheckout(page);
    await expectToast(page, '50,000 credits added to your team.');
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText('65,000 / 65,000').waitFor();

    await openSearch(page);
    await filterSidebar(page).getByTestId('credits-footer').getByText('65,000 / 65,000 credits').waitFor();
  });

  it('Back clears the checkout and returns to the packs', async () => {
    const page = await ownerPage('bea@back.test');
    await page.goto('/settings?tab=credits');
    await page.getByRole('button', { name: 'Buy More Credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy More Credits' });
    await dialog.locator('[aria-label="10,000 credits"]').getByRole('button', { name: 'Buy' }).click();
    await dialog.getByText('Stripe checkout').waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByText('Most popular').waitFor();
    expect(await dialog.getByTestId('embedded-checkout').count()).toBe(0);
  });

  it("opens the checkout of the plan onboarding's Choose button named, and Back returns to the plans", async () => {
    const page = await ownerPage('cara@plans.test');
    await page.goto('/settings?tab=billing&plan=startup&cycle=monthly');
    const plans = page.locator('[aria-label="Plans"]');
    await plans.getByRole('heading', { name: 'Startup, monthly' }).waitFor();
    await plans.getByText('Stripe checkout').waitFor();
    await plans.getByRole('button', { name: 'Back' }).click();
    await plans.getByRole('heading', { name: 'Choose a plan' }).waitFor();
    expect(new URL(page.url()).searchParams.has('plan')).toBe(false);
  });

  it('buys a plan, takes the 50% offer once (the second time is the 409 message), then cancels at period end', async () => {
    const page = await ownerPage('bea@plans.test');
    await page.goto('/settings?tab=billing');
    await page.getByTestId('subscription-text').getByText('You are on a 7 day free trial of the Hobby plan and will be charged on').waitFor();
    const plans = page.getByRole('region', { name: 'Plans' }).or(page.locator('[aria-label="Plans"]'));
    await plans.getByText('Yearly -20%').waitFor();
    await shoot(page, 'billing-trial');
    await plans.getByText('Monthly', { exact: true }).click();
    await plans.locator('[aria-label="Solopreneur"]').getByText('$200').waitFor();
    await plans.getByRole('button', { name: 'Choose Solopreneur' }).click();
    await plans.getByText('Stripe checkout').waitFor();
    await payOpenCheckout(page);
    await page.getByTestId('subscription-text').getByText(/^Your Solopreneur plan renews on /).waitFor();
    expect(await page.locator('[aria-label="Plans"]').count()).toBe(0);
    await page.locator('[aria-label="Payment methods"]').getByText('Visa •••• 4242').waitFor();
    await page.locator('[aria-label="Billing history"]').getByRole('cell', { name: '$200', exact: true }).waitFor();
    await shoot(page, 'billing-active');

    const openCancel = async () => {
      await page.getByRole('button', { name: 'Cancel plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel Plan' });
      await dialog.getByRole('button', { name: 'Next' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Other').check();
      await dialog.getByLabel('Details').fill('Budget freeze until spring.');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('button', { name: 'Get 50% OFF' }).waitFor();
      return dialog;
    };

    let dialog = await openCancel();
    await shoot(page, 'cancel-offer');
    await dialog.getByRole('button', { name: 'Get 50% OFF' }).click();
    await expectToast(page, BILLING_MESSAGES.discountApplied);
    await dialog.waitFor({ state: 'hidden' });
    const subscriptionId = [...e2e.fixtures.stripe.subscriptions.values()].at(-1)!.id;
    expect(e2e.fixtures.stripe.subscriptions.get(subscriptionId)!.discounts).toHaveLength(1);

    dialog = await openCancel();
    await dialog.getByRole('button', { name: 'Get 50% OFF' }).click();
    await expectToast(page, 'You have already applied this discount coupon.');

    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await expectToast(page, BILLING_MESSAGES.cancelled);
    await page.getByTestId('subscription-text').getByText(/^Your Solopreneur plan cancels on /).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel plan' }).count()).toBe(0);
    expect(e2e.fixtures.stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const [row] = await e2e.ctx.db.selectFrom('billing_cancellations').select(['reason', 'details']).orderBy('created_at', 'desc').limit(1).execute();
    expect(row).toEqual({ reason: 'Other', details: 'Budget freeze until spring.' });
  });

  it('cancels a free trial with the trial labels', async () => {
    const page = await ownerPage('bea@trial.test');
    await page.goto('/settings?tab=billing');
    await page.getByRole('button', { name: 'Cancel Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Trial' });
    await dialog.getByLabel('Not using it enough').check();
    expect(await dialog.getByLabel('Details').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Cancel Free Trial' }).click();
    await expectToast(page, BILLING_MESSAGES.cancelled);
    await page.getByTestId('subscription-text').getByText(/^Your Hobby plan cancels on /).waitFor();
  });
});
