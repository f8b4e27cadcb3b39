import { localParts } from '@leadline/shared/campaigns/index';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getCreditsInfo, spendCredits } from '../credits/index.js';
import { chooseVariant } from './campaign-steps.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { insertSends } from './sends.repository.js';
import { addManualSends, createContactList, createMailbox, ownerActor, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

let t: TestApp;
let owner: TestUser;

/** A seeded generator, so jittered gaps are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}

async function launchedCampaign(name: string, leads: number, body: object, launchAt: Date) {
  const list = await createContactList(t.ctx.db, owner, `${name} list`, Array.from({ length: leads }, (_, i) => ({ first: `L${i}`, email: `${name.toLowerCase()}-${i}@leads.test` })));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: owner.cookie },
    payload: { name, listIds: [list.listId], schedule: WEEKDAYS_9_TO_5, steps: threeSteps, allowActiveElsewhere: true, ...body },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  await launchCampaign(t.ctx.db, ownerActor(owner), id, launchAt);
  return id;
}

const sendsOf = (campaignIds: string[]) =>
  t.ctx.db.selectFrom('campaign_sends').select(['campaign_id', 'mailbox_id', 'due_at', 'lead_id', 'step_position']).where('campaign_id', 'in', campaignIds).orderBy('due_at').execute();

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await createTeam(t.ctx.db));
});
afterAll(() => t.close());

describe('campaign scheduler (injected clock)', () => {
  it('sends only inside the window, on its days, in its time zone, across a daylight-saving change', async () => {
    await createMailbox(t.ctx.db, t.ctx.config, owner, 'window@example.test', { capacity: 100 });
    // Friday 2026-03-27 in Paris (UTC+1 until Sunday's change to UTC+2).
    const id = await launchedCampaign('Window', 3, { mailboxes: ['window@example.test'], dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 }, new Date('2026-03-27T07:00:00Z'));
    const tick = (iso: string) => runTick(t.ctx, { now: new Date(iso), random: () => 0 });

    expect((await tick('2026-03-27T07:30:00Z')).planned).toBe(0); // 08:30 in Paris: not yet open
    expect((await tick('2026-03-28T10:00:00Z')).planned).toBe(0); // Saturday
    expect((await tick('2026-03-30T06:30:00Z')).planned).toBe(0); // Monday 08:30 CEST
    expect((await tick('2026-03-30T07:00:00Z')).planned).toBe(3); // Monday 09:00 CEST, one hour earlier in UTC than Friday's opening
    expect((await tick('2026-03-30T07:00:00Z')).planned).toBe(0); // a repeated tick plans nothing twice
    const sends = await sendsOf([id]);
    expect(sends).toHaveLength(3);
    for (const s of sends) expect(localParts(new Date(s.due_at), 'Europe/Paris')).toMatchObject({ hour: 9, weekday: 1 });
  });

  it('shares two mailboxes between three campaigns within each daily capacity, gap and campaign limit', async () => {
    const start = new Date('2026-01-12T08:00:00Z'); // Monday 09:00 in Paris
    await createMailbox(t.ctx.db, t.ctx.config, owner, 'one@example.test', { capacity: 30 });
    await createMailbox(t.ctx.db, t.ctx.config, owner, 'two@example.test', { capacity: 20 });
    const settings = { mailboxes: ['one@example.test', 'two@example.test'], minGapSeconds: 300, jitterSeconds: 120 };
    const ids = [
      await launchedCampaign('Alpha', 40, { ...settings, dailyLimit: 25 }, start),
      await launchedCampaign('Beta', 40, { ...settings, dailyLimit: 10 }, start),
      await launchedCampaign('Gamma', 40, { ...settings, dailyLimit: 25 }, start),
    ];
    const random = seeded(7);
    // Every 5 minutes from 09:00 to 17:00 on Monday, and on Tuesday.
    for (const day of [0, 1]) {
      for (let m = 0; m < 8 * 60; m += 5) await runTick(t.ctx, { now: new Date(start.getTime() + day * 86_400_000 + m * 60_000), random, horizonSeconds: 300 });
    }
    const sends = await sendsOf(ids);
    const mailboxes = await t.ctx.db.selectFrom('mail_accounts').select(['id', 'email_address', 'daily_capacity']).where('email_address', 'in', ['one@example.test', 'two@example.test']).execute();
    for (const day of ['2026-01-12', '2026-01-13']) {
      const ofDay = sends.filter((s) => new Date(s.due_at).toISOString().startsWith(day));
      // Capacity binds: 30 + 20 a day, below the limits' 25 + 10 + 25.
      expect(ofDay).toHaveLength(50);
      for (const m of mailboxes) {
        const times = ofDay.filter((s) => s.mailbox_id === m.id).map((s) => new Date(s.due_at).getTime());
        expect(times.length, m.email_address).toBe(m.daily_capacity);
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(300_000);
      }
      for (const [i, limit] of [25, 10, 25].entries()) expect(ofDay.filter((s) => s.campaign_id === ids[i]).length).toBeLessThanOrEqual(limit);
      expect(ofDay.filter((s) => s.campaign_id === ids[1]).length).toBe(10);
    }
    // The jitter spreads the gaps: not every gap is the bare minimum.
    const one = sends.filter((s) => s.mailbox_id === mailboxes.find((m) => m.email_address === 'one@example.test')!.id).map((s) => new Date(s.due_at).getTime());
    const gaps = new Set(one.slice(1, 30).map((time, i) => time - one[i]!));
    expect(gaps.size).toBeGreaterThan(5);
    // Each (lead, step) is planned once.
    expect(new Set(sends.map((s) => `${s.lead_id}:${s.step_position}`)).size).toBe(sends.length);
  });

  it('splits A/B variants by their weights within 5% over 2,000 leads', () => {
    for (const weights of [
      [50, 50],
      [70, 30],
      [20, 30, 50],
    ]) {
      const counts = weights.map(() => 0);
      for (let i = 0; i < 2000; i++) counts[chooseVariant(crypto.randomUUID(), 0, weights)]!++;
      weights.forEach((w, v) => expect(Math.abs(counts[v]! / 2000 - w / 100)).toBeLessThanOrEqual(0.05));
    }
    const lead = crypto.randomUUID();
    expect(chooseVariant(lead, 1, [50, 50])).toBe(chooseVariant(lead, 1, [50, 50]));
  });

  it('counts mail sent by hand today against a mailbox capacity, but not the Sent copies of campaign emails', async () => {
    const monday = new Date('2026-02-02T08:00:00Z'); // 09:00 in Paris
    const accountId = await createMailbox(t.ctx.db, t.ctx.config, owner, 'manual@example.test', { capacity: 5 });
    await addManualSends(t.ctx.db, accountId, 3, new Date('2026-02-02T07:30:00Z'));
    await addManualSends(t.ctx.db, accountId, 4, new Date('2026-02-01T12:00:00Z')); // yesterday: does not count
    const id = await launchedCampaign('Manual', 6, { mailboxes: ['manual@example.test'], dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 }, monday);
    await runTick(t.ctx, { now: monday, random: () => 0 });
    expect(await sendsOf([id])).toHaveLength(2);
    // The Sent copies of those 2 campaign emails, once synced, are not counted a second time.
    const planned = await t.ctx.db.selectFrom('campaign_sends').select('message_id').where('campaign_id', '=', id).execute();
    const folder = await t.ctx.db.selectFrom('mail_folders').select('id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('mail_messages')
      .values(planned.map((p, i) => ({ account_id: accountId, folder_id: folder.id, uidvalidity: '1', uid: String(i + 1), message_id: p.message_id, thread_id: p.message_id, to_addresses: '[]', cc_addresses: '[]', attachments: '[]', sent_at: monday })))
      .execute();
    await runTick(t.ctx, { now: new Date('2026-02-02T10:00:00Z'), random: () => 0 });
    expect(await sendsOf([id])).toHaveLength(2);
    // One more email of capacity: 2 campaign emails and 3 by hand leave exactly one today.
    await t.ctx.db.updateTable('mail_accounts').set({ daily_capacity: 6 }).where('id', '=', accountId).execute();
    await runTick(t.ctx, { now: new Date('2026-02-02T10:00:00Z'), random: () => 0 });
    expect(await sendsOf([id])).toHaveLength(3);
    // The next day, yesterday's mail counts no more: the 3 leads left are planned.
    await runTick(t.ctx, { now: new Date('2026-02-03T08:00:00Z'), random: () => 0 });
    expect(await sendsOf([id])).toHaveLength(6);
  });

  it('gives back the credits of an email another tick planned first, and plans it once', async () => {
    const monday = new Date('2026-02-09T08:00:00Z'); // 09:00 in Paris
    // The earlier tests' campaigns would plan (and pay) in this tick too.
    await t.ctx.db.updateTable('campaigns').set({ status: 'paused' }).where('status', '=', 'active').execute();
    const mailboxId = await createMailbox(t.ctx.db, t.ctx.config, owner, 'race@example.test', { capacity: 100 });
    const id = await launchedCampaign('Race', 2, { mailboxes: ['race@example.test'], dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 }, monday);
    const [lead] = await t.ctx.db.selectFrom('campaign_leads').select(['id', 'email']).where('campaign_id', '=', id).orderBy('email').execute();
    // Another tick planned the first lead's first email after this one read its due leads: the
    // lead is still due here, and this tick pays for its email before it finds the row there.
    await insertSends(t.ctx.db, [
      { campaignId: id, leadId: lead!.id, teamId: owner.teamId, stepPosition: 0, variant: 0, mailboxId, messageId: '<race@example.test>', to: lead!.email!, subject: 'Hello', body: 'Hi', inReplyTo: null, references: [], dueAt: monday },
    ]);
    await t.ctx.db.updateTable('campaign_leads').set({ next_at: monday }).where('id', '=', lead!.id).execute();
    const before = await getCreditsInfo(t.ctx.db, owner.teamId);

    expect((await runTick(t.ctx, { now: monday, random: () => 0 })).planned).toBe(1);
    expect(await sendsOf([id])).toHaveLength(2);
    // 2 credits for the one email this tick wrote; the other's were paid and given back.
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).used - before.used).toBe(2);
    const refunds = await t.ctx.db.selectFrom('credit_ledger').select(['amount', 'reason']).where('team_id', '=', owner.teamId).where('idempotency_key', 'like', 'campaign-send-not-planned:%').execute();
    expect(refunds).toEqual([{ amount: expect.anything(), reason: 'Campaign "Race" email planned twice' }]);
  });

  // Two connections at once: PostgreSQL only (the embedded database has one).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('plans nothing, and charges nothing, for a campaign paused while the tick planned it', async () => {
    const monday = new Date('2026-02-23T08:00:00Z'); // 09:00 in Paris
    await t.ctx.db.updateTable('campaigns').set({ status: 'paused' }).where('status', '=', 'active').execute();
    await createMailbox(t.ctx.db, t.ctx.config, owner, 'midway@example.test', { capacity: 100 });
    const id = await launchedCampaign('Midway', 2, { mailboxes: ['midway@example.test'], dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 }, monday);
    const before = await getCreditsInfo(t.ctx.db, owner.teamId);
    // The owner pauses it (uncommitted) as the tick plans its emails; the pause commits once the
    // tick waits for the campaign, or once the tick is done.
    let tickDone = false;
    let paused!: () => void;
    const pauseWritten = new Promise<void>((resolve) => (paused = resolve));
    const pausing = t.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('campaigns').set({ status: 'paused' }).where('id', '=', id).execute();
      paused();
      const end = Date.now() + 20_000;
      while (!tickDone && Date.now() < end) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(t.ctx.db);
        if (waiting.rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await pauseWritten;
    const planned = (await runTick(t.ctx, { now: monday, random: () => 0 }).finally(() => (tickDone = true))).planned;
    await pausing;
    expect(planned).toBe(0);
    expect(await sendsOf([id])).toEqual([]);
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).used).toBe(before.used);
  });

  it("plans with a duplicate's refund the email it had no credits for, instead of pausing", async () => {
    const monday = new Date('2026-02-16T08:00:00Z'); // 09:00 in Paris
    await t.ctx.db.updateTable('campaigns').set({ status: 'paused' }).where('status', '=', 'active').execute();
    const mailboxId = await createMailbox(t.ctx.db, t.ctx.config, owner, 'short@example.test', { capacity: 100 });
    const id = await launchedCampaign('Short', 2, { mailboxes: ['short@example.test'], dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 }, monday);
    const [first, second] = await t.ctx.db.selectFrom('campaign_leads').select(['id', 'email']).where('campaign_id', '=', id).orderBy('email').execute();
    // Another tick planned the first lead's email; this tick, still seeing it due first, pays
    // for it with the last 2 credits, and has none left for the second lead's.
    await insertSends(t.ctx.db, [
      { campaignId: id, leadId: first!.id, teamId: owner.teamId, stepPosition: 0, variant: 0, mailboxId, messageId: '<short@example.test>', to: first!.email!, subject: 'Hello', body: 'Hi', inReplyTo: null, references: [], dueAt: monday },
    ]);
    await t.ctx.db.updateTable('campaign_leads').set({ next_at: new Date(monday.getTime() - 60_000) }).where('id', '=', first!.id).execute();
    await t.ctx.db.updateTable('campaign_leads').set({ next_at: monday }).where('id', '=', second!.id).execute();
    const { available } = await getCreditsInfo(t.ctx.db, owner.teamId);
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'test_drain', amount: available - 2, idempotencyKey: 'drain-short' });

    // The duplicate's refund pays for the second lead's email: planned, and the campaign runs on.
    expect((await runTick(t.ctx, { now: monday, random: () => 0 })).planned).toBe(1);
    const planned = await sendsOf([id]);
    expect(planned.filter((s) => s.lead_id === second!.id).map((s) => s.step_position)).toEqual([0]);
    const campaign = await t.ctx.db.selectFrom('campaigns').select(['status', 'status_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(campaign).toEqual({ status: 'active', status_reason: null });
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).available).toBe(0);
  });
});
