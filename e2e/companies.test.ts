import { LISTS_MESSAGES, NOT_APPLIED_TO_COMPANIES } from '@leadline/shared';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newUser } from './support/app.js';
import { useE2E } from './support/harness.js';
import { chooseFile, csvFile, dataTable, rawFile, typeListName, waitForRows } from './support/lists.js';
import { columnTexts, filterSidebar, openSearch, resultsTable, runSearch, signedUpSession } from './support/search.js';

/** Enough demo people for companies headquartered in several countries. */
const PEOPLE = 3000;
const SHOTS = path.resolve(import.meta.dirname, 'artifacts');

/** Opens the Companies tab of the search screen and waits for its first rows. */
async function openCompanies(page: Page) {
  await openSearch(page);
  await page.getByRole('radiogroup', { name: 'Results view' }).getByText('Companies', { exact: true }).click();
  await resultsTable(page, 'Companies').locator('tbody tr').nth(1).waitFor();
  await expect.poll(() => page.getByTestId('results-total').innerText()).toMatch(/\d/);
}

/** How many pixels of the last column's header text lie beyond the right edge of the table's scrolling box. */
const hiddenSideways = (page: Page) =>
  resultsTable(page, 'Companies').evaluate((table) => {
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    const range = document.createRange();
    range.selectNodeContents(table.querySelector('thead th:last-child')!);
    return range.getBoundingClientRect().right - (box ?? table).getBoundingClientRect().right;
  });

const totalOf = async (page: Page) => Number((await page.getByTestId('results-total').innerText()).replace(/[^\d]/g, ''));

describe('companies', () => {
  const e2e = useE2E({ people: PEOPLE });
  const cora = newUser({ name: 'Cora Company', email: 'cora@companies.test', companyName: 'Companyco' });
  let inSession: (page: Page) => Promise<Page>;

  beforeAll(async () => {
    inSession = await signedUpSession(await e2e.newPage(), cora);
  });
  const signedInPage = async () => inSession(await e2e.newPage());

  it('applies the United States filter to the headquarters and marks a people-only filter not applied', async () => {
    const page = await signedInPage();
    await openCompanies(page);
    const sidebar = filterSidebar(page);
    await expect.poll(() => sidebar.getByTestId('filters-applied').innerText()).toBe('1 filter applied');
    const countries = await columnTexts(page, 'Country', 'Companies');
    expect(countries.length).toBeGreaterThan(1);
    expect(new Set(countries)).toEqual(new Set(['United States']));
    const usTotal = await totalOf(page);

    // A person's name means nothing for a company: it is marked, not counted, and changes no row.
    await sidebar.getByRole('textbox', { name: 'Full Name' }).fill('Nobody Anywhere');
    const fullName = sidebar.locator('#filter-full_name');
    await fullName.getByText(NOT_APPLIED_TO_COMPANIES).waitFor();
    expect(await sidebar.locator('#filter-location_country').getByText(NOT_APPLIED_TO_COMPANIES).count()).toBe(0);
    expect(await sidebar.getByTestId('filters-applied').innerText()).toBe('1 filter applied');
    expect(await sidebar.getByTestId('filters-not-applied').innerText()).toBe('1 filter not applied to companies');
    await runSearch(page);
    await expect.poll(() => totalOf(page)).toBe(usTotal);
    // The Companies tab beside both panels: its five columns in sight (to the last header) without scrolling sideways.
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `companies-tab-${width}.png`) });
      await expect.poll(() => hiddenSideways(page)).toBeLessThanOrEqual(1);
    }

    // On the People tab the same filter applies and is counted.
    await page.getByRole('radiogroup', { name: 'Results view' }).getByText('People', { exact: true }).click();
    await expect.poll(() => sidebar.getByTestId('filters-applied').innerText()).toBe('2 filters applied');
    expect(await fullName.getByText(NOT_APPLIED_TO_COMPANIES).count()).toBe(0);

    // Without the country, companies from elsewhere come back.
    await page.getByRole('radiogroup', { name: 'Results view' }).getByText('Companies', { exact: true }).click();
    await sidebar.getByRole('button', { name: 'Clear all' }).click();
    await runSearch(page);
    await expect.poll(() => totalOf(page)).toBeGreaterThan(usTotal);

  });

  it('selects companies (rows, then the first N) and saves them to a company list', async () => {
    const page = await signedInPage();
    await openCompanies(page);
    const table = resultsTable(page, 'Companies');
    const names = (await columnTexts(page, 'Name', 'Companies')).map((n) => n.split('\n')[0]!.trim());
    await table.getByRole('checkbox', { name: `Select ${names[0]}`, exact: true }).check();
    await table.getByRole('checkbox', { name: `Select ${names[1]}`, exact: true }).check();
    await expect.poll(() => page.getByTestId('selection-count').innerText()).toBe('2 selected');

    await page.getByRole('button', { name: 'Save to list' }).click();
    let dialog = page.getByRole('dialog', { name: 'Save to list' });
    await dialog.getByText('2 companies selected.').waitFor();
    await typeListName(dialog, 'Target companies', 'Company list');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, LISTS_MESSAGES.companiesAdded(2));

    await page.getByRole('button', { name: 'Select first…' }).click();
    await page.getByRole('textbox', { name: 'Companies to select' }).fill('30');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await expect.poll(() => page.getByTestId('selection-count').innerText()).toBe('First 30 selected');
    await page.getByRole('button', { name: 'Save to list' }).click();
    dialog = page.getByRole('dialog', { name: 'Save to list' });
    await dialog.getByText('The first 30 companies of this search.').waitFor();
    await typeListName(dialog, 'Target companies', 'Company list');
    await dialog.getByTestId('list-choice').getByText(/^Adds to the existing list 'Target companies' \(2 companies\)/).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The two rows ticked first are among the first 30 (the same order), so 28 are new.
    await expectToast(page, LISTS_MESSAGES.companiesAdded(28));

    await page.goto('/prospects/lists');
    await dataTable(page, 'Lists').getByRole('link', { name: 'Target companies', exact: true }).click();
    await page.waitForURL(/\/prospects\/lists\/companies\//);
    await page.getByText(/ of 30$/).waitFor();
    const listId = page.url().split('/').at(-1)!;
    const saved = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v1/lists/${id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ limit: 100 }) });
      return ((await response.json()) as { data: { companies: Array<{ name: string }> } }).data.companies.map((c) => c.name.toLowerCase());
    }, listId);
    expect(saved).toHaveLength(30);
    expect(saved).toEqual(expect.arrayContaining([names[0]!.toLowerCase(), names[1]!.toLowerCase()]));
  });

  it('keeps uploaded company names the database does not hold, marked not found, and says how many matched', async () => {
    const page = await signedInPage();
    await page.goto('/prospects/lists');
    const known = await page.evaluate(async () => {
      const response = await fetch('/search/companies', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ params: { size: 1 } }) });
      return ((await response.json()) as { data: { response: { data: Array<{ name: string }> } } }).data.response.data[0]!.name;
    });

    await page.getByRole('button', { name: 'Upload companies' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload companies' });
    await chooseFile(dialog, csvFile('companies.csv', [['Company Names'], ['Stripe'], ['Airbnb'], ['Notion'], [known]]));
    await dialog.getByText('Uploaded · 4 rows').waitFor();
    await typeListName(dialog, 'Startups', 'Company list');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, LISTS_MESSAGES.companiesAdded(4));
    await expectToast(page, LISTS_MESSAGES.companiesMatched(1, 4, 3));
    expect(LISTS_MESSAGES.companiesMatched(1, 4, 3)).toBe('1 of 4 companies matched; 3 kept as not found');

    await page.waitForURL(/\/prospects\/lists\/companies\/[0-9a-f-]{36}$/);
    await waitForRows(page, 'Companies', 4);
    const rows = dataTable(page, 'Companies').locator('tbody tr');
    expect(await rows.filter({ hasText: 'Not found' }).count()).toBe(3);
    for (const name of ['Stripe', 'Airbnb', 'Notion']) expect(await rows.filter({ hasText: name }).filter({ hasText: 'Not found' }).count()).toBe(1);
  });

  it("says 'No company names found…' for a file with only its header", async () => {
    const page = await signedInPage();
    await page.goto('/prospects/lists');
    await page.getByRole('button', { name: 'Upload companies' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload companies' });
    await chooseFile(dialog, rawFile('header-only.csv', 'Company Names\r\n'));
    await dialog.getByText(/^Uploaded · /).waitFor();
    await typeListName(dialog, 'Header only', 'Company list');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('alert').filter({ hasText: LISTS_MESSAGES.companyNamesMissing }).waitFor();
    expect(await dialog.getByRole('alert').innerText()).not.toContain(LISTS_MESSAGES.fileEmpty);
    expect(LISTS_MESSAGES.companyNamesMissing).toBe('No company names found in the file. Please ensure your file has at least one company name!');
  });
});
