import fs from 'node:fs';
import path from 'node:path';
import { COMPANY_MESSAGES, MAIL_OAUTH_MESSAGES, ONBOARDING_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newUser, submitSignUp } from './support/app.js';
import { useE2E } from './support/harness.js';

const SHOTS = path.resolve(import.meta.dirname, 'artifacts/onboarding');

/** Screenshots of a step at the two widths users have (kept in e2e/artifacts for review). */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

const stepTab = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(label) });
const fieldError = (page: Page, text: string) => page.getByText(text, { exact: true });

describe('onboarding of a new owner', () => {
  const e2e = useE2E();
  const ann = newUser({ name: 'Ann Founder', email: 'ann@rocket.test', companyName: 'Rocket' });

  it('checks the company step, skips integrations, launches, and a reload lands on the app', async () => {
    const page = await e2e.newPage();
    await submitSignUp(page, ann);
    await page.getByRole('heading', { name: `Welcome, ${ann.name}` }).waitFor();
    // It starts at the company step (index 1), not at the plan step.
    await page.getByLabel('Company name').waitFor();
    await shoot(page, '1-company');

    // The app itself sends an owner in onboarding back here.
    await page.goto('/prospects/lists');
    await page.waitForURL('**/onboarding');

    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await page.getByLabel('Company name').fill('  ');
    await continueButton.click();
    await fieldError(page, COMPANY_MESSAGES.nameAndWebsiteRequired).waitFor();

    await page.getByLabel('Company name').fill('Rocket Labs');
    await page.getByLabel('Company website').fill('not a website');
    await continueButton.click();
    await fieldError(page, COMPANY_MESSAGES.invalidWebsite).waitFor();

    await page.getByLabel('Company website').fill('rocket-labs.test');
    await continueButton.click();
    await fieldError(page, ONBOARDING_MESSAGES.competitorRequired).waitFor();

    const competitor = page.getByRole('textbox', { name: 'Competitor domains' });
    await competitor.fill('not a domain');
    await competitor.press('Enter');
    await fieldError(page, ONBOARDING_MESSAGES.invalidDomain).waitFor();
    await competitor.fill('https://www.Rival.test/pricing');
    await competitor.press('Enter');
    await page.getByRole('listitem').filter({ hasText: 'rival.test' }).waitFor();
    await competitor.fill('rival.test');
    await page.getByRole('button', { name: 'Add' }).first().click();
    await fieldError(page, ONBOARDING_MESSAGES.domainExists).waitFor();
    await competitor.fill('');
    await page.getByLabel('Scrape up to 100 subpages').check();
    await shoot(page, '1-company-filled');
    await continueButton.click();

    // Saved: the integrations step, and a reload stays there.
    await page.getByRole('heading', { name: 'CRM' }).waitFor();
    await page.getByRole('region', { name: 'HubSpot' }).getByText('Not configured', { exact: true }).waitFor();
    // No Gmail app on this server: the card says so instead of offering a sign-in.
    await page.getByRole('region', { name: 'Google' }).getByText(MAIL_OAUTH_MESSAGES.notConfigured('gmail')).waitFor();
    await shoot(page, '2-integrations');
    await page.reload();
    await page.getByRole('heading', { name: 'CRM' }).waitFor();
    const me = await (await page.request.get('/api/cookies/me')).json();
    expect(me.user).toMatchObject({ companyName: 'Rocket Labs', domain: 'rocket-labs.test', onboardingStep: 'integrations' });
    const rootUrls = [
      { url: 'https://rocket-labs.test', isCompetitor: false, includeSubPages: true },
      { url: 'https://rival.test', isCompetitor: true, includeSubPages: true },
    ];
    const state = await (await page.request.get('/api/v1/onboarding')).json();
    expect(state.data.profile.rootUrls).toEqual(rootUrls);
    // The company step created the knowledge hub profile itself.
    const profiles = (await (await page.request.get('/knowledge-hub/get-all-profiles')).json()).data;
    expect(profiles).toMatchObject([{ profileName: 'My First Knowledge Hub', isDefaultProfile: true, rootUrls }]);

    // The plan step is there to go back to: yearly first, and this server sells no plans.
    await stepTab(page, 'Select plan').click();
    await page.getByText(ONBOARDING_MESSAGES.billingOff).waitFor();
    expect(await page.getByRole('radio', { name: 'Yearly -20%' }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Startup' }).getByText('Popular').waitFor();
    await page.getByRole('region', { name: 'Hobby' }).getByText('$40').waitFor();
    await shoot(page, '0-plan');
    await page.getByRole('radiogroup', { name: 'Billing cycle' }).getByText('Monthly').click();
    await page.getByRole('region', { name: 'Hobby' }).getByText('$50').waitFor();
    await page.getByRole('button', { name: 'Continue on the trial' }).click();
    await page.getByLabel('Company name').waitFor();
    expect(await page.getByLabel('Company name').inputValue()).toBe('Rocket Labs');
    await stepTab(page, 'Integrations').click();

    await page.getByRole('button', { name: 'Skip' }).click();
    const domain = page.getByRole('textbox', { name: 'Domain', exact: true });
    await domain.waitFor();
    await expect.poll(async () => (await (await page.request.get('/api/cookies/me')).json()).user.onboardingStep).toBe('power-ups');
    expect(await page.getByRole('button', { name: 'Add' }).isDisabled()).toBe(true);
    await domain.fill('www.rocket-labs.test');
    await domain.press('Enter');
    await expectToast(page, ONBOARDING_MESSAGES.domainAdded);
    await page.getByRole('listitem').filter({ hasText: 'rocket-labs.test' }).waitFor();
    expect(await page.getByLabel('Script tag').innerText()).toContain(`data-team="${me.user.teamId}"`);
    await shoot(page, '3-power-ups');

    await page.getByRole('button', { name: 'Launch Workspace' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: `Welcome, ${ann.name}` }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/onboarding');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
