import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { newUser, signUp, type NewUser } from './app.js';
import { useE2E } from './harness.js';

/** Demo people the search tests load: enough for several pages and every filter. */
export const SEARCH_PEOPLE = 3000;

export function resultsTable(page: Page, name: 'Prospects' | 'Companies' = 'Prospects') {
  return page.getByRole('table', { name });
}

/**
 * Signs a user up once and returns a way to open more pages in that session: the session cookie
 * is copied into each new page's context, which skips the (deliberately slow) password check.
 */
export async function signedUpSession(page: Page, user: NewUser) {
  await signUp(page, user);
  const cookies = await page.context().cookies();
  return async (next: Page) => {
    await next.context().addCookies(cookies);
    return next;
  };
}

/** Opens the search screen and waits for the first page of the default search. */
export async function openSearch(page: Page) {
  await page.goto('/prospects/search');
  await resultsTable(page).locator('tbody tr').nth(1).waitFor();
}

/** The header texts of a results table. */
export function columnHeaders(page: Page, table: 'Prospects' | 'Companies') {
  return resultsTable(page, table).locator('thead th').allInnerTexts();
}

/** The texts of one column (found by its header) on the page on screen. */
export async function columnTexts(page: Page, header: string, table: 'Prospects' | 'Companies' = 'Prospects') {
  const headers = (await columnHeaders(page, table)).map((h) => h.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} in ${headers.join(', ')}`);
  return resultsTable(page, table).locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
}

export function filterSidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Search filters' });
}

/** Picks an option of a multi-select filter from its dropdown. */
export async function chooseOption(page: Page, filter: string, option: string, typed?: string) {
  const input = filterSidebar(page).getByRole('combobox', { name: filter, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function runSearch(page: Page) {
  await filterSidebar(page).getByRole('button', { name: 'Search', exact: true }).click();
}

/** The 'N filters applied' badge. */
export function appliedBadge(page: Page) {
  return filterSidebar(page).getByText(/^\d+ filters? applied$/);
}

/** Switches the results between People and Companies. */
export async function showResults(page: Page, view: 'People' | 'Companies') {
  await page.locator('label').filter({ hasText: new RegExp(`^${view}$`) }).click();
}

/**
 * For one test file: a server with the demo people and one signed-up user; each test takes a
 * fresh signed-in page, or one already on the search screen.
 */
export function useSearchScreen() {
  const e2e = useE2E({ people: SEARCH_PEOPLE });
  let inSession: (page: Page) => Promise<Page>;
  beforeAll(async () => {
    inSession = await signedUpSession(await e2e.newPage(), newUser());
  });
  const signedInPage = async () => inSession(await e2e.newPage());
  const searchScreen = async () => {
    const page = await signedInPage();
    await openSearch(page);
    return page;
  };
  return { signedInPage, searchScreen };
}

