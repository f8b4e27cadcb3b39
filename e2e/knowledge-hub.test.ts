import fs from 'node:fs';
import path from 'node:path';
import { KNOWLEDGE_MESSAGES } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxWith, startKnowledgeSite } from '../apps/server/src/test/knowledge-site.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';

// A loopback website is crawled for real (OUTBOUND_ALLOW_PRIVATE on, as self-hosters with an
// intranet site would set it); the dialog's attachment is read by the server.

const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
let site: Awaited<ReturnType<typeof startKnowledgeSite>>;

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  site = await startKnowledgeSite({ pageCount: 6 });
});
afterAll(() => site?.close());

describe('Knowledge hub settings', () => {
  const e2e = useE2E({ config: { outboundAllowPrivate: true } });

  it('creates a profile in the 2-step dialog, shows its crawl progress, and lists what was read', async () => {
    const page = await e2e.newPage();
    await signUp(page, newUser({ email: 'kim@knowledge.test', name: 'Kim Knowledge' }));
    await page.goto('/settings/knowledge-hub');
    await page.getByText('No results.').waitFor();

    await page.getByRole('button', { name: 'Create Knowledge Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Knowledge Profile' });
    const next = dialog.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel('Profile name').fill('Acme knowledge');
    const urlInput = dialog.getByLabel('Website URLs');
    await urlInput.fill('not a domain');
    await urlInput.press('Enter');
    await dialog.getByText(KNOWLEDGE_MESSAGES.invalidDomain).waitFor();
    await urlInput.fill(site.origin);
    await urlInput.press('Enter');
    await urlInput.fill(`${site.origin}/`);
    await urlInput.press('Enter');
    await dialog.getByText(KNOWLEDGE_MESSAGES.duplicateDomain).waitFor();
    await urlInput.fill('');
    await dialog.getByLabel('scrape up to 100 subpages').check();
    await next.click();

    await dialog.getByLabel('Additional context').fill('We sell rocket skates to warehouses.');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Attach .pdf or .docx' }).click();
    await (await chooser).setFiles({ name: 'brochure.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await docxWith('Onboarding takes two weeks.') });
    await dialog.getByText('brochure.docx').waitFor();
    await screenshot(page, 'knowledge-dialog-step-2');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByLabel('Profile name').waitFor();
    await next.click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, KNOWLEDGE_MESSAGES.createStarted);

    const row = page.getByRole('row').filter({ hasText: 'Acme knowledge' });
    await row.getByText('Default').waitFor();
    await row.getByText('ready').waitFor({ timeout: 60_000 });
    // The context, the attachment, the root, 6 pages, the site's PDF and DOCX.
    expect(await row.locator('td').nth(3).innerText()).toBe('11');
    await screenshot(page, 'knowledge-profiles');

    await row.getByRole('link', { name: 'Acme knowledge' }).click();
    await page.getByText('Sources read (11)').waitFor();
    await page.getByRole('link', { name: 'guide.pdf' }).waitFor();
    await page.getByRole('link', { name: 'Feature 6' }).waitFor();
    await screenshot(page, 'knowledge-profile');
  });
});
