import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AI_MESSAGES } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { imapClient } from '../apps/server/src/features/mailboxes/mail-connections.js';
import { startDovecot } from '../apps/server/src/test/mail/dovecot.js';
import { deliverRaw, generateMessage } from '../apps/server/src/test/mail/maildir.js';
import { buildMessage } from '../apps/server/src/test/mail/rich-message.js';
import { startSmtpDelivery } from '../apps/server/src/test/mail/smtp-delivery.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';

// The whole path against Debian's Dovecot on loopback: connect an IMAP mailbox through the
// Add Account dialog, let the supervised sync fill the inbox, then read, search, flag, tag and
// archive, each checked on the IMAP server. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const MAILBOX = { email: 'rita@example.test', password: 'rita-secret' };
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

/** A loopback server that answers every request with a 1x1 GIF and records its path: a mail tracker's server. */
async function startSentinel() {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => {
      const sentinel = keep(await startSentinel());
      const dovecot = keep(await startDovecot([MAILBOX]));
      const smtp = keep(await startSmtpDelivery(dovecot));
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
        html: `<h2>Product news</h2><p>Our tracker is watching.</p><img src="${sentinel.url}/pixel.gif" alt="tracker">`,
        date: new Date(start + 2.5 * 3_600_000),
      });
      deliverRaw(dovecot, MAILBOX.email, newsletter.raw);
      return { sentinel, dovecot, smtp };
    },
    app: () => ({ work: true, config: { outboundAllowPrivate: true, serviceLeaseSeconds: 3 } }),
  },
  90_000,
);

async function onServer(subject: string) {
  const client = await imapClient(e2e.ctx.config, { host: e2e.fixtures.dovecot.host, port: e2e.fixtures.dovecot.port, secure: false }, { username: MAILBOX.email, password: MAILBOX.password });
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
  await e2e.page.setViewportSize({ width, height: 900 });
  await e2e.page.mouse.move(0, 0);
  await e2e.page.waitForTimeout(400);
  fs.mkdirSync(SHOTS, { recursive: true });
  await e2e.page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
}

const row = (subject: string) => e2e.page.getByRole('button').filter({ hasText: subject }).first();

describe('the inbox against Dovecot', () => {
  it('connects an IMAP mailbox through the Add Account dialog', async () => {
    await signUp(e2e.page, newUser({ name: 'Rita Reader', email: 'rita@acme.test' }));
    await e2e.page.goto('/settings?tab=accounts');
    await e2e.page.getByRole('button', { name: 'Add Account' }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Add Account' });
    await dialog.getByText('Gmail', { exact: true }).click();
    await dialog.getByText(/This server has no Gmail app configured: its administrator has to set GOOGLE_CLIENT_ID/).waitFor();
    await dialog.getByText('Other (IMAP/SMTP)', { exact: true }).click();
    await dialog.getByLabel('Email address').fill(MAILBOX.email);
    await dialog.getByLabel('Your name').fill('Rita Reader');
    await dialog.getByLabel('Username').fill(MAILBOX.email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByLabel('IMAP host').fill(e2e.fixtures.dovecot.host);
    await dialog.getByLabel('IMAP port').fill(String(e2e.fixtures.dovecot.port));
    await dialog.getByLabel('TLS from the start (SSL)').first().uncheck();
    await dialog.getByLabel('SMTP host').fill(e2e.fixtures.smtp.host);
    await dialog.getByLabel('SMTP port').fill(String(e2e.fixtures.smtp.port));
    await dialog.getByLabel('TLS from the start (SSL)').last().uncheck();
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByText(/Could not log in to the IMAP server 127\.0\.0\.1:\d+: authentication failed/).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(MAILBOX.password);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expectToast(e2e.page, `${MAILBOX.email} connected. Its mail is being synced.`);
    const accounts = e2e.page.getByRole('table', { name: 'Email accounts' });
    await accounts.getByText(MAILBOX.email).waitFor();
    await accounts.getByText('Connected').waitFor();
    await accounts.getByText('30 of 30 left').waitFor();
    await shot('accounts', 1280);
    await shot('accounts', 1440);
  });

  it('changes the email settings with the capacity clamped to 100', async () => {
    await e2e.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = e2e.page.getByRole('dialog', { name: 'Email Settings' });
    await dialog.getByLabel('Title').fill('Account Executive');
    await dialog.getByLabel('Daily sending limit').fill('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(e2e.page, 'Email settings saved.');
    await e2e.page.getByRole('table', { name: 'Email accounts' }).getByText('100 of 100 left').waitFor();
  });

  it('shows the synced inbox 20 a page, opens a message and reads it on the server', async () => {
    await e2e.page.goto('/engage/inbox');
    await row('Monthly product news').waitFor({ timeout: 30_000 });
    await e2e.page.getByText('26 messages').waitFor();
    await expect.poll(() => e2e.page.locator('[data-unread]').count()).toBe(20);
    await row('Quokka pricing').click();
    await e2e.page.frameLocator('iframe[title="Message: Quokka pricing"]').getByText('Please find the quote attached.').waitFor();
    await e2e.page.getByRole('link', { name: /quote\.txt/ }).waitFor();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Seen') === true, 'the \\Seen flag on the server');
    // No AI provider in this test: the AI buttons are there, disabled, and say why.
    await e2e.page.getByText(AI_MESSAGES.notConfigured).waitFor();
    expect(await e2e.page.getByRole('button', { name: 'AI summary' }).isDisabled()).toBe(true);
    await shot('inbox', 1280);
    await shot('inbox', 1440);
  });

  it('finds messages by full-text search', async () => {
    await e2e.page.getByLabel('Search mail').fill('quote');
    await e2e.page.getByLabel('Search mail').press('Enter');
    await e2e.page.getByText('1 message', { exact: true }).waitFor();
    await row('Quokka pricing').waitFor();
    await e2e.page.getByLabel('Search mail').fill('');
    await e2e.page.getByLabel('Search mail').press('Enter');
    await e2e.page.getByText('26 messages').waitFor();
  });

  it('flags a favorite by key and by button, and tags, both kept on the IMAP server', async () => {
    await row('Quokka pricing').click();
    await e2e.page.frameLocator('iframe[title="Message: Quokka pricing"]').getByText('Please find the quote attached.').waitFor();
    await e2e.page.keyboard.press('s');
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Flagged') === true, 'the \\Flagged flag');
    await e2e.page.getByRole('button', { name: 'Remove from favorites (s)' }).click();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Flagged') === false, 'the flag removed');
    await e2e.page.getByRole('button', { name: 'Add to favorites (s)' }).click();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('\\Flagged') === true, 'the \\Flagged flag again');
    const tags = e2e.page.getByPlaceholder('Add a tag and press Enter');
    await tags.fill('hot-lead');
    await tags.press('Enter');
    await eventually(() => onServer('Quokka pricing'), (s) => s?.flags.includes('hot-lead') === true, 'the hot-lead keyword');
    await e2e.page.getByRole('tab', { name: 'Favorite' }).click();
    await row('Quokka pricing').waitFor();
  });

  it('archives a message: it leaves the inbox and lands in Archive on the server', async () => {
    await e2e.page.getByRole('tab', { name: 'Inbox' }).click();
    await row('Quokka pricing').click();
    await e2e.page.getByRole('button', { name: 'Archive (e)' }).click();
    await eventually(() => onServer('Quokka pricing'), (s) => s?.folder === 'Archive', 'the move to Archive');
    await e2e.page.getByText('25 messages').waitFor();
    await e2e.page.getByRole('tab', { name: 'Archived' }).click();
    await row('Quokka pricing').waitFor();
  });

  it('does not fetch a remote image of an HTML mail until "Show images"', async () => {
    await e2e.page.getByRole('tab', { name: 'Inbox' }).click();
    await row('Monthly product news').click();
    const frame = e2e.page.frameLocator('iframe[title="Message: Monthly product news"]');
    await frame.getByText('Our tracker is watching.').waitFor();
    await e2e.page.getByText('1 remote image is hidden, so the sender cannot tell you opened this mail.').waitFor();
    await e2e.page.waitForTimeout(1_000);
    expect(e2e.fixtures.sentinel.requests).toEqual([]);
    await e2e.page.getByRole('button', { name: 'Show images' }).click();
    await eventually(async () => e2e.fixtures.sentinel.requests.length, (n) => n > 0, 'the image request');
    expect(e2e.fixtures.sentinel.requests).toContain('/pixel.gif');
    await shot('inbox-images-shown', 1280);
    // Only the mail's frame allows it: the app's own page still loads no remote image.
    await e2e.page.evaluate((src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
    }, `${e2e.fixtures.sentinel.url}/in-the-app.gif`);
    await e2e.page.waitForTimeout(1_000);
    expect(e2e.fixtures.sentinel.requests).not.toContain('/in-the-app.gif');
  });
});
