import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFromPeople } from '../apps/server/src/features/contacts/index.js';
import { getCreditsInfo } from '../apps/server/src/features/credits/index.js';
import { addContactsToList, insertList } from '../apps/server/src/features/lists/index.js';
import { createPeople } from '../apps/server/src/test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// Agents (/signals/agents) against a loopback chat-completions server, with the worker on: a
// research agent and a list builder are made through the screen, run by hand through their
// jobs, and show their results and cost. Screenshots at 1280 and 1440 go to SCREENSHOTS_DIR.

const ANSWER = 'Yes: Lagerhaus runs three warehouses near Hamburg.';
const GERMAN_VPS = { jobTitles: [], jobLevels: ['vp'], companySizes: [], countries: ['germany'], industries: [], keywords: '' };
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let chat: Awaited<ReturnType<typeof startChatCompletionsServer>>;
let t: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  chat = await startChatCompletionsServer({
    fallback: (r) => ({ kind: 'message', content: r.body?.response_format?.json_schema?.name === 'icp_filters' ? JSON.stringify(GERMAN_VPS) : ANSWER }),
  });
  t = await createTestApp({ work: true, config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model' } } });
  browser = await launchBrowser();
  page = await openPage(browser, await t.app.listen({ host: '127.0.0.1', port: 0 }));
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
  await chat?.close();
});

async function shot(name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

const field = (name: RegExp) => page.getByRole('textbox', { name }).or(page.getByRole('combobox', { name }));

async function newAgent(kind: 'Research agent' | 'List builder', name: string, instructions: string, list: string) {
  await page.getByRole('button', { name: 'New agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'New agent' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: kind === 'List builder' ? /^Ideal customer profile/ : /^Question/ }).fill(instructions);
  await field(kind === 'List builder' ? /^Add to list/ : /^Accounts of list/).first().click();
  await page.getByRole('option', { name: list }).click();
  await field(/^Schedule/).first().click();
  await page.getByRole('option', { name: 'Only when I run it' }).click();
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expectToast(page, 'Agent created successfully!');
}

describe('agents', () => {
  it('runs a research agent and a list builder by hand and shows their results and cost', async () => {
    await signUp(page, newUser({ name: 'Rita Research', email: 'rita@agents.test' }));
    const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id']).where('email', '=', 'rita@agents.test').executeTakeFirstOrThrow();
    const people = await createPeople(t.ctx.db, [
      { id: 'e2e-ag-1', full_name: 'anna berg', job_title: 'vp operations', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'lagerhaus' },
      { id: 'e2e-ag-2', full_name: 'bernd vogel', job_title: 'vp logistics', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'fracht ag' },
    ]);
    const accounts = (await insertList(t.ctx.db, { teamId: user.team_id, name: 'Target accounts', entityType: 'contactList', createdBy: user.id })).id;
    const contacts = await createFromPeople(t.ctx.db, user.team_id, [people['e2e-ag-1']!]);
    await addContactsToList(t.ctx.db, user.team_id, accounts, [...contacts.values()], null);
    await insertList(t.ctx.db, { teamId: user.team_id, name: 'German VPs', entityType: 'contactList', createdBy: user.id });
    const usedBefore = (await getCreditsInfo(t.ctx.db, user.team_id)).used;

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByRole('heading', { name: 'Agents' }).waitFor();

    await newAgent('Research agent', 'Own warehouses?', 'Does this company run its own warehouses?', 'Target accounts');
    const research = page.getByRole('region', { name: 'Own warehouses?' });
    await research.getByRole('button', { name: 'Run now' }).click();
    await research.getByText('succeeded', { exact: true }).first().waitFor({ timeout: 30_000 });
    await research.getByRole('table', { name: 'Runs of Own warehouses?' }).getByLabel('Cost').filter({ hasText: '5 credits' }).waitFor();
    await research.getByText(ANSWER).waitFor();
    await research.getByRole('cell', { name: 'Anna Berg' }).waitFor();

    await newAgent('List builder', 'German VPs', 'VPs at companies in Germany', 'German VPs');
    const builder = page.getByRole('region', { name: 'German VPs' });
    await builder.getByRole('button', { name: 'Run now' }).click();
    await builder.getByText('succeeded', { exact: true }).first().waitFor({ timeout: 30_000 });
    const runs = builder.getByRole('table', { name: 'Runs of German VPs' });
    await runs.getByLabel('Cost').filter({ hasText: '10 credits' }).waitFor();
    await runs.getByLabel('Results').filter({ hasText: '2' }).waitFor();
    await builder.getByRole('cell', { name: 'Bernd Vogel' }).waitFor();
    await shot('agents');

    expect((await getCreditsInfo(t.ctx.db, user.team_id)).used).toBe(usedBefore + 15);
  }, 120_000);
});
