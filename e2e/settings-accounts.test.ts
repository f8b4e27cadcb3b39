import fs from 'node:fs';
import path from 'node:path';
import { ENRICHMENT_PREFERENCE_MESSAGES, SETTINGS_TABS, settingsTabsFor, TOUR_IDS, type Permission } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../apps/server/src/test/factories.js';
import { expectToast } from './support/app.js';
import { useE2E } from './support/harness.js';
import { openSearch } from './support/search.js';

const e2e = useE2E({ people: 300 });
// The role checks sign in an owner, an admin and a member of one team made through the factories.
let team: Awaited<ReturnType<typeof createTeam>>;
const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

beforeAll(async () => {
  team = await createTeam(e2e.ctx.db);
});

/** A page signed in as this factory user (its session cookie). */
async function pageAs(user: TestUser) {
  const page = await e2e.newPage();
  const [name, value] = user.cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: e2e.url }]);
  // As a user past the guided tours (e2e/tours.test.ts covers them): none covers the screens here.
  for (const tourId of TOUR_IDS) expect((await page.request.post(`/api/v1/onboarding/tours?tourId=${tourId}`)).ok()).toBe(true);
  return page;
}

const figure = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** Opens Bulk Enrich on the search screen for emails only and answers the credits per prospect it shows. */
async function emailCreditsPerProspect(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Prospect Search' }).click();
  await page.getByRole('table', { name: 'Prospects' }).locator('tbody tr').nth(1).waitFor();
  await page.getByRole('button', { name: 'Bulk Enrich' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Enrich' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('checkbox', { name: 'Phone' }).uncheck();
  await dialog.getByLabel('Number of prospects').fill('10');
  await expect.poll(async () => figure(await dialog.getByTestId('maximum-credits').innerText()) % 10).toBe(0);
  const perProspect = figure(await dialog.getByTestId('maximum-credits').innerText()) / 10;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return perProspect;
}

async function choosePreference(page: Page, label: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Accounts' }).click();
  await page.getByRole('radio', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expectToast(page, ENRICHMENT_PREFERENCE_MESSAGES.saved);
}

describe('Settings → Accounts', () => {
  it('shows its four sections, and a changed enrichment preference changes the Bulk Enrich maximum at once', async () => {
    const page = await pageAs(team.admin);
    await page.goto('/settings?tab=accounts');
    for (const title of ['Enrichment Preferences', 'Email Accounts', 'LinkedIn Accounts', 'Power Dialer Numbers']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    for (const title of ['LinkedIn Accounts', 'Power Dialer Numbers']) {
      await page.getByRole('region', { name: title }).getByText('Not set up on this server yet.').waitFor();
    }
    // A new team enriches work emails with the premium database (spec §9: 50 per email).
    expect(await page.getByRole('radio', { name: 'Work emails + Premium database' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save preferences' }).isDisabled()).toBe(true);

    expect(await emailCreditsPerProspect(page)).toBe(50);
    await choosePreference(page, 'Personal emails + Premium database');
    expect(await emailCreditsPerProspect(page)).toBe(100);
    await choosePreference(page, 'Work emails');
    expect(await emailCreditsPerProspect(page)).toBe(25);

    // Saved for the whole team: the member's dialog prices the same.
    const member = await pageAs(team.member);
    await openSearch(member);
    expect(await emailCreditsPerProspect(member)).toBe(25);
  });
});

describe('Settings tabs per role (spec/settings.md §6)', () => {
  const roles: Array<[Permission, () => TestUser]> = [
    ['TEAM_OWNER', () => team.owner],
    ['TEAM_ADMIN', () => team.admin],
    ['TEAM_MEMBER', () => team.member],
  ];

  it.each(roles)('lists exactly the allowed tabs in the user menu and on the page for %s', async (permission, user) => {
    const page = await pageAs(user());
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    // The menu's items render after its opening transition: read them once the last one is there.
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    const allowed = settingsTabsFor(permission).map((tab) => tab.label);
    const items = (await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    expect(items).toEqual([...allowed, 'Replay tours', 'Sign Out']);
    await page.keyboard.press('Escape');

    await page.goto('/settings?tab=company');
    await page.getByRole('tab').first().waitFor();
    expect((await page.getByRole('tab').allInnerTexts()).map((text) => text.trim())).toEqual(allowed);
    for (const tab of SETTINGS_TABS.filter((entry) => !allowed.includes(entry.label))) {
      await page.goto(`/settings?tab=${tab.tab}`);
      await page.getByText("You don't have access to this settings area.").waitFor();
    }
  });

  it('fits every tab in 1280 and 1440 pixels without cutting anything off, and says plainly what is not set up', async () => {
    const page = await pageAs(team.owner);
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.goto('/settings?tab=website');
    await page.getByRole('region', { name: 'Website visitor tracking' }).getByText('Not set up on this server yet.').waitFor();

    const overflow: string[] = [];
    for (const { tab } of SETTINGS_TABS) {
      await page.goto(`/settings?tab=${tab}`);
      await page.getByRole('tabpanel').waitFor();
      await expect.poll(() => page.locator('.mantine-Loader-root').count()).toBe(0);
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        // Wider than the window: the page scrolls sideways and its right edge is cut off.
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (sideways > 0) overflow.push(`${tab} at ${width}px: ${sideways}px too wide`);
        // Clipped inside the tab: a table that scrolls sideways, a label cut short.
        const clipped = await page.getByRole('tabpanel').evaluate((panel) =>
          [panel, ...Array.from(panel.querySelectorAll('*'))]
            .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && el.textContent?.trim())
            .map((el) => `${el.className || el.tagName}: ${(el.textContent ?? '').slice(0, 40)}`),
        );
        for (const what of clipped) overflow.push(`${tab} at ${width}px: ${what}`);
        await page.screenshot({ path: path.join(ARTIFACTS, `settings-${tab}-${width}.png`), fullPage: true });
      }
    }
    expect(overflow).toEqual([]);
  });
});
