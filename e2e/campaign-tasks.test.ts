import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CampaignCreateBody } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign } from '../apps/server/src/features/campaigns/campaigns.service.js';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { sendPlannedEmail } from '../apps/server/src/features/campaigns/send-email.js';
import { createContactList, createMailbox, ownerActor } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { startDovecot, type Dovecot } from '../apps/server/src/test/mail/dovecot.js';
import { startSmtpServer } from '../apps/server/src/test/mail/smtp-fixture.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// A campaign whose first step is a call task: the task shows on the details page, Mark done (from
// the keyboard) moves the lead on to its email, and Mark interested ends the other lead, closing
// its task. The scheduler is driven here; no worker runs, so nothing is sent.

const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');
const ALL_DAY_EVERY_DAY = { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' };

const SENDER = { email: 'tia@example.test', password: 'tia-secret' };
const GONE = 'gone@leads.test';

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let browser: Browser;
let page: Page;

async function shot(name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

beforeAll(async () => {
  dovecot = await startDovecot([SENDER]);
  // A real refusal: the loopback SMTP server answers 550 for one recipient.
  smtp = await startSmtpServer({ login: () => true, acceptsRecipient: (address) => address !== GONE, onMessage: () => {} });
  t = await createTestApp({ config: { outboundAllowPrivate: true } });
  browser = await launchBrowser();
  page = await openPage(browser, await t.app.listen({ host: '127.0.0.1', port: 0 }));
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
  await smtp?.close();
  await dovecot?.stop();
});

describe('campaign tasks screens', () => {
  it('lists an open call task, marks it done from the keyboard so the lead moves on, and marks another lead interested', async () => {
    await signUp(page, newUser({ name: 'Tia Tasks', email: 'tia@acme.test' }));
    const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'tia@acme.test').executeTakeFirstOrThrow();
    const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
    await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, imap: dovecot, password: SENDER.password });
    const { listId } = await createContactList(t.ctx.db, owner, 'Call list', [
      { first: 'Ann', company: 'Acme', email: 'ann@leads.test' },
      { first: 'Bob', company: 'Beta', email: 'bob@leads.test' },
    ]);
    const campaign = await createCampaign(t.ctx.db, ownerActor(owner), CampaignCreateBody.parse({
      name: 'Call first',
      listIds: [listId],
      mailboxes: [SENDER.email],
      schedule: ALL_DAY_EVERY_DAY,
      dailyLimit: 50,
      steps: [
        { type: 'call', delayDays: 0, body: 'Call about the pilot' },
        { type: 'email', delayDays: 0, subject: 'Following our call', body: 'Hello {{firstName}}' },
      ],
    }));
    await launchCampaign(t.ctx.db, ownerActor(owner), campaign.id);
    expect(await runTick(t.ctx, { now: new Date() })).toMatchObject({ tasks: 2 });

    await page.goto(`/engage/sequences/campaign-details?id=${campaign.id}`);
    await page.getByRole('heading', { name: 'Call first' }).waitFor();
    const tasks = page.getByRole('table', { name: 'Open tasks' });
    await tasks.getByRole('row').filter({ hasText: 'ann tester' }).getByText('Step 1 · Call').waitFor();
    await tasks.getByRole('row').filter({ hasText: 'bob tester' }).getByText('Call about the pilot').waitFor();
    await shot('campaign-tasks');

    // Mark done from the keyboard: the task leaves the list and Ann waits for her email (step 2).
    await tasks.getByRole('button', { name: 'Mark done: ann tester, step 1' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Task marked done');
    await tasks.getByRole('row').filter({ hasText: 'ann tester' }).waitFor({ state: 'detached' });
    const annRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Timeline of ann tester' }) });
    await annRow.getByText(/^Step 2/).waitFor();
    expect(await t.ctx.db.selectFrom('campaign_tasks').select('id').where('campaign_id', '=', campaign.id).where('status', '=', 'done').execute()).toHaveLength(1);

    // Mark interested asks first, then ends Bob: no next step, his task closed.
    const bobRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Timeline of bob tester' }) });
    await bobRow.getByText('Step 1, waiting for its task').waitFor();
    await bobRow.getByRole('button', { name: 'Mark bob tester interested' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mark interested' });
    await confirm.getByText('Every remaining step of this lead stops.').waitFor();
    await confirm.getByRole('button', { name: 'Mark interested' }).click();
    await expectToast(page, 'Lead marked interested');
    await bobRow.getByText('Interested', { exact: true }).waitFor();
    expect(await bobRow.getByRole('button', { name: 'Mark bob tester interested' }).count()).toBe(0);
    await page.getByText('No open tasks.').waitFor();
    await shot('campaign-tasks-done');

    // The timelines name what happened.
    await page.getByRole('button', { name: 'Timeline of bob tester' }).click();
    const bob = page.getByRole('dialog', { name: 'Timeline of bob tester' });
    await bob.getByText('Task · step 1').waitFor();
    await bob.getByText('Marked interested').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Timeline of ann tester' }).click();
    const ann = page.getByRole('dialog', { name: 'Timeline of ann tester' });
    await ann.getByText('Task done · step 1').waitFor();
    await shot('campaign-task-timeline');
  });

  it('shows a failed lead with the mail server\'s reason in the table and its timeline', async () => {
    const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'tia@acme.test').executeTakeFirstOrThrow();
    const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
    const { listId } = await createContactList(t.ctx.db, owner, 'Refusals', [{ first: 'Gus', company: 'Gone Inc', email: GONE }]);
    const campaign = await createCampaign(t.ctx.db, ownerActor(owner), CampaignCreateBody.parse({
      name: 'Refused',
      listIds: [listId],
      mailboxes: [SENDER.email],
      schedule: ALL_DAY_EVERY_DAY,
      minGapSeconds: 0,
      jitterSeconds: 0,
      steps: [{ type: 'email', delayDays: 0, subject: 'Hello', body: 'Hello {{firstName}}' }],
    }));
    await launchCampaign(t.ctx.db, ownerActor(owner), campaign.id);
    // The tick also plans the first campaign's email to Ann; only this campaign's send is made here.
    await runTick(t.ctx, { now: new Date() });
    const send = await t.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(await sendPlannedEmail(t.ctx, send.id)).toBe('failed');

    await page.goto(`/engage/sequences/campaign-details?id=${campaign.id}`);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Timeline of gus tester' }) });
    await row.getByText('Failed', { exact: true }).waitFor();
    await row.getByText(/^Step 1: .*No such mailbox/).waitFor();
    expect(await row.getByRole('button', { name: /interested/ }).count()).toBe(0);
    await shot('campaign-failed-lead');
    await page.getByRole('button', { name: 'Timeline of gus tester' }).click();
    await page.getByRole('dialog', { name: 'Timeline of gus tester' }).getByText('Failed to send · step 1').waitFor();
  });
});
