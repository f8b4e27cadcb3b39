import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { createContactList, createMailbox } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { startDovecot, type Dovecot } from '../apps/server/src/test/mail/dovecot.js';
import { startSmtpFixture } from '../apps/server/src/test/mail/smtp-fixture.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// A basic campaign from a list, through the screens: create, preview, launch, watch the counts
// move as the scheduler (driven here) plans and the worker sends through a loopback SMTP server,
// pause, and read the funnel. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const SENDER = { email: 'sam@example.test', password: 'sam-secret' };
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
let t: TestApp;
let browser: Browser;
let page: Page;

async function shot(name: string, widths = [1440]) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

beforeAll(async () => {
  dovecot = await startDovecot([SENDER]);
  smtp = await startSmtpFixture({ user: SENDER.email, pass: SENDER.password });
  t = await createTestApp({ work: true, config: { outboundAllowPrivate: true, publicUrl: 'http://leadline.test' } });
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

describe('campaigns screens', () => {
  it('creates a basic campaign from a list, previews it, launches it, shows the counts move, pauses it and shows the funnel', async () => {
    await signUp(page, newUser({ name: 'Sam Sender', email: 'sam@acme.test' }));
    const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'sam@acme.test').executeTakeFirstOrThrow();
    const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
    await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, imap: dovecot, password: SENDER.password });
    await createContactList(t.ctx.db, owner, 'Warm leads', [
      { first: 'Ann', company: 'Acme', email: 'ann@leads.test' },
      { first: 'Bob', company: 'Beta', email: 'bob@leads.test' },
      { first: 'Cy', email: null },
    ]);

    await page.goto('/engage/sequences');
    await page.getByText('No results.').waitFor();
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByText('Connect an AI provider to generate a campaign').first().waitFor();
    expect(await page.getByRole('radio', { name: 'AI generated' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('textbox', { name: /^Campaign name/ }).fill('Spring intro');
    await page.getByRole('combobox', { name: /^Lists/ }).click();
    await page.getByRole('option', { name: 'Warm leads' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Send from/ }).click();
    await page.getByRole('option', { name: SENDER.email }).click();
    await page.keyboard.press('Escape');
    // Every day, all day: the scheduler driven below runs now, whatever the hour.
    for (const day of ['Sun', 'Sat']) await page.getByText(day, { exact: true }).click();
    await page.getByLabel('From', { exact: true }).fill('00:00');
    await page.getByLabel('To', { exact: true }).fill('23:59');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('Subject').first().fill('Hello {{firstName|there}} from Sam');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(page, 'Campaign created successfully!');
    await page.waitForURL('**/engage/sequences/campaign-details?id=*');
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.getByRole('heading', { name: 'Spring intro' }).waitFor();

    await page.getByRole('button', { name: 'Preview step 1' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview of step 1' });
    await preview.getByText('Hello there from Sam').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByText('active', { exact: true }).first().waitFor();
    await page.getByText('No email address').waitFor();
    await page.getByLabel('Leads count').filter({ hasText: '2' }).waitFor();

    // The form keeps the default gap between two sends of a mailbox (2 minutes): none here, so both go now.
    await t.ctx.db.updateTable('campaigns').set({ min_gap_seconds: 0, jitter_seconds: 0 }).where('id', '=', id).execute();
    // The worker's own minute tick may plan some first; either way each lead gets one email.
    await runTick(t.ctx, { now: new Date() });
    await smtp.waitFor(2, 20_000);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(['Hello Ann from Sam', 'Hello Bob from Sam']);
    await page.reload();
    await page.getByLabel('Sent count').filter({ hasText: '2' }).waitFor({ timeout: 20_000 });
    await page.getByLabel('Step 1 funnel').getByText('2', { exact: true }).first().waitFor();
    // The funnel chart draws one group of bars per step (recharts renders SVG rectangles).
    await page.getByLabel('Funnel chart').locator('.recharts-bar-rectangle').first().waitFor();
    await page.getByLabel('Funnel chart').getByText('Step 2').waitFor();
    await shot('campaign-details');

    // A lead's timeline: enrolled, then the email sent with its subject; a skipped contact says why.
    await page.getByRole('button', { name: 'Timeline of ann tester' }).click();
    const timeline = page.getByRole('dialog', { name: 'Timeline of ann tester' });
    await timeline.getByText('Sent · step 1').waitFor();
    await timeline.getByText('Hello Ann from Sam').waitFor();
    expect(await timeline.getByText('Enrolled').count()).toBe(1);
    await shot('campaign-lead-timeline', [1280, 1440]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Timeline of cy tester' }).click();
    const skipped = page.getByRole('dialog', { name: 'Timeline of cy tester' });
    await skipped.getByText('Skipped', { exact: true }).waitFor();
    await skipped.getByText('No email address').first().waitFor();
    await page.keyboard.press('Escape');

    // The leads with their status as a CSV file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Spring intro leads.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFName,Email,Company,Job Title,Status,Skip Reason,Emails Sent,Last Sent,Opened,Clicked,Replied,Bounced,Unsubscribed,Next Step,Next Step At');
    expect(csv).toContain('Ann Tester,ann@leads.test,Acme,,active,,1,');
    expect(csv).toContain('Cy Tester,,,,skipped,No email address,0,');

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await page.goto('/engage/sequences');
    const row = page.getByRole('row').filter({ hasText: 'Spring intro' });
    await row.getByText('paused').waitFor();
    await shot('campaign-list');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
