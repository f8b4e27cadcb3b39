import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';

const colorScheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

describe('colour scheme', () => {
  const e2e = useE2E();

  it('switches to dark mode and keeps it across reloads', async () => {
    const page = await e2e.newPage();
    await signUp(page, newUser());
    expect(await colorScheme(page)).toBe('light');

    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await expect.poll(() => colorScheme(page)).toBe('dark');

    await page.reload();
    // Read before the app renders: the saved scheme is applied before the first paint.
    await page.waitForLoadState('domcontentloaded');
    expect(await colorScheme(page)).toBe('dark');
    await page.getByRole('button', { name: 'Toggle color scheme' }).waitFor();
    expect(await colorScheme(page)).toBe('dark');

    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await expect.poll(() => colorScheme(page)).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Toggle color scheme' }).waitFor();
    expect(await colorScheme(page)).toBe('light');
  });
});
