import { beforeAll, describe, expect, it } from 'vitest';
import { createContactList, createMailbox, WEEKDAYS_9_TO_5 } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// A draft without a sender (as SalesGPT saves one) is not a dead end: its page says so, and the
// senders and schedule are chosen there before launching. Screenshots: SCREENSHOTS_DIR (default e2e/artifacts).

const e2e = useAppUnderTest({}, 90_000);

beforeAll(async () => {
  const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Dee Drafts', email: 'dee@acme.test' }));
  await createMailbox(e2e.ctx.db, e2e.ctx.config, owner, 'sales@example.test');
  await createMailbox(e2e.ctx.db, e2e.ctx.config, owner, 'ops@example.test');
  await createContactList(e2e.ctx.db, owner, 'Warm leads', [{ first: 'Ann', company: 'Acme', email: 'ann@leads.test' }]);
}, 90_000);

describe("a campaign's senders and schedule on its page", () => {
  it('lets a draft without a sender choose one, then shows the new senders and schedule', async () => {
    const list = await e2e.ctx.db.selectFrom('lists').select('id').where('name', '=', 'Warm leads').executeTakeFirstOrThrow();
    const created = await e2e.page.request.post('/api/v1/campaigns', {
      data: { name: 'Drafted by SalesGPT', listIds: [list.id], mailboxes: ['sales@example.test'], schedule: WEEKDAYS_9_TO_5, steps: [{ type: 'email', delayDays: 0, subject: 'Hi', body: 'Hello {{firstName|there}}' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    // As SalesGPT's draft_campaign saves it: no sender chosen yet.
    await e2e.ctx.db.deleteFrom('campaign_mailboxes').where('campaign_id', '=', id).execute();

    await e2e.page.goto(`/engage/sequences/campaign-details?id=${id}`);
    await e2e.page.getByRole('heading', { name: 'Drafted by SalesGPT' }).waitFor();
    await e2e.page.getByText('Choose the mailboxes this campaign sends from, then launch it.').waitFor();
    await e2e.page.getByText(/From: no sender yet/).waitFor();
    await savePageShots(e2e.page, 'campaign-draft-no-sender');
    const dialog = e2e.page.getByRole('dialog', { name: 'Senders and schedule' });
    await e2e.page.getByRole('button', { name: 'Launch' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await e2e.ctx.db.selectFrom('campaigns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'draft' });

    await e2e.page.getByRole('button', { name: 'Choose senders' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Send from: Choose at least one mailbox' }).waitFor();
    await savePageShots(e2e.page, 'campaign-settings-refused');
    await dialog.getByRole('textbox', { name: /^Send from/ }).or(dialog.getByRole('combobox', { name: /^Send from/ })).click();
    await e2e.page.getByRole('option', { name: 'ops@example.test' }).click();
    await e2e.page.keyboard.press('Escape');
    await dialog.getByText('Sat', { exact: true }).click();
    await dialog.getByRole('spinbutton', { name: 'Emails per day' }).or(dialog.getByRole('textbox', { name: 'Emails per day' })).fill('80');
    await savePageShots(e2e.page, 'campaign-settings');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(e2e.page, 'Campaign settings saved');
    await e2e.page.getByText(/From: ops@example\.test · 09:00-17:00 Europe\/Paris · 80 per day/).waitFor();
    expect(await e2e.page.getByText('Choose the mailboxes this campaign sends from, then launch it.').count()).toBe(0);

    const campaign = await e2e.ctx.db.selectFrom('campaigns').select(['schedule', 'daily_limit']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(campaign.schedule.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(campaign.daily_limit).toBe(80);
    expect(await e2e.ctx.db.selectFrom('campaign_mailboxes').select('account_id').where('campaign_id', '=', id).execute()).toHaveLength(1);

    await e2e.page.getByRole('button', { name: 'Launch' }).click();
    await e2e.page.getByText('Active', { exact: true }).first().waitFor();
  }, 120_000);
});
