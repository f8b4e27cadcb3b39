import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeople } from '../apps/server/src/test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// SalesGPT conversations against a loopback chat-completions server: the scripted model asks to
// save a search to a list, to enrich that list, and to draft a campaign for it; each waits for
// the member's Confirm in the chat and then does the real thing (a list, an enrichment job, a draft).

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
  t = await createTestApp({ work: true, config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model', maxRetries: 0 } } });
  await createPeople(t.ctx.db, [
    { id: 'e2e-sg-ann', full_name: 'ann lee', job_title: 'head of sales', job_title_role: 'sales', location_country: 'canada', job_company_name: 'globex', job_company_website: 'globex.com', work_email: 'ann.lee@globex.com' },
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

  const toolCall = (name: string, args: object) => ({ kind: 'stream' as const, chunks: [{ toolCall: { index: 0, id: 'call_0', name, arguments: JSON.stringify(args) } }], finishReason: 'tool_calls' });

  it('enriches the list after the member confirms the estimate, with the progress in the chat', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'New conversation' }).click();
    chat.answer(toolCall('enrich_list', { list: 'Canada sales', enrichType: 'email' }), { kind: 'stream', chunks: [{ content: 'The enrichment is running.' }] });
    await page.getByLabel('Message SalesGPT').fill('Find the emails of my Canada sales list');
    await page.getByRole('button', { name: 'Send' }).click();

    const card = page.getByTestId('tool-card').filter({ hasText: 'Enrich a list' });
    await card.getByText(/Enrich the list "Canada sales" \(2 contacts\) with emails: 2 contacts to look up, at most \d+ credits/).waitFor();
    expect(await t.ctx.db.selectFrom('enrichment_runs').select('id').execute()).toEqual([]);
    await screenshot('sales-gpt-enrich-confirm');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText(/Enrichment finished: 2 of 2 looked up/).waitFor();
    await page.getByText('The enrichment is running.').waitFor();
    await screenshot('sales-gpt-enrich-done');
    await card.getByRole('link', { name: 'Canada sales' }).click();
    await page.waitForURL('**/prospects/lists/people/**');
    await page.getByText('ann.lee@globex.com').waitFor();
  });

  it('drafts a campaign for the list after the member confirms, and opens it', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'New conversation' }).click();
    const sequence = {
      emails: [
        { subject: 'Pipeline in Canada, {{firstName|there}}', body: 'Hi {{firstName|there}},\n\nCould a pipeline review help your team?', delayDays: 0 },
        { subject: '', body: 'Following up, {{firstName|there}}.', delayDays: 3 },
      ],
    };
    chat.answer(toolCall('draft_campaign', { list: 'Canada sales', name: 'Canada outreach', brief: 'Offer our pipeline review to sales leaders in Canada.', emails: 2 }), { kind: 'message', content: JSON.stringify(sequence) }, {
      kind: 'stream',
      chunks: [{ content: 'Your draft is saved.' }],
    });
    await page.getByLabel('Message SalesGPT').fill('Draft a 2-email campaign for Canada sales offering our pipeline review');
    await page.getByRole('button', { name: 'Send' }).click();

    const card = page.getByTestId('tool-card').filter({ hasText: 'Draft a campaign' });
    await card.getByText('Write a 2-email sequence for the list "Canada sales" (2 contacts) and save it as the draft campaign "Canada outreach": at most 10 credits (5 per email written). It is not launched.').waitFor();
    expect(await t.ctx.db.selectFrom('campaigns').select('id').execute()).toEqual([]);
    await screenshot('sales-gpt-campaign-confirm');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your draft is saved.').waitFor();
    await screenshot('sales-gpt-campaign-saved');
    expect(await t.ctx.db.selectFrom('campaigns').select(['status']).where('name', '=', 'Canada outreach').execute()).toEqual([{ status: 'draft' }]);
    await card.getByRole('link', { name: 'Canada outreach' }).click();
    await page.waitForURL('**/engage/sequences/campaign-details?id=*');
    await page.getByRole('heading', { name: 'Canada outreach' }).waitFor();
    await screenshot('sales-gpt-campaign-opened');
  });
});
