import { SAVED_SEARCH_DUPLICATE, SEARCH_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast } from './support/app.js';
import {
  appliedBadge,
  chooseOption,
  columnTexts,
  filterSidebar,
  useSearchScreen,
} from './support/search.js';

describe('prospect search: saved searches and autocomplete', () => {
  const { searchScreen } = useSearchScreen();

  async function saveSearchAs(page: Page, name: string) {
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    return dialog;
  }

  it('saves the filters under a name and applies them again from the picker', async () => {
    const page = await searchScreen();
    const sidebar = filterSidebar(page);
    await chooseOption(page, 'Job Level', 'Director');
    await sidebar.getByRole('button', { name: 'Exclude United States' }).click();

    const dialog = await saveSearchAs(page, 'Directors abroad');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, SEARCH_MESSAGES.searchSaved);
    await dialog.waitFor({ state: 'hidden' });

    await sidebar.getByRole('button', { name: 'Clear all' }).click();
    await sidebar.getByText('0 filters applied').waitFor();
    await expect(sidebar.getByRole('button', { name: 'Remove Director' }).count()).resolves.toBe(0);

    await sidebar.getByRole('combobox', { name: 'Saved searches' }).click();
    await page.getByRole('option', { name: 'Directors abroad' }).click();
    await sidebar.getByText('2 filters applied').waitFor();
    await sidebar.getByRole('button', { name: 'Remove Director' }).waitFor();
    await sidebar.getByRole('button', { name: 'Include United States' }).waitFor();
    // Choosing a saved search also runs it.
    await expect
      .poll(async () => {
        const locations = await columnTexts(page, 'Location');
        return locations.length > 0 && locations.every((l) => !l.includes('United States'));
      }, { timeout: 10_000 })
      .toBe(true);
  });

  it('warns about a name already taken, ignoring case, and says so again if the server refuses it', async () => {
    const page = await searchScreen();
    const dialog = await saveSearchAs(page, 'Engineers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, SEARCH_MESSAGES.searchSaved);
    await dialog.waitFor({ state: 'hidden' });

    await saveSearchAs(page, '  ENGINEERS ');
    await dialog.getByRole('alert').filter({ hasText: SAVED_SEARCH_DUPLICATE }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Engineers 2');
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The server enforces it too, with the same message.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/search/save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'engineers', filters: {} }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(SAVED_SEARCH_DUPLICATE);
  });

  it('requires a name', async () => {
    const page = await searchScreen();
    const dialog = await saveSearchAs(page, '   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A name is required').waitFor();
  });

  it('offers job titles from the database for a typed prefix, and says when none match', async () => {
    const page = await searchScreen();
    const input = filterSidebar(page).getByRole('combobox', { name: 'Job Title', exact: true });
    await input.fill('softw');
    const list = page.getByRole('listbox', { name: 'Job Title options' });
    const options = list.getByRole('option');
    await options.first().waitFor();
    for (const option of await options.allInnerTexts()) expect(option.toLowerCase()).toContain('softw');
    await page.getByRole('option', { name: 'Software Engineer', exact: true }).click();
    await filterSidebar(page).getByRole('button', { name: 'Exclude Software Engineer' }).waitFor();

    await input.fill('zzqxjv');
    await list.getByText(SEARCH_MESSAGES.noOptions).waitFor();
  });

  it('adds a typed job title on Enter and searches with it', async () => {
    const page = await searchScreen();
    const input = filterSidebar(page).getByRole('combobox', { name: 'Job Title', exact: true });
    await input.fill('data engineer');
    await input.press('Enter');
    await filterSidebar(page).getByRole('button', { name: 'Remove data engineer' }).waitFor();
    await appliedBadge(page).filter({ hasText: '2 filters applied' }).waitFor();
    await expect
      .poll(async () => {
        const titles = await columnTexts(page, 'Title');
        return titles.length > 0 && titles.every((t) => /data engineer/i.test(t));
      }, { timeout: 10_000 })
      .toBe(true);
  });
});
