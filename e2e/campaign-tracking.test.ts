import { COMPLIANCE_MESSAGES } from '@leadline/shared/campaigns/tracking';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { sendPlannedEmail } from '../apps/server/src/features/campaigns/send-email.js';
import { createContactList, createMailbox } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { startSmtpFixture } from '../apps/server/src/test/mail/smtp-fixture.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// Open and click tracking and the compliance footer, through the screens: the postal address
// on the Company tab, a campaign created with tracking on, its email received by a loopback
// SMTP server, its pixel and a link opened, and the counts moving on the details page.

const SENDER = { email: 'tia@example.test', password: 'tia-secret' };
const PUBLIC_URL = 'http://leadline.test';

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({ smtp: keep(await startSmtpFixture({ user: SENDER.email, pass: SENDER.password })) }),
    app: () => ({ config: { outboundAllowPrivate: true, publicUrl: PUBLIC_URL } }),
  },
  90_000,
);

describe('campaign tracking and footer', () => {
  it('creates a campaign with tracking on, and shows opens and clicks of its email on the details page', async () => {
    const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Tia Tracker', email: 'tia@acme.test' }));
    await createMailbox(e2e.ctx.db, e2e.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: e2e.fixtures.smtp.port }, password: SENDER.password });
    await createContactList(e2e.ctx.db, owner, 'Tracked leads', [{ first: 'Ann', company: 'Acme', email: 'ann@leads.test' }]);

    // Without a postal address the form says so, with the way to the Company tab.
    await e2e.page.goto('/engage/sequences/new-campaign');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByText(COMPLIANCE_MESSAGES.noPostalAddress).waitFor();
    await e2e.page.getByRole('link', { name: 'Add it in Settings → Company' }).click();
    await e2e.page.waitForURL('**/settings?tab=company');
    await e2e.page.getByLabel('Postal address').fill('Acme Inc.\n1 Market Street\nSan Francisco, CA 94105');
    await e2e.page.getByRole('button', { name: 'Save address' }).click();
    await expectToast(e2e.page, COMPLIANCE_MESSAGES.postalAddressSaved);
    await e2e.page.getByRole('heading', { name: 'Sender postal address' }).scrollIntoViewIfNeeded();
    await savePageShots(e2e.page, 'company-postal-address');

    await e2e.page.goto('/engage/sequences/new-campaign');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByRole('textbox', { name: /^Campaign name/ }).fill('Tracked intro');
    await e2e.page.getByRole('combobox', { name: /^Lists/ }).click();
    await e2e.page.getByRole('option', { name: 'Tracked leads' }).click();
    await e2e.page.keyboard.press('Escape');
    await e2e.page.getByRole('combobox', { name: /^Send from/ }).click();
    await e2e.page.getByRole('option', { name: SENDER.email }).click();
    await e2e.page.keyboard.press('Escape');
    for (const day of ['Sun', 'Sat']) await e2e.page.getByText(day, { exact: true }).click();
    await e2e.page.getByLabel('From', { exact: true }).fill('00:00');
    await e2e.page.getByLabel('To', { exact: true }).fill('23:59');
    expect(await e2e.page.getByRole('switch', { name: 'Track opens' }).isChecked()).toBe(false);
    expect(await e2e.page.getByRole('switch', { name: 'Track clicks' }).isChecked()).toBe(false);
    // Mantine draws the switch over its input: the input takes the click.
    await e2e.page.getByRole('switch', { name: 'Track opens' }).click({ force: true });
    await e2e.page.getByRole('switch', { name: 'Track clicks' }).click({ force: true });
    await expect.poll(() => e2e.page.getByRole('switch', { name: 'Track clicks' }).isChecked()).toBe(true);
    expect(await e2e.page.getByText(COMPLIANCE_MESSAGES.noPostalAddress).count()).toBe(0);
    await savePageShots(e2e.page, 'new-campaign-sending-options');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByLabel('Subject').first().fill('Hello {{firstName|there}}');
    // The body is the inbox's rich-text editor: typed as a person would, the address becomes a link.
    const body = e2e.page.getByRole('textbox', { name: 'Step 1 body' });
    await body.click();
    await e2e.page.keyboard.press('ControlOrMeta+A');
    await e2e.page.keyboard.type('Hi {{firstName|there}},');
    await e2e.page.keyboard.press('Enter');
    await e2e.page.keyboard.type('Our pricing: https://example.org/pricing?plan=team ');
    await body.locator('a[href="https://example.org/pricing?plan=team"]').waitFor();
    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(e2e.page, 'Campaign created successfully!');
    await e2e.page.waitForURL('**/engage/sequences/campaign-details?id=*');
    const id = new URL(e2e.page.url()).searchParams.get('id')!;
    expect(await e2e.page.getByRole('switch', { name: 'Track opens' }).isChecked()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Launch' }).click();
    await e2e.page.getByText('active', { exact: true }).first().waitFor();

    await e2e.ctx.db.updateTable('campaigns').set({ min_gap_seconds: 0, jitter_seconds: 0 }).where('id', '=', id).execute();
    await runTick(e2e.ctx, { now: new Date() });
    const send = await e2e.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', id).executeTakeFirstOrThrow();
    expect(await sendPlannedEmail(e2e.ctx, send.id)).toBe('sent');
    const [received] = await e2e.fixtures.smtp.waitFor(1, 20_000);
    const mail = await simpleParser(Buffer.from(received!.raw, 'latin1'));
    expect(mail.text).toContain('1 Market Street');
    const pixel = /<img src="([^"]+)"/.exec(String(mail.html))![1]!.replace(PUBLIC_URL, e2e.url);
    const click = /href="(http:\/\/leadline\.test\/t\/c\/[^"]+)"/.exec(String(mail.html))![1]!.replace(/&amp;/g, '&').replace(PUBLIC_URL, e2e.url);
    expect(mail.text).toContain(click.replace(e2e.url, PUBLIC_URL));

    await e2e.page.getByLabel('Opened count').filter({ hasText: '0' }).waitFor();
    const opened = await e2e.page.request.get(pixel);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/gif');
    const clicked = await e2e.page.request.get(click, { maxRedirects: 0 });
    expect(clicked.status()).toBe(302);
    expect(clicked.headers().location).toBe('https://example.org/pricing?plan=team');
    const forged = await e2e.page.request.get(click.replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`), { maxRedirects: 0 });
    expect(forged.status()).toBe(404);

    await e2e.page.reload();
    await e2e.page.getByLabel('Opened count').filter({ hasText: '1' }).waitFor();
    await e2e.page.getByLabel('Clicked count').filter({ hasText: '1' }).waitFor();
    await e2e.page.getByRole('button', { name: 'Timeline of ann tester' }).click();
    const timeline = e2e.page.getByRole('dialog', { name: 'Timeline of ann tester' });
    await timeline.getByText('Clicked a link', { exact: false }).first().waitFor();
    await e2e.page.keyboard.press('Escape');
    await savePageShots(e2e.page, 'campaign-details-tracking');
  });
});
