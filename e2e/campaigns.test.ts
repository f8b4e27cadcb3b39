import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { createContactList, createMailbox } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { startDovecot } from '../apps/server/src/test/mail/dovecot.js';
import { startSmtpFixture } from '../apps/server/src/test/mail/smtp-fixture.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// A basic campaign from a list, through the screens: create, preview, launch, watch the counts
// move as the scheduler (driven here) plans and the worker sends through a loopback SMTP server,
// pause, and read the funnel. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const SENDER = { email: 'sam@example.test', password: 'sam-secret' };

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({
      dovecot: keep(await startDovecot([SENDER])),
      smtp: keep(await startSmtpFixture({ user: SENDER.email, pass: SENDER.password })),
    }),
    app: () => ({ work: true, config: { outboundAllowPrivate: true, publicUrl: 'http://leadline.test' } }),
  },
  90_000,
);

describe('campaigns screens', () => {
  it('creates a basic campaign from a list, previews it, launches it, shows the counts move, pauses it and shows the funnel', async () => {
    const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Sam Sender', email: 'sam@acme.test' }));
    await createMailbox(e2e.ctx.db, e2e.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: e2e.fixtures.smtp.port }, imap: e2e.fixtures.dovecot, password: SENDER.password });
    await createContactList(e2e.ctx.db, owner, 'Warm leads', [
      { first: 'Ann', company: 'Acme', email: 'ann@leads.test' },
      { first: 'Bob', company: 'Beta', email: 'bob@leads.test' },
      { first: 'Cy', email: null },
    ]);

    await e2e.page.goto('/engage/sequences');
    await e2e.page.getByText('No results.').waitFor();
    await e2e.page.getByRole('link', { name: 'New campaign' }).click();
    await e2e.page.getByText('Connect an AI provider to generate a campaign').first().waitFor();
    expect(await e2e.page.getByRole('radio', { name: 'AI generated' }).isDisabled()).toBe(true);
    await e2e.page.getByRole('button', { name: 'Next' }).click();

    await e2e.page.getByRole('textbox', { name: /^Campaign name/ }).fill('Spring intro');
    await e2e.page.getByRole('combobox', { name: /^Lists/ }).click();
    await e2e.page.getByRole('option', { name: 'Warm leads' }).click();
    await e2e.page.keyboard.press('Escape');
    await e2e.page.getByRole('combobox', { name: /^Send from/ }).click();
    await e2e.page.getByRole('option', { name: SENDER.email }).click();
    await e2e.page.keyboard.press('Escape');
    // Every day, all day: the scheduler driven below runs now, whatever the hour.
    for (const day of ['Sun', 'Sat']) await e2e.page.getByText(day, { exact: true }).click();
    await e2e.page.getByLabel('From', { exact: true }).fill('00:00');
    await e2e.page.getByLabel('To', { exact: true }).fill('23:59');
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByRole('button', { name: 'Next' }).click();

    await e2e.page.getByLabel('Subject').first().fill('Hello {{firstName|there}} from Sam');
    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(e2e.page, 'Campaign created successfully!');
    await e2e.page.waitForURL('**/engage/sequences/campaign-details?id=*');
    const id = new URL(e2e.page.url()).searchParams.get('id')!;
    await e2e.page.getByRole('heading', { name: 'Spring intro' }).waitFor();

    await e2e.page.getByRole('button', { name: 'Preview step 1' }).click();
    const preview = e2e.page.getByRole('dialog', { name: 'Preview of step 1' });
    await preview.getByText('Hello there from Sam').waitFor();
    await e2e.page.keyboard.press('Escape');

    await e2e.page.getByRole('button', { name: 'Launch' }).click();
    await e2e.page.getByText('active', { exact: true }).first().waitFor();
    await e2e.page.getByText('No email address').waitFor();
    await e2e.page.getByLabel('Leads count').filter({ hasText: '2' }).waitFor();

    // The form keeps the default gap between two sends of a mailbox (2 minutes): none here, so both go now.
    await e2e.ctx.db.updateTable('campaigns').set({ min_gap_seconds: 0, jitter_seconds: 0 }).where('id', '=', id).execute();
    // The worker's own minute tick may plan some first; either way each lead gets one email.
    await runTick(e2e.ctx, { now: new Date() });
    await e2e.fixtures.smtp.waitFor(2, 20_000);
    expect(e2e.fixtures.smtp.received.map((m) => m.subject).sort()).toEqual(['Hello Ann from Sam', 'Hello Bob from Sam']);
    await e2e.page.reload();
    await e2e.page.getByLabel('Sent count').filter({ hasText: '2' }).waitFor({ timeout: 20_000 });
    await e2e.page.getByLabel('Step 1 funnel').getByText('2', { exact: true }).first().waitFor();
    // The funnel chart draws one group of bars per step (recharts renders SVG rectangles).
    await e2e.page.getByLabel('Funnel chart').locator('.recharts-bar-rectangle').first().waitFor();
    await e2e.page.getByLabel('Funnel chart').getByText('Step 2').waitFor();
    await savePageShots(e2e.page, 'campaign-details', [1440]);

    // A lead's timeline: enrolled, then the email sent with its subject; a skipped contact says why.
    await e2e.page.getByRole('button', { name: 'Timeline of ann tester' }).click();
    const timeline = e2e.page.getByRole('dialog', { name: 'Timeline of ann tester' });
    await timeline.getByText('Sent · step 1').waitFor();
    await timeline.getByText('Hello Ann from Sam').waitFor();
    expect(await timeline.getByText('Enrolled').count()).toBe(1);
    await savePageShots(e2e.page, 'campaign-lead-timeline');
    await e2e.page.keyboard.press('Escape');
    await e2e.page.getByRole('button', { name: 'Timeline of cy tester' }).click();
    const skipped = e2e.page.getByRole('dialog', { name: 'Timeline of cy tester' });
    await skipped.getByText('Skipped', { exact: true }).waitFor();
    await skipped.getByText('No email address').first().waitFor();
    await e2e.page.keyboard.press('Escape');

    // The leads with their status as a CSV file.
    const [download] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Spring intro leads.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFName,Email,Company,Job Title,Status,Skip Reason,Emails Sent,Last Sent,Opened,Clicked,Replied,Bounced,Unsubscribed,Next Step,Next Step At');
    expect(csv).toContain('Ann Tester,ann@leads.test,Acme,,active,,1,');
    expect(csv).toContain('Cy Tester,,,,skipped,No email address,0,');

    await e2e.page.getByRole('button', { name: 'Pause' }).click();
    await e2e.page.getByRole('button', { name: 'Resume' }).waitFor();
    await e2e.page.goto('/engage/sequences');
    const row = e2e.page.getByRole('row').filter({ hasText: 'Spring intro' });
    await row.getByText('paused').waitFor();
    await savePageShots(e2e.page, 'campaign-list', [1440]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
