import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AI_MESSAGES } from '@leadline/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imapClient } from '../apps/server/src/features/mailboxes/mail-connections.js';
import { startDovecot, type Dovecot } from '../apps/server/src/test/mail/dovecot.js';
import { deliverRaw, generateMessage } from '../apps/server/src/test/mail/maildir.js';
import { buildMessage } from '../apps/server/src/test/mail/rich-message.js';
import { startSmtpDelivery, type SmtpDelivery } from '../apps/server/src/test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// The whole path against Debian's Dovecot on loopback: connect an IMAP mailbox through the
// Add Account dialog, let the supervised sync fill the inbox, then read, search, flag, tag and
// archive, each checked on the IMAP server. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const MAILBOX = { email: 'rita@example.test', password: 'rita-secret' };
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let url: string;
let browser: Browser;
let page: Page;
let sentinel: http.Server;
let sentinelUrl: string;
const sentinelRequests: string[] = [];

async function onServer(subject: string) {
  const client = await imapClient(t.ctx.config, { host: dovecot.host, port: dovecot.port, secure: false }, { username: MAILBOX.email, password: MAILBOX.password });
  await client.connect();
  try {
    for (const folder of ['INBOX', 'Archive', 'Junk', 'Trash']) {
      await client.mailboxOpen(folder, { readOnly: true });
      const uids = (await client.search({ header: { subject } }, { uid: true })) || [];
      if (uids.length === 0) continue;
      const message = await client.fetchOne(String(uids[0]), { flags: true }, { uid: true });
      return { folder, flags: [...((message && message.flags) || [])].sort() };
    }
    return undefined;
  } finally {
    await client.logout();
  }
}

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function shot(name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
}

const row = (subject: string) => page.getByRole('button').filter({ hasText: subject }).first();

beforeAll(async () => {
  sentinel = http.createServer((req, res) => {
    sentinelRequests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
  });
  await new Promise<void>((resolve) => sentinel.listen(0, '127.0.0.1', resolve));
  sentinelUrl = `http://127.0.0.1:${(sentinel.address() as AddressInfo).port}`;

  dovecot = await startDovecot([MAILBOX]);
  smtp = await startSmtpDelivery(dovecot);
  const start = Date.now() - 3 * 3_600_000;
  const people = ['Ava Stone', 'Ben Okafor', 'Chloe Martin', 'Diego Ruiz', 'Emma Novak', 'Farah Ali'];
  for (let i = 0; i < 24; i++) {
    const name = people[i % people.length]!;
    deliverRaw(
      dovecot,
      MAILBOX.email,
      generateMessage({ from: `${name} <${name.split(' ')[0]!.toLowerCase()}@prospect.test>`, to: MAILBOX.email, subject: `Intro call ${i + 1}`, text: `Hi Rita, could we talk about the rollout next week? (${i + 1})`, date: new Date(start + i * 300_000) }).raw,
    );
  }
  const quote = await buildMessage({
    from: 'Quinn Buyer <quinn@customer.test>',
    to: MAILBOX.email,
    subject: 'Quokka pricing',
    text: 'Please find the quote attached.',
    date: new Date(start + 2 * 3_600_000),
    attachments: [{ filename: 'quote.txt', content: 'Quote: 12 seats' }],
  });
  deliverRaw(dovecot, MAILBOX.email, quote.raw);
  const newsletter = await buildMessage({
    from: 'Newsletter <news@vendor.test>',
    to: MAILBOX.email,
    subject: 'Monthly product news',
    html: `<h2>Product news</h2><p>Our tracker is watching.</p><img src="${sentinelUrl}/pixel.gif" alt="tracker">`,
    date: new Date(start + 2.5 * 3_600_000),
  });
  deliverRaw(dovecot, MAILBOX.email, newsletter.raw);

  t = await createTestApp({ work: true, config: { outboundAllowPrivate: true, serviceLeaseSeconds: 3 } });
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
  page = await openPage(browser, url);
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
  await smtp?.stop();
  await dovecot?.stop();
  await new Promise((resolve) => sentinel?.close(resolve));
});

describe('the inbox against Dovecot', () => {
  it('connects an IMAP mailbox through the Add Account dialog', async () => {
    await signUp(page, newUser({ name: 'Rita Reader', email: 'rita@acme.test' }));
    await page.goto('/settings?tab=accounts');
    await page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByText('Gmail', { exact: true }).click();
    await dialog.getByText(/This server has no Gmail app configured: its administrator has to set GOOGLE_CLIENT_ID/).waitFor();
    await dialog.getByText('Other (IMAP/SMTP)', { exact: true }).click();
    await dialog.getByLabel('Email address').fill(MAILBOX.email);
    await dialog.getByLabel('Your name').fill('Rita Reader');
    await dialog.getByLabel('Username').fill(MAILBOX.email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByLabel('IMAP host').fill(dovecot.host);
    await dialog.getByLabel('IMAP port').fill(String(dovecot.port));
    await dialog.getByLabel('TLS from the start (SSL)').first().uncheck();
    await dialog.getByLabel('SMTP host').fill(smtp.host);
    await dialog.getByLabel('SMTP port').fill(String(smtp.port));
    await dialog.getByLabel('TLS from the start (SSL)').last().uncheck();
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText(/Could not log in to the IMAP server 127\.0\.0\.1:\d+: authentication failed/).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(MAILBOX.password);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expectToast(page, `${MAILBOX.email} connected. Its mail is being synced.`);
    const accounts = page.getByRole('table', { name: 'Email accounts' });
    await accounts.getByText(MAILBOX.email).waitFor();
    await accounts.getByText('Connected').waitFor();
    await accounts.getByText('30 of 30 left').waitFor();
    await shot('accounts', 1280);
    await shot('accounts', 1440);
  });

  it('changes the email settings with the capacity clamped to 100', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Settings' });
    await dialog.getByLabel('Title').fill('Account Executive');
    await dialog.getByLabel('Daily sending limit').fill('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Email settings saved.');
    await page.getByRole('table', { name: 'Email accounts' }).getByText('100 of 100 left').waitFor();
  });

  it('shows the synced inbox 20 a page, opens a message and reads it on the server', async () => {
    await page.goto('/engage/inbox');
    await row('Monthly product news').waitFor({ timeout: 30_000 });
    await page.getByText('26 messages').waitFor();
    await expect.poll(() => page.locator('[data-unread]').count()).toBe(20);
    await row('Quokka pricing').click();
    await page.frameLocator('iframe[title="Message: Quokka pricing"]').getByText('Please find the quote attached.').waitFor();
    await page.getByRole('link', { name: /quote\.txt/ }).waitFor();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Seen') === true, 'the \\Seen flag on the server');
    // No AI provider in this test: the AI buttons are there, disabled, and say why.
    await page.getByText(AI_MESSAGES.notConfigured).waitFor();
    expect(await page.getByRole('button', { name: 'AI summary' }).isDisabled()).toBe(true);
    await shot('inbox', 1280);
    await shot('inbox', 1440);
  });

  it('finds messages by full-text search', async () => {
    await page.getByLabel('Search mail').fill('quote');
    await page.getByLabel('Search mail').press('Enter');
    await page.getByText('1 message', { exact: true }).waitFor();
    await row('Quokka pricing').waitFor();
    await page.getByLabel('Search mail').fill('');
    await page.getByLabel('Search mail').press('Enter');
    await page.getByText('26 messages').waitFor();
  });

  it('flags a favorite by key and by button, and tags, both kept on the IMAP server', async () => {
    await row('Quokka pricing').click();
    await page.frameLocator('iframe[title="Message: Quokka pricing"]').getByText('Please find the quote attached.').waitFor();
    await page.keyboard.press('s');
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Flagged') === true, 'the \\Flagged flag');
    await page.getByRole('button', { name: 'Remove from favorites (s)' }).click();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Flagged') === false, 'the flag removed');
    await page.getByRole('button', { name: 'Add to favorites (s)' }).click();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Flagged') === true, 'the \\Flagged flag again');
    const tags = page.getByPlaceholder('Add a tag and press Enter');
    await tags.fill('hot-lead');
    await tags.press('Enter');
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('hot-lead') === true, 'the hot-lead keyword');
    await page.getByRole('tab', { name: 'Favorite' }).click();
    await row('Quokka pricing').waitFor();
  });

  it('archives a message: it leaves the inbox and lands in Archive on the server', async () => {
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await row('Quokka pricing').click();
    await page.getByRole('button', { name: 'Archive (e)' }).click();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.folder === 'Archive', 'the move to Archive');
    await page.getByText('25 messages').waitFor();
    await page.getByRole('tab', { name: 'Archived' }).click();
    await row('Quokka pricing').waitFor();
  });

  it('does not fetch a remote image of an HTML mail until "Show images"', async () => {
    await page.getByRole('tab', { name: 'Inbox' }).click();
    await row('Monthly product news').click();
    const frame = page.frameLocator('iframe[title="Message: Monthly product news"]');
    await frame.getByText('Our tracker is watching.').waitFor();
    await page.getByText('1 remote image is hidden, so the sender cannot tell you opened this mail.').waitFor();
    await page.waitForTimeout(1_000);
    expect(sentinelRequests).toEqual([]);
    await page.getByRole('button', { name: 'Show images' }).click();
    await eventually(async () => sentinelRequests.length, (n) => n > 0, 'the image request');
    expect(sentinelRequests).toContain('/pixel.gif');
    await shot('inbox-images-shown', 1280);
    // Only the mail's frame allows it: the app's own page still loads no remote image.
    await page.evaluate((src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
    }, `${sentinelUrl}/in-the-app.gif`);
    await page.waitForTimeout(1_000);
    expect(sentinelRequests).not.toContain('/in-the-app.gif');
  });
});
