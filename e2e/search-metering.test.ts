import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { filterSidebar, openSearch, runSearch, useSearchScreen } from './support/search.js';

const isCreditsInfo = (url: string) => new URL(url).pathname === '/analytics/getCreditsInfo';
const isSearch = (url: string) => new URL(url).pathname === '/search/contacts';

/**
 * Calls `act`, then waits until the balance has been fetched again after the last search answer
 * it caused, so the footer shows the balance after the search (not one read before it).
 */
async function afterBalanceRefresh(page: Page, act: () => Promise<void>) {
  let lastSearch = 0;
  let lastCredits = 0;
  let tick = 0;
  const seen = (response: { url(): string }) => {
    tick += 1;
    if (isSearch(response.url())) lastSearch = tick;
    if (isCreditsInfo(response.url())) lastCredits = tick;
  };
  page.on('response', seen);
  try {
    await act();
    await expect.poll(() => lastSearch > 0 && lastCredits > lastSearch, { timeout: 15_000 }).toBe(true);
  } finally {
    page.off('response', seen);
  }
}

describe('what searching costs, as the screen shows it', () => {
  const { signedInPage } = useSearchScreen();

  it('opens for free, shows the cost on the Search button, charges a search once and its next pages nothing', async () => {
    const page = await signedInPage();
    const sidebar = filterSidebar(page);
    const footer = sidebar.getByTestId('credits-footer');
    const cost = sidebar.getByTestId('search-cost');
    const balance = async () => (await footer.innerText()).match(/([\d,]+) \/ [\d,]+ credits/)?.[1];

    // The search the screen runs by itself when it opens is free, however often it opens.
    await afterBalanceRefresh(page, () => openSearch(page));
    expect(await balance()).toBe('15,000');
    await afterBalanceRefresh(page, () => openSearch(page));
    expect(await balance()).toBe('15,000');
    expect(await cost.textContent()).toBe('5 credits');
    expect(await sidebar.getByRole('button', { name: 'Search', exact: true }).getAttribute('aria-describedby')).toBeTruthy();

    // A new set of filters is a new search: 5 credits, once.
    await sidebar.getByRole('button', { name: 'Exclude United States' }).click();
    await afterBalanceRefresh(page, () => runSearch(page));
    await footer.getByText('14,995 / 15,000 credits').waitFor();
    expect(await cost.textContent()).toBe('Free');

    // Its next pages, and the same search again, cost nothing.
    const range = page.getByTestId('page-range');
    await afterBalanceRefresh(page, () => page.getByRole('button', { name: 'Next' }).click());
    await range.getByText(/^Page 2 /).waitFor();
    await afterBalanceRefresh(page, () => page.getByRole('button', { name: 'Next' }).click());
    await range.getByText(/^Page 3 /).waitFor();
    expect(await balance()).toBe('14,995');
    await afterBalanceRefresh(page, () => runSearch(page));
    await range.getByText(/^Page 1 /).waitFor();
    expect(await balance()).toBe('14,995');

    // Changing the filters again shows the cost again.
    await sidebar.getByRole('button', { name: 'Include United States' }).click();
    await expect.poll(() => cost.textContent()).toBe('5 credits');
  });
});
