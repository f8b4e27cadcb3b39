import { BILLING_MESSAGES } from '@leadline/shared/billing/schemas';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';

/** Every control that would buy something or open a Stripe form. */
const PURCHASE = /Buy|Choose|Add card|Cancel plan|Cancel Trial|Get 50% OFF/;

/** The notice as a reader sees it: the command is set as code, without its backticks. */
const NOTICE = BILLING_MESSAGES.notConfigured.replaceAll('`', '');

async function expectBillingOff(page: Page) {
  const notice = page.getByRole('status', { name: 'Billing is not configured' });
  await notice.waitFor();
  expect((await notice.innerText()).trim()).toBe(NOTICE);
  await notice.locator('code', { hasText: 'npm run credits:grant' }).waitFor();
  expect(await page.getByRole('main').getByRole('button', { name: PURCHASE }).count()).toBe(0);
  expect(await page.getByRole('main').getByRole('link', { name: PURCHASE }).count()).toBe(0);
}

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  const e2e = useE2E();

  it("shows the issue's message on the billing and credits tabs, with no purchase button, and the credits still", async () => {
    const page = await e2e.newPage();
    await signUp(page, newUser({ name: 'Otto Owner', email: 'otto@billing-off.test' }));

    await page.goto('/settings?tab=billing');
    await expectBillingOff(page);

    await page.goto('/settings?tab=credits');
    await expectBillingOff(page);
    // Nothing else breaks: the credits card shows the trial's credits.
    await page.getByTestId('credits-card').getByText('credits available').waitFor();
    expect(await page.getByTestId('credits-available').innerText()).toMatch(/^[\d,]+ \/ [\d,]+/);

    // The server agrees: its Stripe routes answer 503 with the same message.
    const link = await page.request.post('/billing/getPaymentLink', {
      data: { mode: 'subscription', ui_mode: 'embedded', items: [{ lookup_key: 'leadline_hobby_monthly', quantity: 1 }] },
    });
    expect(link.status()).toBe(503);
    expect((await link.json()).error.message).toBe(BILLING_MESSAGES.notConfigured);
  });
});
