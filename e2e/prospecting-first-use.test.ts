import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast } from './support/app.js';
import { dataTable, listRow, tableColumn, typeListName } from './support/lists.js';
import { resultsTable, useSearchScreen } from './support/search.js';

const COPIED = 'Copied to clipboard!';

/** True when the element lies wholly inside the visible part of the table's scrolling box. */
async function inSight(table: Locator, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const frame = await table.evaluate((node) => {
    let parent = node.parentElement;
    while (parent && getComputedStyle(parent).overflowX === 'visible') parent = parent.parentElement;
    const r = (parent ?? node).getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  return !!box && box.x >= frame.left - 0.5 && box.x + box.width <= frame.right + 0.5 && box.x + box.width <= (await table.page().viewportSize())!.width;
}

/** Enriches the emails of the first rows until one is found; answers its row. */
async function enrichAnEmail(page: Page): Promise<Locator> {
  const table = resultsTable(page);
  for (let i = 0; i < 6; i++) {
    await table.locator('tbody tr').nth(i).getByRole('button', { name: /^Enrich / }).click();
    await page.getByRole('menuitem', { name: 'Email', exact: true }).click();
    const found = table.locator('tbody tr').nth(i).getByTestId('contact-value');
    const done = await found.or(table.locator('tbody tr').nth(i).getByText('No emails found')).first().waitFor().then(() => found.count());
    if (done > 0) return table.locator('tbody tr').nth(i);
  }
  throw new Error('No email found in the first rows');
}

async function expectContactsInSight(table: Locator) {
  const values = await table.getByTestId('contact-value').all();
  expect(values.length).toBeGreaterThan(0);
  // Polled: the table lays itself out again after a change of viewport width.
  for (const value of values) {
    await expect.poll(() => inSight(table, value), { timeout: 5_000 }).toBe(true);
    // The status badge is whole, not cut to 'V.' or 'VE…'.
    const badge = value.locator('.mantine-Badge-root').first();
    await expect.poll(() => badge.evaluate((node) => node.scrollWidth <= node.clientWidth + 1), { timeout: 5_000 }).toBe(true);
  }
}

describe('prospecting as a new user first meets it', () => {
  const screen = useSearchScreen();

  it('shows found emails in sight at 1280 and 1440 px, in search and in list detail, each with a copy action', async () => {
    const page = await screen.searchScreen();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const row = await enrichAnEmail(page);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectContactsInSight(resultsTable(page));
    }
    const email = (await row.getByTestId('contact-value').first().innerText()).split('\n')[0]!.trim();
    await row.getByRole('button', { name: `Copy ${email}` }).click();
    await expectToast(page, COPIED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email);

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save List' }).click();
    const save = page.getByRole('dialog', { name: 'Save List' });
    await typeListName(save, 'Found emails');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prospects saved to your list successfully!');
    await page.goto('/prospects/lists');
    await listRow(page, 'Found emails').getByRole('link', { name: 'Found emails' }).click();
    await dataTable(page, 'Prospects').getByText(email, { exact: true }).waitFor();
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectContactsInSight(dataTable(page, 'Prospects'));
    }
    await dataTable(page, 'Prospects').getByRole('button', { name: `Copy ${email}` }).click();
    await expectToast(page, COPIED);
  });

  it('writes lower-case names, titles and companies in list detail as search does', async () => {
    const page = await screen.searchScreen();
    const rows = resultsTable(page).locator('tbody tr');
    for (const i of [0, 1, 2]) await rows.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save List' }).click();
    const save = page.getByRole('dialog', { name: 'Save List' });
    await typeListName(save, 'Cased');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prospects saved to your list successfully!');
    await page.goto('/prospects/lists');
    await listRow(page, 'Cased').getByRole('link', { name: 'Cased' }).click();
    await dataTable(page, 'Prospects').locator('tbody tr').nth(2).waitFor();
    for (const header of ['Name', 'Title', 'Company', 'Location']) {
      const texts = (await tableColumn(page, 'Prospects', header)).map((t) => t.split('\n')[0]!.trim()).filter((t) => t !== '—');
      expect(texts.length, header).toBeGreaterThan(0);
      // The database keeps these lower-case: each is shown starting with a capital, as search shows it.
      for (const text of texts) expect(text[0], `${header}: ${text}`).toBe(text[0]!.toUpperCase());
    }
  });

  it('Home describes what exists, and a CRM page with that CRM not connected goes back to the settings', async () => {
    const page = await screen.signedInPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Prospect Search' }).last().waitFor();
    expect(await page.getByText(/Prospecting.*not built yet/).count()).toBe(0);
    for (const crm of ['hubspot', 'salesforce']) {
      await page.goto(`/settings/${crm}`);
      await page.waitForURL((url) => url.pathname === '/settings');
    }
  });

  it('a failed Zapier Test Trigger says so in one toast', async () => {
    const page = await screen.signedInPage();
    await page.route('**/api/v1/integrations/zapier/testtrigger', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'VENDOR_UNAVAILABLE', message: 'zapier: The webhook could not be reached (connection refused)' } }) }),
    );
    await page.goto('/settings/zapier');
    await page.getByLabel('Webhook URL').fill('https://hooks.zapier.com/hooks/catch/123456/abcdef/');
    await page.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, 'Webhook added successfully!');
    await page.evaluate(() => document.querySelectorAll('.mantine-Notification-root button').forEach((b) => (b as HTMLButtonElement).click()));
    await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
    await page.getByRole('button', { name: 'Test Trigger' }).click();
    const toasts = page.locator('.mantine-Notification-root');
    await toasts.first().waitFor();
    await page.waitForTimeout(800);
    expect(await toasts.count()).toBe(1);
  });

  it('separates thousands in table ranges and keeps the list type badges off the Records figures', async () => {
    const page = await screen.searchScreen();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Save List' }).waitFor();
    await resultsTable(page).locator('tbody tr').first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save List' }).click();
    const save = page.getByRole('dialog', { name: 'Save List' });
    await typeListName(save, 'Badges');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prospects saved to your list successfully!');
    await page.goto('/prospects/lists');
    const row = listRow(page, 'Badges');
    const badges = await row.getByTestId('list-type').boundingBox();
    const records = await row.locator('td').nth(2).boundingBox();
    expect(badges!.x + badges!.width).toBeLessThanOrEqual(records!.x + 1);

    // A list of 20,000 (its answer enlarged here: building one would take the test's time).
    await page.route('**/api/v1/lists/*', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      const body = await response.json();
      if (body?.data?.total === undefined) return route.fulfill({ response });
      await route.fulfill({ response, json: { ...body, data: { ...body.data, total: 20_000 } } });
    });
    await row.getByRole('link', { name: 'Badges' }).click();
    await page.getByText('1–20 of 20,000', { exact: true }).waitFor();
  });
});
