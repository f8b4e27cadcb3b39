import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DB } from '../apps/server/src/db/schema.js';
import { createContactList } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { newUser, submitSignUp, type NewUser } from './support/app.js';
import { useE2E } from './support/harness.js';

// Insights → Sequences compares the team's campaigns. Their counts come from campaign_sends
// rows written here as the sender would leave them (the sending itself is e2e/campaigns.test.ts's).

const SHOTS = path.resolve(import.meta.dirname, 'artifacts/insights');
const SCHEDULE = JSON.stringify({ timezone: 'UTC', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', useLeadTimezone: false });

type Outcomes = { leads: number; opened: number; clicked: number; replied: number; bounced: number; unsubscribed: number };

/** A new owner past onboarding; the Insights tour is recorded as seen unless `tour` is true. */
async function owner(page: Page, user: NewUser, options: { tour?: boolean } = {}) {
  await submitSignUp(page, user);
  expect((await page.request.put('/userInfo', { data: { onboardingStep: 'finished' } })).ok()).toBe(true);
  if (!options.tour) expect((await page.request.post('/api/v1/onboarding/tours?tourId=insights')).ok()).toBe(true);
  return (await (await page.request.get('/api/cookies/me')).json()).user.email as string;
}

/** A campaign of the user's team whose every lead got one email, the first of them with each outcome. */
async function campaignWithSends(db: Kysely<DB>, email: string, name: string, status: 'paused' | 'completed', outcomes: Outcomes) {
  const user = await db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', email).executeTakeFirstOrThrow();
  const actor = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
  const people = Array.from({ length: outcomes.leads }, (_, i) => ({ first: `Lead${i}`, email: `lead${i}.${name.replace(/\W/g, '').toLowerCase()}@example.test` }));
  const { contactIds } = await createContactList(db, actor, `${name} list`, people);
  const campaign = await db
    .insertInto('campaigns')
    .values({ team_id: user.team_id, created_by: user.id, name, status, schedule: SCHEDULE, daily_limit: 50, min_gap_seconds: 60, jitter_seconds: 0, auto_reply_delay_days: 0, launched_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = new Date();
  for (const [i, contactId] of contactIds.entries()) {
    const to = people[i]!.email;
    const lead = await db
      .insertInto('campaign_leads')
      .values({ campaign_id: campaign.id, team_id: user.team_id, contact_id: contactId, email: to, status: 'completed', skip_reason: null, next_position: null, mailbox_id: null, thread_subject: 'Hello' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = (count: number) => (i < count ? now : null);
    await db
      .insertInto('campaign_sends')
      .values({
        campaign_id: campaign.id, lead_id: lead.id, team_id: user.team_id, step_position: 0, mailbox_id: null, message_id: `<${lead.id}@example.test>`,
        to_address: to, subject: 'Hello', body: 'Hi', in_reply_to: null, status: 'sent', charge_id: null, error: null, due_at: now, sent_at: now,
        opened_at: at(outcomes.opened), clicked_at: at(outcomes.clicked), replied_at: at(outcomes.replied), bounced_at: at(outcomes.bounced), unsubscribed_at: at(outcomes.unsubscribed),
      })
      .execute();
  }
}

/** The comparison table's rows as their cells' text. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: 'Campaign comparison' }).locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')));
}

describe('insights: sequences', () => {
  const e2e = useE2E();

  it('shows an empty state that leads to creating a campaign, from the sidebar entry', async () => {
    const page = await e2e.newPage();
    await owner(page, newUser({ name: 'Nia None', email: 'nia@insights.test' }));
    await page.goto('/prospects/lists');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Insights', exact: true }).click();
    await page.waitForURL('**/insights/sequences');
    await page.getByText('No campaigns to compare yet').waitFor();
    await page.getByRole('link', { name: 'Create a campaign' }).click();
    await page.waitForURL('**/engage/sequences/new-campaign');
  });

  it('compares two campaigns by their counts and rates, and sorts them by a column', async () => {
    const page = await e2e.newPage();
    const email = await owner(page, newUser({ name: 'Ines Insight', email: 'ines@insights.test' }));
    await campaignWithSends(e2e.ctx.db, email, 'Alpha outreach', 'completed', { leads: 10, opened: 6, clicked: 3, replied: 2, bounced: 1, unsubscribed: 1 });
    await campaignWithSends(e2e.ctx.db, email, 'Beta follow-up', 'paused', { leads: 4, opened: 1, clicked: 0, replied: 0, bounced: 2, unsubscribed: 0 });

    await page.goto('/insights/sequences');
    await page.getByRole('heading', { name: 'Campaign insights' }).waitFor();
    const alpha = ['Alpha outreach', '10', '60.0%', '30.0%', '20.0%', '10.0%', '1', '10', 'completed'];
    const beta = ['Beta follow-up', '4', '25.0%', '0.0%', '0.0%', '50.0%', '0', '4', 'paused'];
    // Sorted by emails sent, most first.
    await expect.poll(() => tableRows(page)).toEqual([alpha, beta]);

    fs.mkdirSync(SHOTS, { recursive: true });
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `sequences-${width}.png`), fullPage: true });
    }

    await page.getByRole('button', { name: 'Bounce rate' }).click();
    await expect.poll(() => tableRows(page)).toEqual([beta, alpha]);
    expect(await page.getByRole('columnheader', { name: 'Bounce rate' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Bounce rate' }).click();
    await expect.poll(() => tableRows(page)).toEqual([alpha, beta]);

    await page.getByRole('link', { name: 'Beta follow-up' }).click();
    await page.waitForURL('**/engage/sequences/campaign-details?id=*');
  });
});
