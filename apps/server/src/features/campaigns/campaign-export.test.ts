import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { markSent } from './sends.repository.js';
import { createContactList, createMailbox, ownerActor, threeSteps } from './test/fixtures.repository.js';

const NOW = new Date();
const EVERY_DAY = { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' };

let t: TestApp;
let owner: TestUser;
let foreign: TestUser;
let campaignId: string;

const download = (user: TestUser, id = campaignId) => t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}/export`, headers: { cookie: user.cookie } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, owner, 'sales@example.test', { capacity: 100 });
  const { listId } = await createContactList(t.ctx.db, owner, 'Export', [
    { first: 'Ann', company: 'Acme', email: 'ann@acme.test' },
    { first: 'Bob', company: '=HYPERLINK("x")', email: 'bob@acme.test' },
    { first: 'Cy', email: null },
  ]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: owner.cookie },
    payload: { name: 'Q1/Outreach', listIds: [listId], mailboxes: ['sales@example.test'], schedule: EVERY_DAY, steps: threeSteps, minGapSeconds: 0, jitterSeconds: 0 },
  });
  campaignId = created.json().data.id;
  await launchCampaign(t.ctx.db, ownerActor(owner), campaignId, NOW);
  await runTick(t.ctx, { now: NOW, random: () => 0 });
});
afterAll(() => t.close());

describe('campaign leads CSV export', () => {
  it('streams every lead with its status, outcomes and next step; formulas are escaped', async () => {
    const ann = await t.ctx.db.selectFrom('campaign_sends').select(['id', 'lead_id']).where('campaign_id', '=', campaignId).where('to_address', '=', 'ann@acme.test').executeTakeFirstOrThrow();
    await markSent(t.ctx.db, ann.id, NOW);
    await t.ctx.db.updateTable('campaign_sends').set({ opened_at: NOW, replied_at: NOW }).where('id', '=', ann.id).execute();
    await t.ctx.db.updateTable('campaign_leads').set({ status: 'replied', next_at: null }).where('id', '=', ann.lead_id).execute();

    const answer = await download(owner);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('filename="Q1_Outreach leads.csv"');
    const rows = answer.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
    expect(rows[0]).toEqual(['Name', 'Email', 'Company', 'Job Title', 'Status', 'Skip Reason', 'Emails Sent', 'Last Sent', 'Opened', 'Clicked', 'Replied', 'Bounced', 'Unsubscribed', 'Next Step', 'Next Step At']);
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(rows).toHaveLength(4);
    expect(byName.get('Ann Tester')!.slice(1, 14)).toEqual(['ann@acme.test', 'Acme', '', 'replied', '', '1', '', 'yes', 'no', 'yes', 'no', 'no', '']);
    expect(byName.get('Cy Tester')!.slice(4, 6)).toEqual(['skipped', 'No email address']);
    const bob = answer.body.split('\r\n').find((line) => line.includes('bob@acme.test'))!;
    expect(bob).toContain(`"'=HYPERLINK(""x"")"`);
    expect(bob).toMatch(/,active,,0,,no,no,no,no,no,1,/);
  });

  it("answers 404 for another team's campaign", async () => {
    expect((await download(foreign)).statusCode).toBe(404);
  });
});
