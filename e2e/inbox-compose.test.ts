import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDovecot } from '../apps/server/src/test/mail/dovecot.js';
import { deliverRaw } from '../apps/server/src/test/mail/maildir.js';
import { buildMessage } from '../apps/server/src/test/mail/rich-message.js';
import { startSmtpDelivery } from '../apps/server/src/test/mail/smtp-delivery.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { connectImapMailbox, inboxOf } from './support/mail.js';

// Writing mail with the keyboard against Debian's Dovecot and a loopback SMTP server that
// delivers into it: compose (c), reply (r), forward (f), each read back from the recipient's
// IMAP mailbox, then seen in Sent. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const SELLER = { email: 'sam@example.test', password: 'sam-secret' };
const BUYER = { email: 'quinn@example.test', password: 'quinn-secret' };
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

let quoteId: string;
let upload: string;
let logo: string;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => {
      const dovecot = keep(await startDovecot([SELLER, BUYER]));
      const smtp = keep(await startSmtpDelivery(dovecot));
      const quote = await buildMessage({
        from: `Quinn Buyer <${BUYER.email}>`,
        to: SELLER.email,
        subject: 'Quokka pricing',
        text: 'Please find the quote attached.\n\nWhat would 12 seats cost?',
        date: new Date(Date.now() - 3_600_000),
        attachments: [{ filename: 'quote.txt', content: 'Quote: 12 seats' }],
      });
      quoteId = quote.messageId;
      deliverRaw(dovecot, SELLER.email, quote.raw);

      upload = path.join(fs.mkdtempSync(path.join(dovecot.dir, 'upload-')), 'proposal.txt');
      fs.writeFileSync(upload, 'Proposal: 12 seats at 40 each');
      logo = path.join(path.dirname(upload), 'logo.png');
      fs.writeFileSync(logo, PNG);
      return { dovecot, smtp };
    },
    app: () => ({ work: true, config: { outboundAllowPrivate: true, serviceLeaseSeconds: 3 } }),
  },
  150_000,
);

/** The buyer's mail with this subject, once it has arrived. */
async function arrived(subject: string): Promise<ParsedMail> {
  const [mail] = await inboxOf(e2e.ctx.config, e2e.fixtures.dovecot, BUYER, subject);
  if (!mail) throw new Error(`"${subject}" did not arrive`);
  return mail;
}

async function shot(name: string, width: number) {
  await e2e.page.setViewportSize({ width, height: 900 });
  await e2e.page.waitForTimeout(400);
  fs.mkdirSync(SHOTS, { recursive: true });
  await e2e.page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
}

const row = (subject: string) => e2e.page.getByRole('button').filter({ hasText: subject }).first();
const composer = (title: string) => e2e.page.getByRole('dialog', { name: title });

beforeAll(async () => {
  await signUp(e2e.page, newUser({ name: 'Sam Seller', email: 'sam@acme.test' }));
  await connectImapMailbox(e2e.page, e2e.fixtures, { ...SELLER, name: 'Sam Seller' });
}, 150_000);

describe('writing mail in the inbox', () => {
  it('composes a new message with c, checks the addresses, attaches a file and sends with Ctrl+Enter', async () => {
    await e2e.page.goto('/engage/inbox');
    await row('Quokka pricing').waitFor({ timeout: 30_000 });
    await e2e.page.keyboard.press('c');
    const dialog = composer('New message');
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    // The To field has the focus.
    await e2e.page.keyboard.type('quinn at example');
    await e2e.page.keyboard.press('Tab');
    await dialog.getByText('“quinn” is not a valid email address.').waitFor();
    await dialog.getByLabel('To', { exact: true }).focus();
    for (let i = 0; i < 3; i++) await e2e.page.keyboard.press('Backspace');
    await dialog.getByLabel('To', { exact: true }).fill(BUYER.email);
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByText('is not a valid email address').count()).toBe(0);
    await dialog.getByLabel('Subject').fill('Our proposal');
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).click();
    await e2e.page.keyboard.type('Hello Quinn, ');
    await e2e.page.keyboard.press(`${MOD}+b`);
    await e2e.page.keyboard.type('here it is');
    await e2e.page.keyboard.press(`${MOD}+b`);
    await e2e.page.keyboard.type('. ');
    await dialog.getByLabel('Choose images for the text').setInputFiles(logo);
    await dialog.locator('.ProseMirror img[alt="logo.png"]').waitFor();
    await dialog.getByLabel('Choose files to attach').setInputFiles(upload);
    await dialog.getByTestId('compose-attachments').getByText('proposal.txt').waitFor();
    await shot('compose-new', 1280);
    await shot('compose-new', 1440);
    await e2e.page.keyboard.press(`${MOD}+Enter`);
    await expectToast(e2e.page, 'Message sent');
    await expect.poll(() => dialog.count()).toBe(0);

    const mail = await arrived('Our proposal');
    expect(mail.from!.value[0]).toMatchObject({ name: 'Sam Seller', address: SELLER.email });
    expect(mail.html).toContain('<strong>here it is</strong>');
    const [image, file] = mail.attachments;
    expect([file!.filename, file!.content.toString()]).toEqual(['proposal.txt', 'Proposal: 12 seats at 40 each']);
    // The image is part of the text: its cid: reference resolves (mailparser inlines it).
    expect(image).toMatchObject({ contentId: '<image-1.png>', contentType: 'image/png', related: true });
    expect(mail.html).toContain(`src="data:image/png;base64,${PNG.toString('base64')}"`);
  });

  it('replies with r above the quote, threaded in the buyer\'s mailbox', async () => {
    await row('Quokka pricing').click();
    await e2e.page.frameLocator('iframe[title="Message: Quokka pricing"]').getByText('Please find the quote attached.').waitFor();
    await e2e.page.keyboard.press('r');
    const dialog = composer('Reply');
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).getByText('What would 12 seats cost?').waitFor();
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe('Re: Quokka pricing');
    // The editor has the focus, above the quote.
    await e2e.page.keyboard.type('12 seats are 480 a month.');
    await shot('compose-reply', 1280);
    await shot('compose-reply', 1440);
    await e2e.page.keyboard.press(`${MOD}+Enter`);
    await expectToast(e2e.page, 'Message sent');
    // The inbox's keys come back once the composer has closed (the next test presses f).
    await expect.poll(() => dialog.count()).toBe(0);

    const mail = await arrived('Re: Quokka pricing');
    expect(mail.inReplyTo).toBe(quoteId);
    expect(mail.references).toBe(quoteId);
    expect(mail.text!.trim().startsWith('12 seats are 480 a month.')).toBe(true);
    expect(mail.html).toContain('<blockquote>');
  });

  it("forwards with f, carrying the original's attachment", async () => {
    await e2e.page.keyboard.press('f');
    const dialog = composer('Forward');
    await dialog.getByTestId('compose-attachments').getByText('quote.txt').waitFor();
    await dialog.getByLabel('To', { exact: true }).focus();
    await e2e.page.keyboard.type(`${BUYER.email},`);
    await e2e.page.keyboard.press(`${MOD}+Enter`);
    await expectToast(e2e.page, 'Message sent');
    await expect.poll(() => dialog.count()).toBe(0);
    const mail = await arrived('Fwd: Quokka pricing');
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['quote.txt', 'Quote: 12 seats']]);
    expect(mail.html).toContain('---------- Forwarded message ---------');
  });

  it("shows the SMTP server's refusal in the composer", async () => {
    await e2e.page.keyboard.press('c');
    const dialog = composer('New message');
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await e2e.page.keyboard.type('ghost@elsewhere.test');
    await e2e.page.keyboard.press('Enter');
    await dialog.getByLabel('Subject').fill('To nobody');
    await e2e.page.keyboard.press(`${MOD}+Enter`);
    await dialog.getByRole('alert').filter({ hasText: 'The mail server refused the message' }).getByText(/No such mailbox here: ghost@elsewhere\.test/).waitFor();
    // Esc asks before dropping the draft; Enter on the focused Discard drops it.
    await e2e.page.keyboard.press('Escape');
    const discard = dialog.getByRole('alertdialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard' });
    await expect.poll(() => discard.evaluate((button) => button === document.activeElement)).toBe(true);
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('lists the sent messages in Sent and the reply in its thread, and shows the keys with ?', async () => {
    await e2e.page.getByRole('tab', { name: 'Sent' }).click();
    for (const subject of ['Our proposal', 'Re: Quokka pricing', 'Fwd: Quokka pricing']) await row(subject).waitFor();
    await expect.poll(() => e2e.page.getByRole('button').filter({ hasText: 'To nobody' }).count()).toBe(0);
    await row('Re: Quokka pricing').click();
    await e2e.page.frameLocator('iframe[title="Message: Re: Quokka pricing"]').getByText('12 seats are 480 a month.').waitFor();
    await e2e.page.frameLocator('iframe[title="Message: Quokka pricing"]').getByText('Please find the quote attached.').waitFor();
    await e2e.page.keyboard.press('Shift+Slash');
    const help = e2e.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Reply all').waitFor();
    await shot('shortcuts', 1440);
    await e2e.page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });
});
