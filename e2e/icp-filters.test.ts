import fs from 'node:fs';
import path from 'node:path';
import { ICP_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';
import { filterSidebar } from './support/search.js';

const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
}

async function pick(page: Page, label: string, option: string) {
  const dialog = page.getByRole('dialog', { name: 'Create ICP' });
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape'); // the open dropdown would cover the next field
}

describe('ICP filters on Settings → Company', () => {
  const e2e = useE2E({ people: 300 });

  it('creates an ICP with its match count, warns on a duplicate name, and applies it on the search screen', async () => {
    const page = await e2e.newPage();
    await signUp(page, newUser({ email: 'ivy@icp.test', name: 'Ivy Icp' }));
    await page.goto('/settings?tab=company');
    await page.getByText('No ICPs yet.').waitFor();

    await page.getByRole('button', { name: 'Create ICP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create ICP' });
    await dialog.getByRole('button', { name: 'Save ICP' }).click();
    await dialog.getByText(ICP_MESSAGES.nameRequired).waitFor();
    await dialog.getByText(ICP_MESSAGES.filterRequired).waitFor();
    await dialog.getByLabel('Name').fill('Sales Directors');
    await pick(page, 'Level', 'Director');
    await pick(page, 'Department', 'Sales');
    await dialog.getByRole('button', { name: 'Save ICP' }).click();
    await expectToast(page, ICP_MESSAGES.created);

    const row = page.getByRole('table', { name: 'ICPs' }).getByRole('row').filter({ hasText: 'Sales Directors' });
    await row.getByText('Level: Director').waitFor();
    const count = Number((await row.locator('td').nth(2).innerText()).replace(/[^\d]/g, ''));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(300);

    await page.getByRole('button', { name: 'Create ICP' }).click();
    await dialog.getByLabel('Name').fill('sales DIRECTORS');
    await dialog.getByText(ICP_MESSAGES.duplicate).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save ICP' }).isDisabled()).toBe(true);
    await screenshot(page, 'icp-duplicate');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'icp-table');

    await row.getByRole('button', { name: 'Apply Sales Directors on search' }).click();
    await page.waitForURL('**/prospects/search');
    const sidebar = filterSidebar(page);
    await sidebar.getByText('2 filters applied').waitFor();
    await sidebar.getByText('Director', { exact: true }).first().waitFor();
    await screenshot(page, 'icp-applied');

    // On the search screen itself: one pick in the sidebar fills the filters again.
    await sidebar.getByRole('button', { name: 'Clear all' }).click();
    await sidebar.getByText('0 filters applied').waitFor();
    await sidebar.getByRole('combobox', { name: 'Ideal customer profiles' }).click();
    await page.getByRole('option', { name: `Sales Directors · ${count.toLocaleString()} people` }).click();
    await sidebar.getByText('2 filters applied').waitFor();
    await sidebar.getByText('Director', { exact: true }).first().waitFor();
  });
});
