import fs from 'node:fs';
import path from 'node:path';
import { API_KEY_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';

const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
}

describe('API keys in Settings → API Cockpit', () => {
  const e2e = useE2E({ people: 200 });

  it('creates a key shown once, lists it masked, lets a script search with it, and refuses it once deleted', async () => {
    const page = await e2e.newPage();
    await signUp(page, newUser({ email: 'kim@keys.test', name: 'Kim Keys' }));
    await page.goto('/settings?tab=api_cockpit');
    await page.getByText('No API keys yet.').waitFor();

    await page.getByRole('button', { name: 'Create API key' }).click();
    await expectToast(page, API_KEY_MESSAGES.created);
    const field = page.getByRole('textbox', { name: 'New API key' });
    const key = await field.inputValue();
    expect(key).toMatch(/^ll_[\w-]{43}$/);
    await page.getByRole('region', { name: 'New API key' }).getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, API_KEY_MESSAGES.copied);
    const masked = `${key.slice(0, 4)}${'•'.repeat(8)}${key.slice(-4)}`;
    await page.getByRole('table', { name: 'API keys' }).getByText(masked).waitFor();
    await screenshot(page, 'api-cockpit-new-key');

    await page.reload();
    await page.getByRole('table', { name: 'API keys' }).getByText(masked).waitFor();
    expect(await page.getByRole('textbox', { name: 'New API key' }).count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    const search = () =>
      fetch(`${e2e.url}/search/contacts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ params: {} }),
      });
    const answer = await search();
    expect(answer.status).toBe(200);
    const found = (await answer.json()) as { data: { response: { data: unknown[] } } };
    expect(found.data.response.data.length).toBeGreaterThan(0);

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: masked });
    await expect.poll(async () => (await row.innerText()).includes('Never')).toBe(false);
    await screenshot(page, 'api-cockpit-list');
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete API key' });
    await dialog.getByText(masked).waitFor();
    await dialog.getByRole('button', { name: 'Delete key' }).click();
    await expectToast(page, API_KEY_MESSAGES.deleted);
    await page.getByText('No API keys yet.').waitFor();

    const refused = await search();
    expect(refused.status).toBe(401);
  });
});
