import fs from 'node:fs';
import path from 'node:path';
import { COMPLIANCE_MESSAGES } from '@leadline/shared/campaigns/tracking';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { sendPlannedEmail } from '../apps/server/src/features/campaigns/send-email.js';
import { createContactList, createMailbox } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { startSmtpFixture } from '../apps/server/src/test/mail/smtp-fixture.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// Open and click tracking and the compliance footer, through the screens: the postal address
// on the Company tab, a campaign created with tracking on, its email received by a loopback
// SMTP server, its pixel and a link opened, and the counts moving on the details page.

const SENDER = { email: 'tia@example.test', password: 'tia-secret' };
const PUBLIC_URL = 'http://leadline.test';
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
let t: TestApp;
let browser: Browser;
let page: Page;
let base: string;

async function shot(name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

beforeAll(async () => {
  smtp = await startSmtpFixture({ user: SENDER.email, pass: SENDER.password });
  t = await createTestApp({ config: { outboundAllowPrivate: true, publicUrl: PUBLIC_URL } });
  browser = await launchBrowser();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  page = await openPage(browser, base);
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
  await smtp?.close();
});

describe('campaign tracking and footer', () => {
  it('creates a campaign with tracking on, and shows opens and clicks of its email on the details page', async () => {
    await signUp(page, newUser({ name: 'Tia Tracker', email: 'tia@acme.test' }));
    const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'tia@acme.test').executeTakeFirstOrThrow();
    const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
    await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, password: SENDER.password });
    await createContactList(t.ctx.db, owner, 'Tracked leads', [{ first: 'Ann', company: 'Acme', email: 'ann@leads.test' }]);

    // Without a postal address the form says so, with the way to the Company tab.
    await page.goto('/engage/sequences/new-campaign');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(COMPLIANCE_MESSAGES.noPostalAddress).waitFor();
    await page.getByRole('link', { name: 'Add it in Settings → Company' }).click();
    await page.waitForURL('**/settings?tab=company');
    await page.getByLabel('Postal address').fill('Acme Inc.\n1 Market Street\nSan Francisco, CA 94105');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expectToast(page, COMPLIANCE_MESSAGES.postalAddressSaved);
    await page.getByRole('heading', { name: 'Sender postal address' }).scrollIntoViewIfNeeded();
    await shot('company-postal-address');

    await page.goto('/engage/sequences/new-campaign');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /^Campaign name/ }).fill('Tracked intro');
    await page.getByRole('combobox', { name: /^Lists/ }).click();
    await page.getByRole('option', { name: 'Tracked leads' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Send from/ }).click();
    await page.getByRole('option', { name: SENDER.email }).click();
    await page.keyboard.press('Escape');
    for (const day of ['Sun', 'Sat']) await page.getByText(day, { exact: true }).click();
    await page.getByLabel('From', { exact: true }).fill('00:00');
    await page.getByLabel('To', { exact: true }).fill('23:59');
    expect(await page.getByRole('switch', { name: 'Track opens' }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Track clicks' }).isChecked()).toBe(false);
    // Mantine draws the switch over its input: the input takes the click.
    await page.getByRole('switch', { name: 'Track opens' }).click({ force: true });
    await page.getByRole('switch', { name: 'Track clicks' }).click({ force: true });
    await expect.poll(() => page.getByRole('switch', { name: 'Track clicks' }).isChecked()).toBe(true);
    expect(await page.getByText(COMPLIANCE_MESSAGES.noPostalAddress).count()).toBe(0);
    await shot('new-campaign-sending-options');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Subject').first().fill('Hello {{firstName|there}}');
    // The body is the inbox's rich-text editor: typed as a person would, the address becomes a link.
    const body = page.getByRole('textbox', { name: 'Step 1 body' });
    await body.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Hi {{firstName|there}},');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Our pricing: https://example.org/pricing?plan=team ');
    await body.locator('a[href="https://example.org/pricing?plan=team"]').waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(page, 'Campaign created successfully!');
    await page.waitForURL('**/engage/sequences/campaign-details?id=*');
    const id = new URL(page.url()).searchParams.get('id')!;
    expect(await page.getByRole('switch', { name: 'Track opens' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByText('active', { exact: true }).first().waitFor();

    await t.ctx.db.updateTable('campaigns').set({ min_gap_seconds: 0, jitter_seconds: 0 }).where('id', '=', id).execute();
    await runTick(t.ctx, { now: new Date() });
    const send = await t.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', id).executeTakeFirstOrThrow();
    expect(await sendPlannedEmail(t.ctx, send.id)).toBe('sent');
    const [received] = await smtp.waitFor(1, 20_000);
    const mail = await simpleParser(Buffer.from(received!.raw, 'latin1'));
    expect(mail.text).toContain('1 Market Street');
    const pixel = /<img src="([^"]+)"/.exec(String(mail.html))![1]!.replace(PUBLIC_URL, base);
    const click = /href="(http:\/\/leadline\.test\/t\/c\/[^"]+)"/.exec(String(mail.html))![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, base);
    expect(mail.text).toContain(click.replace(base, PUBLIC_URL));

    await page.getByLabel('Opened count').filter({ hasText: '0' }).waitFor();
    const opened = await page.request.get(pixel);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/gif');
    const clicked = await page.request.get(click, { maxRedirects: 0 });
    expect(clicked.status()).toBe(302);
    expect(clicked.headers().location).toBe('https://example.org/pricing?plan=team');
    const forged = await page.request.get(click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`), { maxRedirects: 0 });
    expect(forged.status()).toBe(404);

    await page.reload();
    await page.getByLabel('Opened count').filter({ hasText: '1' }).waitFor();
    await page.getByLabel('Clicked count').filter({ hasText: '1' }).waitFor();
    await page.getByRole('button', { name: 'Timeline of ann tester' }).click();
    const timeline = page.getByRole('dialog', { name: 'Timeline of ann tester' });
    await timeline.getByText('Clicked a link', { exact: false }).first().waitFor();
    await page.keyboard.press('Escape');
    await shot('campaign-details-tracking');
  });
});
