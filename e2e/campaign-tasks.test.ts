import { CampaignCreateBody } from '@leadline/shared/campaigns/index';
import { describe, expect, it } from 'vitest';
import { createCampaign, launchCampaign } from '../apps/server/src/features/campaigns/campaigns.service.js';
import { runTick } from '../apps/server/src/features/campaigns/scheduler.js';
import { sendPlannedEmail } from '../apps/server/src/features/campaigns/send-email.js';
import { createContactList, createMailbox, ownerActor } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { startDovecot } from '../apps/server/src/test/mail/dovecot.js';
import { startSmtpServer } from '../apps/server/src/test/mail/smtp-fixture.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// A campaign whose first step is a call task: the task shows on the details page, Mark done (from
// the keyboard) moves the lead on to its email, and Mark interested ends the other lead, closing
// its task. The scheduler is driven here; no worker runs, so nothing is sent.

const ALL_DAY_EVERY_DAY = { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' };

const SENDER = { email: 'tia@example.test', password: 'tia-secret' };
const GONE = 'gone@leads.test';

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({
      dovecot: keep(await startDovecot([SENDER])),
      // A real refusal: the loopback SMTP server answers 550 for one recipient.
      smtp: keep(await startSmtpServer({ login: () => true, acceptsRecipient: (address) => address !== GONE, onMessage: () => {} })),
    }),
    app: () => ({ config: { outboundAllowPrivate: true } }),
  },
  90_000,
);

describe('campaign tasks screens', () => {
  it('lists an open call task, marks it done from the keyboard so the lead moves on, and marks another lead interested', async () => {
    const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Tia Tasks', email: 'tia@acme.test' }));
    await createMailbox(e2e.ctx.db, e2e.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: e2e.fixtures.smtp.port }, imap: e2e.fixtures.dovecot, password: SENDER.password });
    const { listId } = await createContactList(e2e.ctx.db, owner, 'Call list', [
      { first: 'Ann', company: 'Acme', email: 'ann@leads.test' },
      { first: 'Bob', company: 'Beta', email: 'bob@leads.test' },
    ]);
    const campaign = await createCampaign(e2e.ctx.db, ownerActor(owner), CampaignCreateBody.parse({
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
    await launchCampaign(e2e.ctx.db, ownerActor(owner), campaign.id);
    expect(await runTick(e2e.ctx, { now: new Date() })).toMatchObject({ tasks: 2 });

    await e2e.page.goto(`/engage/sequences/campaign-details?id=${campaign.id}`);
    await e2e.page.getByRole('heading', { name: 'Call first' }).waitFor();
    const tasks = e2e.page.getByRole('table', { name: 'Open tasks' });
    await tasks.getByRole('row').filter({ hasText: 'ann tester' }).getByText('Step 1 · Call').waitFor();
    await tasks.getByRole('row').filter({ hasText: 'bob tester' }).getByText('Call about the pilot').waitFor();
    await savePageShots(e2e.page, 'campaign-tasks');

    // Mark done from the keyboard: the task leaves the list and Ann waits for her email (step 2).
    await tasks.getByRole('button', { name: 'Mark done: ann tester, step 1' }).focus();
    await e2e.page.keyboard.press('Enter');
    await expectToast(e2e.page, 'Task marked done');
    await tasks.getByRole('row').filter({ hasText: 'ann tester' }).waitFor({ state: 'detached' });
    const annRow = e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('button', { name: 'Timeline of ann tester' }) });
    await annRow.getByText(/^Step 2/).waitFor();
    expect(await e2e.ctx.db.selectFrom('campaign_tasks').select('id').where('campaign_id', '=', campaign.id).where('status', '=', 'done').execute()).toHaveLength(1);

    // Mark interested asks first, then ends Bob: no next step, his task closed.
    const bobRow = e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('button', { name: 'Timeline of bob tester' }) });
    await bobRow.getByText('Step 1, waiting for its task').waitFor();
    await bobRow.getByRole('button', { name: 'Mark bob tester interested' }).click();
    const confirm = e2e.page.getByRole('dialog', { name: 'Mark interested' });
    await confirm.getByText('Every remaining step of this lead stops.').waitFor();
    await confirm.getByRole('button', { name: 'Mark interested' }).click();
    await expectToast(e2e.page, 'Lead marked interested');
    await bobRow.getByText('Interested', { exact: true }).waitFor();
    expect(await bobRow.getByRole('button', { name: 'Mark bob tester interested' }).count()).toBe(0);
    await e2e.page.getByText('No open tasks.').waitFor();
    await savePageShots(e2e.page, 'campaign-tasks-done');

    // The timelines name what happened.
    await e2e.page.getByRole('button', { name: 'Timeline of bob tester' }).click();
    const bob = e2e.page.getByRole('dialog', { name: 'Timeline of bob tester' });
    await bob.getByText('Task · step 1').waitFor();
    await bob.getByText('Marked interested').waitFor();
    await e2e.page.keyboard.press('Escape');
    await e2e.page.getByRole('button', { name: 'Timeline of ann tester' }).click();
    const ann = e2e.page.getByRole('dialog', { name: 'Timeline of ann tester' });
    await ann.getByText('Task done · step 1').waitFor();
    await savePageShots(e2e.page, 'campaign-task-timeline');
  });

  it('shows a failed lead with the mail server\'s reason in the table and its timeline', async () => {
    const user = await e2e.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'tia@acme.test').executeTakeFirstOrThrow();
    const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
    const { listId } = await createContactList(e2e.ctx.db, owner, 'Refusals', [{ first: 'Gus', company: 'Gone Inc', email: GONE }]);
    const campaign = await createCampaign(e2e.ctx.db, ownerActor(owner), CampaignCreateBody.parse({
      name: 'Refused',
      listIds: [listId],
      mailboxes: [SENDER.email],
      schedule: ALL_DAY_EVERY_DAY,
      minGapSeconds: 0,
      jitterSeconds: 0,
      steps: [{ type: 'email', delayDays: 0, subject: 'Hello', body: 'Hello {{firstName}}' }],
    }));
    await launchCampaign(e2e.ctx.db, ownerActor(owner), campaign.id);
    // The tick also plans the first campaign's email to Ann; only this campaign's send is made here.
    await runTick(e2e.ctx, { now: new Date() });
    const send = await e2e.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', campaign.id).executeTakeFirstOrThrow();
    expect(await sendPlannedEmail(e2e.ctx, send.id)).toBe('failed');

    await e2e.page.goto(`/engage/sequences/campaign-details?id=${campaign.id}`);
    const row = e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('button', { name: 'Timeline of gus tester' }) });
    await row.getByText('Failed', { exact: true }).waitFor();
    await row.getByText(/^Step 1: .*No such mailbox/).waitFor();
    expect(await row.getByRole('button', { name: /interested/ }).count()).toBe(0);
    await savePageShots(e2e.page, 'campaign-failed-lead');
    await e2e.page.getByRole('button', { name: 'Timeline of gus tester' }).click();
    await e2e.page.getByRole('dialog', { name: 'Timeline of gus tester' }).getByText('Failed to send · step 1').waitFor();
  });
});
