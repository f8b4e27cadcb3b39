import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  columnHeaders,
  columnTexts,
  filterSidebar,
  resultsTable,
  showResults,
  useSearchScreen,
} from './support/search.js';

describe('prospect search: filters, results and paging', () => {
  const { signedInPage, searchScreen } = useSearchScreen();

  it('opens from the sidebar with people in the United States, and finds filters by name', async () => {
    const page = await signedInPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Prospect Search' }).click();
    await resultsTable(page).locator('tbody tr').nth(1).waitFor();
    const sidebar = filterSidebar(page);
    await sidebar.getByText('1 filter applied').waitFor();
    await sidebar.getByRole('button', { name: 'Exclude United States' }).waitFor();
    expect(await page.getByTestId('results-total').innerText()).toMatch(/^[\d,]+\+? results$/);
    for (const location of await columnTexts(page, 'Location')) expect(location).toMatch(/United States$/);

    // 'Mobile Phone' sits under "More filters", which opens by itself.
    await expect(sidebar.getByRole('checkbox', { name: 'Mobile Phone' }).isVisible()).resolves.toBe(false);
    await sidebar.getByRole('textbox', { name: 'Find a filter' }).fill('phone');
    await sidebar.getByText('1 filter matches: Mobile Phone').waitFor();
    await sidebar.getByRole('checkbox', { name: 'Mobile Phone' }).waitFor();
  });

  it('includes a job level and excludes a country, searching on Enter', async () => {
    const page = await searchScreen();
    const sidebar = filterSidebar(page);
    await chooseOption(page, 'Job Level', 'VP');
    await sidebar.getByRole('button', { name: 'Exclude United States' }).click();
    await sidebar.getByRole('button', { name: 'Include United States' }).waitFor();
    await sidebar.getByText('2 filters applied').waitFor();
    await sidebar.getByRole('textbox', { name: 'Full Name' }).press('Enter');

    await expect
      .poll(async () => (await columnTexts(page, 'Location')).some((l) => l.includes('United States')), { timeout: 10_000 })
      .toBe(false);
    const titles = await columnTexts(page, 'Title');
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/\b(vp|vice president)\b/i);
  });

  it('clamps a negative range entry to 0', async () => {
    const page = await searchScreen();
    const sidebar = filterSidebar(page);
    await sidebar.getByRole('button', { name: /^Company/ }).click();
    const min = sidebar.getByRole('textbox', { name: 'Actual Employee Range minimum' });
    await min.fill('-5');
    await min.blur();
    await expect.poll(() => min.inputValue()).toBe('0');
  });

  it('pages forward with scroll tokens and back from the loaded pages', async () => {
    const page = await searchScreen();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/search/contacts') searches.push(request.url());
    });
    const firstNames = async () => (await columnTexts(page, 'Name')).join('|');
    const range = page.getByTestId('page-range');
    const page1 = await firstNames();

    await page.getByRole('button', { name: 'Next' }).click();
    await range.getByText(/^Page 2 · rows 26–50$/).waitFor();
    const page2 = await firstNames();
    expect(page2).not.toBe(page1);
    await page.getByRole('button', { name: 'Next' }).click();
    await range.getByText(/^Page 3 /).waitFor();
    expect(searches).toHaveLength(2);

    await page.getByRole('button', { name: 'Previous' }).click();
    await range.getByText(/^Page 2 /).waitFor();
    expect(await firstNames()).toBe(page2);
    await page.getByRole('button', { name: 'Previous' }).click();
    await range.getByText(/^Page 1 /).waitFor();
    expect(await firstNames()).toBe(page1);
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);

    // Pages already loaded are shown again without asking the server.
    await page.getByRole('button', { name: 'Next' }).click();
    await range.getByText(/^Page 2 /).waitFor();
    expect(await firstNames()).toBe(page2);
    expect(searches).toHaveLength(2);
  });

  it('keeps the selection across pages and resets it on a new search', async () => {
    const page = await searchScreen();
    const count = page.getByTestId('selection-count');
    await resultsTable(page).getByRole('checkbox').nth(1).check();
    await resultsTable(page).getByRole('checkbox').nth(2).check();
    await count.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('page-range').getByText(/^Page 2 /).waitFor();
    await count.getByText('2 selected').waitFor();

    await filterSidebar(page).getByRole('button', { name: 'Search', exact: true }).click();
    await count.getByText('0 selected').waitFor();
    await page.getByTestId('page-range').getByText(/^Page 1 /).waitFor();
  });

  it('offers the three enrich choices of the spec on each row', async () => {
    const page = await searchScreen();
    await resultsTable(page).getByRole('button', { name: /^Enrich / }).first().click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Phone and email', 'Phone', 'Email']);
  });

  it('shows companies with the five columns of the spec', async () => {
    const page = await searchScreen();
    await showResults(page, 'Companies');
    await resultsTable(page, 'Companies').locator('tbody tr').nth(1).waitFor();
    expect((await columnHeaders(page, 'Companies')).map((h) => h.trim())).toEqual([
      '', // the selection checkbox
      'Name',
      'Industry',
      'Revenue Range',
      'Country',
      'Headcount',
    ]);
    expect(await page.getByTestId('results-total').innerText()).toMatch(/^[\d,]+\+? results?$/);
  });

  it('collapses the filter sidebar to 58px and opens it again at 350px', async () => {
    const page = await searchScreen();
    const width = async () => (await filterSidebar(page).boundingBox())?.width;
    await expect.poll(width).toBe(350);
    await filterSidebar(page).getByRole('button', { name: 'Collapse filters' }).click();
    await expect.poll(width).toBe(58);
    await filterSidebar(page).getByRole('button', { name: 'Show filters (1 applied)' }).waitFor();
    await filterSidebar(page).getByRole('button', { name: 'Expand filters', exact: true }).click();
    await expect.poll(width).toBe(350);
  });
});

