import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { grantCredits } from '../credits/index.js';
import { addLeadEvent } from './campaigns.repository.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { markSent } from './sends.repository.js';
import { unsubscribe, unsubscribeToken } from './suppressions.service.js';
import { createContactList, createMailbox, ownerActor, threeSteps } from './test/fixtures.repository.js';

// The real clock: a lead's enrolment time is the database's. The window below ends at 23:59 UTC: in
// the day's last two minutes the test runs as if it were two minutes earlier.
const NOW = new Date(Math.min(Date.now(), Math.ceil((Date.now() + 1) / 86_400_000) * 86_400_000 - 120_000));
const EVERY_DAY = { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' };
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let t: TestApp;
let owner: TestUser;
let foreign: TestUser;
let campaignId: string;

const timeline = (user: TestUser, leadId: string, id = campaignId) =>
  t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}/leads/${leadId}/timeline`, headers: { cookie: user.cookie } });
const leadOf = (email: string | null) =>
  t.ctx.db.selectFrom('campaign_leads').select('id').where('campaign_id', '=', campaignId).where('email', email === null ? 'is' : '=', email).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.ctx.db);
  // A tick pays for the emails it plans.
  await grantCredits(t.ctx.db, { teamId: owner.teamId, amount: 100, idempotencyKey: 'timeline-test-grant', reason: 'test' });
  foreign = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, owner, 'sales@example.test', { capacity: 100 });
  const { listId } = await createContactList(t.ctx.db, owner, 'Timeline', [
    { first: 'Ann', company: 'Acme', email: 'ann@acme.test' },
    { first: 'Bob', email: 'bob@acme.test' },
    { first: 'Cy', email: null },
  ]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: owner.cookie },
    payload: { name: 'Timeline', listIds: [listId], mailboxes: ['sales@example.test'], schedule: EVERY_DAY, steps: threeSteps, minGapSeconds: 0, jitterSeconds: 0, trackOpens: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  campaignId = created.json().data.id;
  await launchCampaign(t.ctx.db, ownerActor(owner), campaignId, NOW);
  await runTick(t.ctx, { now: NOW, random: () => 0 });
});
afterAll(() => t.close());

describe("a lead's timeline", () => {
  it('shows the email due while it waits, then sent, opened, a reply, in order', async () => {
    const ann = await leadOf('ann@acme.test');
    const planned = (await timeline(owner, ann.id)).json().data;
    expect(planned.lead).toMatchObject({ id: ann.id, name: 'ann tester', email: 'ann@acme.test', status: 'active' });
    expect(planned.entries.map((e: { kind: string; step: number | null; detail: string | null }) => [e.kind, e.step, e.detail])).toEqual([
      ['enrolled', null, null],
      ['scheduled', 0, 'Hello Ann'],
    ]);

    const send = await t.ctx.db.selectFrom('campaign_sends').select('id').where('lead_id', '=', ann.id).executeTakeFirstOrThrow();
    // What the sending job and the exit detection record; the open pixel sets opened_at.
    await markSent(t.ctx.db, send.id, at(1));
    await addLeadEvent(t.ctx.db, ann.id, 'sent', 'Hello Ann', 0, at(1));
    await t.ctx.db.updateTable('campaign_sends').set({ opened_at: at(30) }).where('id', '=', send.id).execute();
    await addLeadEvent(t.ctx.db, ann.id, 'replied', null, 0, at(90));
    await addLeadEvent(t.ctx.db, ann.id, 'task:call', 'Call about the demo', 1, at(91));

    const answer = await timeline(owner, ann.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.entries).toEqual([
      { at: expect.any(String), kind: 'enrolled', step: null, detail: null },
      { at: at(1).toISOString(), kind: 'sent', step: 0, detail: 'Hello Ann' },
      { at: at(30).toISOString(), kind: 'opened', step: 0, detail: null },
      { at: at(90).toISOString(), kind: 'replied', step: 0, detail: null },
      { at: at(91).toISOString(), kind: 'task', step: 1, detail: 'Call about the demo' },
    ]);

    // Once the lead moves on, its next step shows as due before the scheduler plans it.
    await t.ctx.db.updateTable('campaign_leads').set({ next_position: 1, next_at: at(2 * 24 * 60) }).where('id', '=', ann.id).execute();
    expect((await timeline(owner, ann.id)).json().data.entries.at(-1)).toEqual({ at: at(2 * 24 * 60).toISOString(), kind: 'scheduled', step: 1, detail: null });
  });

  it('shows an unsubscribe from the email link, and a skipped contact with the reason', async () => {
    const bob = await leadOf('bob@acme.test');
    const send = await t.ctx.db.selectFrom('campaign_sends').select('id').where('lead_id', '=', bob.id).executeTakeFirstOrThrow();
    await markSent(t.ctx.db, send.id, at(2));
    await unsubscribe(t.ctx.db, await unsubscribeToken(t.ctx.db, send.id), at(40));
    const entries = (await timeline(owner, bob.id)).json().data.entries;
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['enrolled', 'unsubscribed']);
    expect(entries[1].at).toBe(at(40).toISOString());

    const cy = await leadOf(null);
    const skipped = (await timeline(owner, cy.id)).json().data;
    expect(skipped.lead.status).toBe('skipped');
    expect(skipped.entries).toEqual([{ at: expect.any(String), kind: 'skipped', step: null, detail: 'No email address' }]);
  });

  it("answers 404 for another team's campaign and for a lead of another campaign", async () => {
    const ann = await leadOf('ann@acme.test');
    expect((await timeline(foreign, ann.id)).statusCode).toBe(404);
    const duplicate = await t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${campaignId}/duplicate`, headers: { cookie: owner.cookie } });
    const wrong = await timeline(owner, ann.id, duplicate.json().data.id);
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
