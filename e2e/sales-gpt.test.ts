import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeople } from '../apps/server/src/test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// A SalesGPT conversation against a loopback chat-completions server: the scripted model asks
// to save a search to a list, the member confirms in the chat, and the list holds real people.

const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');
const FILTERS = { job_title_role: [{ label: 'Sales', value: 'sales', status: 'include' }], location_country: [{ label: 'Canada', value: 'canada', status: 'include' }] };

let chat: Awaited<ReturnType<typeof startChatCompletionsServer>>;
let t: TestApp;
let browser: Browser;
let page: Page;

async function screenshot(name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
  }
}

beforeAll(async () => {
  chat = await startChatCompletionsServer();
  t = await createTestApp({ config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model', maxRetries: 0 } } });
  await createPeople(t.ctx.db, [
    { id: 'e2e-sg-ann', full_name: 'ann lee', job_title: 'head of sales', job_title_role: 'sales', location_country: 'canada', job_company_name: 'globex' },
    { id: 'e2e-sg-bob', full_name: 'bob stone', job_title: 'account executive', job_title_role: 'sales', location_country: 'canada', job_company_name: 'initech' },
    { id: 'e2e-sg-cid', full_name: 'cid moss', job_title: 'engineer', job_title_role: 'engineering', location_country: 'canada' },
  ]);
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
  page = await openPage(browser, url);
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
  await chat?.close();
});

describe('SalesGPT', () => {
  it('saves a search to a list once the member confirms it in the chat', async () => {
    await signUp(page, newUser({ name: 'Gus Gpt', email: 'gus@gpt.test' }));
    chat.answer(
      { kind: 'stream', chunks: [{ content: 'I can save them. ' }, { toolCall: { index: 0, id: 'call_0', name: 'save_search_to_list', arguments: JSON.stringify({ filters: FILTERS, listName: 'Canada sales', limit: 50 }) } }], finishReason: 'tool_calls' },
      { kind: 'stream', chunks: [{ content: 'Done: the list ' }, { content: 'Canada sales holds 2 people.' }] },
    );
    await page.getByLabel('Message SalesGPT').fill('Save the sales people in Canada to a list');
    await page.getByRole('button', { name: 'Send' }).click();

    const card = page.getByTestId('tool-card').filter({ hasText: 'Save to a list' });
    await card.getByText('Save up to 50 people').waitFor();
    await card.getByText('location country: Canada').waitFor();
    // Nothing is saved before the member says yes.
    expect(await t.ctx.db.selectFrom('lists').select('id').where('name', '=', 'Canada sales').execute()).toEqual([]);
    await screenshot('sales-gpt-confirm');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Canada sales holds 2 people.').waitFor();
    const link = page.getByRole('link', { name: 'Canada sales' });
    await link.waitFor();
    await screenshot('sales-gpt-saved');

    // The conversation is kept: its title is the first message, and it survives a reload.
    await page.reload();
    await page.getByText('Canada sales holds 2 people.').waitFor();
    await page.getByRole('link', { name: 'Canada sales' }).click();
    await page.waitForURL('**/prospects/lists/people/**');
    await page.getByText('Ann Lee').waitFor();
    await page.getByText('Bob Stone').waitFor();
  });
});
