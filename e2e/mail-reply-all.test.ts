import fs from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDovecot } from '../apps/server/src/test/mail/dovecot.js';
import { deliverRaw } from '../apps/server/src/test/mail/maildir.js';
import { startSmtpDelivery } from '../apps/server/src/test/mail/smtp-delivery.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { connectImapMailbox, inboxOf } from './support/mail.js';

// Reply all with the keyboard (a), against Debian's Dovecot and a loopback SMTP server that
// delivers into it: every other participant of the message gets the answer, our own mailbox
// (one of the recipients, written in capitals) does not.

const SELLER = { email: 'sam@example.test', password: 'sam-secret' };
const BUYER = { email: 'quinn@example.test', password: 'quinn-secret' };
const FINANCE = { email: 'fran@example.test', password: 'fran-secret' };
const LEGAL = { email: 'lee@example.test', password: 'lee-secret' };
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';
const SUBJECT = 'Rollout plan for 40 seats';
const MESSAGE_ID = '<rollout@buyer.test>';

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => {
      const dovecot = keep(await startDovecot([SELLER, BUYER, FINANCE, LEGAL]));
      const smtp = keep(await startSmtpDelivery(dovecot));
      const raw = await new MailComposer({
        from: `Quinn Buyer <${BUYER.email}>`,
        to: [`Sam Seller <${SELLER.email.toUpperCase()}>`, `Fran Finance <${FINANCE.email}>`],
        cc: [`Lee Legal <${LEGAL.email}>`],
        subject: SUBJECT,
        text: 'Can we start with 40 seats in March? Fran and Lee are in copy.',
        messageId: MESSAGE_ID,
        date: new Date(Date.now() - 3_600_000),
      })
        .compile()
        .build();
      deliverRaw(dovecot, SELLER.email, raw);
      return { dovecot, smtp };
    },
    app: () => ({ work: true, config: { outboundAllowPrivate: true, serviceLeaseSeconds: 3 } }),
  },
  150_000,
);

/** Every message with this subject in a Dovecot user's INBOX, once at least one has arrived. */
const received = (user: { email: string; password: string }, subject: string, timeoutMs?: number) => inboxOf(e2e.ctx.config, e2e.fixtures.dovecot, user, subject, timeoutMs);

const addresses = (field: ParsedMail['to']) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

beforeAll(async () => {
  await signUp(e2e.page, newUser({ name: 'Sam Seller', email: 'sam@acme.test' }));
  await connectImapMailbox(e2e.page, e2e.fixtures, { ...SELLER, name: 'Sam Seller' });
}, 150_000);

describe('reply all', () => {
  it('answers the sender and everyone in copy with a, leaving our own mailbox out, threaded', async () => {
    await e2e.page.goto('/engage/inbox');
    await e2e.page.getByRole('button').filter({ hasText: SUBJECT }).first().click();
    await e2e.page.frameLocator(`iframe[title="Message: ${SUBJECT}"]`).getByText('Can we start with 40 seats in March?').waitFor();
    await e2e.page.keyboard.press('a');
    const dialog = e2e.page.getByRole('dialog', { name: 'Reply all' });
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    // The address pills of To and Cc: the sender, then everyone else but us.
    // The pills sit beside the field's text box, in one list.
    const pills = async (label: string) => (await dialog.getByLabel(label, { exact: true }).locator('xpath=..').innerText()).split(/\s+/).filter(Boolean);
    await expect.poll(() => pills('To')).toEqual([BUYER.email]);
    await expect.poll(async () => (await pills('Cc')).sort()).toEqual([FINANCE.email, LEGAL.email].sort());
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe(`Re: ${SUBJECT}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    await e2e.page.screenshot({ path: path.join(SHOTS, 'compose-reply-all-1280.png') });
    await e2e.page.keyboard.type('March works; 40 seats from the 1st.');
    await e2e.page.keyboard.press(`${MOD}+Enter`);
    await expectToast(e2e.page, 'Message sent');

    const reply = `Re: ${SUBJECT}`;
    const [atBuyer] = await received(BUYER, reply);
    expect(atBuyer, 'the reply reached the sender').toBeDefined();
    expect(addresses(atBuyer!.to)).toEqual([BUYER.email]);
    expect(addresses(atBuyer!.cc).sort()).toEqual([FINANCE.email, LEGAL.email].sort());
    expect(atBuyer!.inReplyTo).toBe(MESSAGE_ID);
    expect(atBuyer!.text).toContain('March works; 40 seats from the 1st.');
    expect(await received(FINANCE, reply)).toHaveLength(1);
    expect(await received(LEGAL, reply)).toHaveLength(1);
    expect(await received(SELLER, reply, 0)).toHaveLength(0);
  });
});
