import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactList, createMailbox, WEEKDAYS_9_TO_5 } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// A draft without a sender (as SalesGPT saves one) is not a dead end: its page says so, and the
// senders and schedule are chosen there before launching. Screenshots: SCREENSHOTS_DIR (default e2e/artifacts).

const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let t: TestApp;
let browser: Browser;
let page: Page;

async function shot(name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

beforeAll(async () => {
  t = await createTestApp();
  browser = await launchBrowser();
  page = await openPage(browser, await t.app.listen({ host: '127.0.0.1', port: 0 }));
  await signUp(page, newUser({ name: 'Dee Drafts', email: 'dee@acme.test' }));
  const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'dee@acme.test').executeTakeFirstOrThrow();
  const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
  await createMailbox(t.ctx.db, t.ctx.config, owner, 'sales@example.test');
  await createMailbox(t.ctx.db, t.ctx.config, owner, 'ops@example.test');
  await createContactList(t.ctx.db, owner, 'Warm leads', [{ first: 'Ann', company: 'Acme', email: 'ann@leads.test' }]);
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
});

describe("a campaign's senders and schedule on its page", () => {
  it('lets a draft without a sender choose one, then shows the new senders and schedule', async () => {
    const list = await t.ctx.db.selectFrom('lists').select('id').where('name', '=', 'Warm leads').executeTakeFirstOrThrow();
    const created = await page.request.post('/api/v1/campaigns', {
      data: { name: 'Drafted by SalesGPT', listIds: [list.id], mailboxes: ['sales@example.test'], schedule: WEEKDAYS_9_TO_5, steps: [{ type: 'email', delayDays: 0, subject: 'Hi', body: 'Hello {{firstName|there}}' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    // As SalesGPT's draft_campaign saves it: no sender chosen yet.
    await t.ctx.db.deleteFrom('campaign_mailboxes').where('campaign_id', '=', id).execute();

    await page.goto(`/engage/sequences/campaign-details?id=${id}`);
    await page.getByRole('heading', { name: 'Drafted by SalesGPT' }).waitFor();
    await page.getByText('Choose the mailboxes this campaign sends from, then launch it.').waitFor();
    await page.getByText(/From: no sender yet/).waitFor();
    await shot('campaign-draft-no-sender');
    const dialog = page.getByRole('dialog', { name: 'Senders and schedule' });
    await page.getByRole('button', { name: 'Launch' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await t.ctx.db.selectFrom('campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'draft' });

    await page.getByRole('button', { name: 'Choose senders' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Send from: Choose at least one mailbox' }).waitFor();
    await shot('campaign-settings-refused');
    await dialog.getByRole('textbox', { name: /^Send from/ }).or(dialog.getByRole('combobox', { name: /^Send from/ })).click();
    await page.getByRole('option', { name: 'ops@example.test' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByText('Sat', { exact: true }).click();
    await dialog.getByRole('spinbutton', { name: 'Emails per day' }).or(dialog.getByRole('textbox', { name: 'Emails per day' })).fill('80');
    await shot('campaign-settings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Campaign settings saved');
    await page.getByText(/From: ops@example\.test · 09:00-17:00 Europe\/Paris · 80 per day/).waitFor();
    expect(await page.getByText('Choose the mailboxes this campaign sends from, then launch it.').count()).toBe(0);

    const campaign = await t.ctx.db.selectFrom('campaigns').select(['schedule', 'daily_limit']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(campaign.schedule.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(campaign.daily_limit).toBe(80);
    expect(await t.ctx.db.selectFrom('campaign_mailboxes').select('account_id').where('campaign_id', '=', id).execute()).toHaveLength(1);

    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByText('Active', { exact: true }).first().waitFor();
  }, 120_000);
});
