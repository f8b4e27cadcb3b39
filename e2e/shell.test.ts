import { MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, sidebarWidth, signIn, signUp } from './support/app.js';
import { expectBreadcrumbs } from './support/expect.js';
import { useE2E } from './support/harness.js';

const SIDEBAR_ITEMS = [
  'SalesGPT',
  'Insights',
  'Prospect Search',
  'Prospect Lists',
  'Campaigns',
  'Inbox',
  'Meet Transcripts',
  'Power Dialer',
  'Workflow Automation',
  'Website Intent',
  'Agents',
];

describe('app shell: sidebar and breadcrumbs', () => {
  const e2e = useE2E();
  const ann = newUser();

  beforeAll(async () => {
    await signUp(await e2e.newPage(), ann);
  });

  async function signedIn(): Promise<Page> {
    const page = await e2e.newPage();
    await signIn(page, ann);
    return page;
  }

  it('shows the company and every menu item of the spec, the unbuilt ones disabled with a notice', async () => {
    const page = await signedIn();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Acme', { exact: true }).waitFor();
    const built = ['SalesGPT', 'Insights', 'Prospect Search', 'Prospect Lists', 'Campaigns', 'Inbox', 'Agents'];
    for (const label of built) await nav.getByRole('link', { name: label, exact: true }).waitFor();
    for (const label of SIDEBAR_ITEMS.filter((item) => !built.includes(item))) {
      expect(await nav.getByRole('button', { name: label, exact: true }).getAttribute('aria-disabled')).toBe('true');
    }
    await nav.getByRole('button', { name: 'Power Dialer', exact: true }).hover();
    await page.getByRole('tooltip').filter({ hasText: MESSAGES.notBuiltYet }).waitFor();
  });

  it('collapses to 58px and expands to 350px, and remembers it after a reload', async () => {
    const page = await signedIn();
    await expect.poll(() => sidebarWidth(page)).toBe(350);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(58);
    // Icon-only items keep their names for assistive technology and show them in a tooltip.
    const dialer = page.getByRole('button', { name: 'Power Dialer', exact: true });
    await dialer.hover();
    await page.getByRole('tooltip').filter({ hasText: 'Power Dialer' }).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    await expect.poll(() => sidebarWidth(page)).toBe(58);

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(350);
    await page.reload();
    await page.getByRole('button', { name: 'Collapse sidebar' }).waitFor();
    await expect.poll(() => sidebarWidth(page)).toBe(350);
  });

  it('builds breadcrumbs from the path and the settings tab', async () => {
    const page = await signedIn();
    await expectBreadcrumbs(page, ['Home']);

    await page.goto('/prospects/lists');
    await expectBreadcrumbs(page, ['Prospect', 'Lists']);

    await page.goto('/engage/power-dialer/call-queue');
    await expectBreadcrumbs(page, ['Engage', 'Power Dialer', 'Call Queue']);
    await page.getByText(MESSAGES.notBuiltYet).waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Team' }).click();
    await expectBreadcrumbs(page, ['Settings', 'Team']);
    await page.getByRole('tab', { name: 'Company' }).click();
    await expectBreadcrumbs(page, ['Settings', 'Company']);
  });

  it("drops a page's own breadcrumb as soon as the path changes", async () => {
    const page = await signedIn();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectBreadcrumbs(page, ['Page not found']);

    // Client-side navigation: the layout, and so the breadcrumb state, stays mounted.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectBreadcrumbs(page, ['Home']);
  });
});
