import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast } from './support/app.js';
import { listRow, typeListName } from './support/lists.js';
import { resultsTable, useSearchScreen } from './support/search.js';

const figure = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function openBulkEnrich(page: Page) {
  await page.getByRole('button', { name: 'Bulk Enrich' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Enrich' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Number of prospects').waitFor();
  return dialog;
}

describe('Bulk Enrich dialog as a new user meets it', () => {
  const screen = useSearchScreen();

  it('unticking and ticking Phone or Email again keeps the dialog (no crash)', async () => {
    const page = await screen.searchScreen();
    const dialog = await openBulkEnrich(page);
    for (const channel of ['Phone', 'Email']) {
      const box = dialog.getByRole('checkbox', { name: channel });
      await box.uncheck();
      await box.check();
      expect(await box.isChecked()).toBe(true);
    }
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await dialog.getByTestId('maximum-credits').waitFor();
  });

  it('opens at what the balance pays for, shows the balance, and warns when the maximum exceeds it', async () => {
    const page = await screen.searchScreen();
    const dialog = await openBulkEnrich(page);
    const balanceText = dialog.getByTestId('credits-balance');
    await balanceText.waitFor();
    const balance = figure(await balanceText.innerText());
    const count = Number(await dialog.getByLabel('Number of prospects').inputValue());
    const maximum = figure(await dialog.getByTestId('maximum-credits').innerText());
    const perProspect = maximum / count;
    expect(maximum).toBeLessThanOrEqual(balance);
    // Room is kept for the search run (5 credits) that taking people from the search may cost.
    expect(count).toBe(Math.floor((balance - 5) / perProspect));
    expect(await dialog.getByTestId('over-balance').count()).toBe(0);

    // Unticking Phone makes each prospect cheaper: the default count follows.
    await dialog.getByRole('checkbox', { name: 'Phone' }).uncheck();
    await expect.poll(async () => Number(await dialog.getByLabel('Number of prospects').inputValue())).toBeGreaterThan(count);

    await dialog.getByLabel('Number of prospects').fill('1000');
    await dialog.getByTestId('over-balance').getByText(/more than your balance/).waitFor();
  });

  it('a page that fails keeps the sidebar and header and offers a retry that works', async () => {
    const page = await screen.signedInPage();
    // An answer the page cannot render (a name that is an object): React throws while rendering.
    const broken = { _id: 'broken', name: { not: 'text' }, entityType: 'contactList', contacts: 1, companies: 0 };
    await page.route('**/api/v1/lists/getAll*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: { lists: [broken], total: 1, createdByData: [] } }) }),
    );
    await page.goto('/prospects/lists');
    await page.getByRole('heading', { name: 'This page ran into a problem' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Prospect Search' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).waitFor();

    await page.unroute('**/api/v1/lists/getAll*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Prospect Lists' }).waitFor();
    expect(await page.getByRole('heading', { name: 'This page ran into a problem' }).count()).toBe(0);
  });

  it('"Bulk enrich this list" proposes the list itself, with its picker closed', async () => {
    const page = await screen.searchScreen();
    for (const checkbox of (await resultsTable(page).locator('tbody tr').all()).slice(0, 2)) await checkbox.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save List' }).click();
    const save = page.getByRole('dialog', { name: 'Save List' });
    await typeListName(save, 'Picked two');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Prospects saved to your list successfully!');
    await page.goto('/prospects/lists');
    await listRow(page, 'Picked two').getByRole('link', { name: 'Picked two' }).click();
    await page.getByRole('button', { name: 'Bulk enrich' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk enrich this list' });
    await dialog.getByTestId('list-choice').getByText("Adds to the existing list 'Picked two' (2 prospects).").waitFor();
    expect(await dialog.getByLabel('List', { exact: true }).inputValue()).toBe('Picked two');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Enrich', exact: true }).click({ trial: true });
  });
});
