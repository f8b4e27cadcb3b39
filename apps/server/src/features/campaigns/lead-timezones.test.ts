import { localParts } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startSmtpFixture } from '../../test/mail/smtp-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { sendPlannedEmail } from './send-email.js';
import { createContactList, createMailbox, ownerActor, threeSteps } from './test/fixtures.repository.js';

const SENDER = { email: 'zones@example.test', password: 'zones-secret' };
const LEADS = [
  { first: 'Nora', email: 'nora@ny.test', place: { country: 'United States', state: 'New York', city: 'New York' } },
  { first: 'Taro', email: 'taro@tokyo.test', place: { country: 'Japan', state: null, city: 'Tokyo' } },
  { first: 'Una', email: 'una@nowhere.test', place: { country: null, state: null, city: null } },
];
// Paris, weekdays 09:00-17:00, each lead in its own zone where its location gives one.
const SCHEDULE = { timezone: 'Europe/Paris', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', useLeadTimezone: true };

let t: TestApp;
let owner: TestUser;
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
let campaignId: string;

const leadOf = (email: string) => t.ctx.db.selectFrom('campaign_leads').select(['id', 'next_at', 'status']).where('campaign_id', '=', campaignId).where('email', '=', email).executeTakeFirstOrThrow();
const plannedTo = async (email: string) =>
  t.ctx.db.selectFrom('campaign_sends').select(['id', 'due_at', 'step_position']).where('campaign_id', '=', campaignId).where('to_address', '=', email).orderBy('step_position').execute();
const tick = (iso: string) => runTick(t.ctx, { now: new Date(iso), random: () => 0 });

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({ config: { outboundAllowPrivate: true } }), startSmtpFixture({ user: SENDER.email, pass: SENDER.password })]);
  owner = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, password: SENDER.password, capacity: 100 });
  const { listId, contactIds } = await createContactList(t.ctx.db, owner, 'Zones', LEADS);
  for (const [i, lead] of LEADS.entries()) await t.ctx.db.updateTable('contacts').set(lead.place).where('id', '=', contactIds[i]!).execute();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: owner.cookie },
    payload: { name: 'Zones', listIds: [listId], mailboxes: [SENDER.email], schedule: SCHEDULE, steps: threeSteps, dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 },
  });
  expect(created.statusCode, created.body).toBe(201);
  campaignId = created.json().data.id;
  // Friday 2026-03-06, 22:00 UTC: 17:00 in New York, Saturday 07:00 in Tokyo, 23:00 in Paris.
  await launchCampaign(t.ctx.db, ownerActor(owner), campaignId, new Date('2026-03-06T22:00:00Z'));
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

describe("sending in each lead's time zone (injected clock)", () => {
  it('waits for each window, skips the weekend in each zone, and follows New York across its daylight-saving change', async () => {
    expect((await tick('2026-03-06T22:00:00Z')).planned).toBe(0);
    // Each lead now waits for Monday's opening in its own zone. New York moved to daylight time on
    // Sunday 8 March (09:00 EDT is 13:00 UTC, not 14:00); Paris moves only on 29 March.
    expect((await leadOf('taro@tokyo.test')).next_at?.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect((await leadOf('una@nowhere.test')).next_at?.toISOString()).toBe('2026-03-09T08:00:00.000Z');
    expect((await leadOf('nora@ny.test')).next_at?.toISOString()).toBe('2026-03-09T13:00:00.000Z');

    expect((await tick('2026-03-07T10:00:00Z')).planned).toBe(0); // Saturday everywhere
    expect((await tick('2026-03-09T00:00:00Z')).planned).toBe(1); // 09:00 Monday in Tokyo
    expect((await plannedTo('taro@tokyo.test'))[0]?.due_at.toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect((await tick('2026-03-09T08:00:00Z')).planned).toBe(1); // 09:00 in Paris: the lead with no location
    expect((await tick('2026-03-09T12:59:00Z')).planned).toBe(0); // 08:59 in New York
    expect((await tick('2026-03-09T13:00:00Z')).planned).toBe(1);
    const nora = (await plannedTo('nora@ny.test'))[0]!;
    expect(localParts(nora.due_at, 'America/New_York')).toMatchObject({ hour: 9, minute: 0, weekday: 1 });
  });

  it("counts a follow-up's delay in the lead's zone", async () => {
    const taro = (await plannedTo('taro@tokyo.test'))[0]!;
    expect(await sendPlannedEmail(t.ctx, taro.id, () => taro.due_at)).toBe('sent');
    // Two days after 09:00 Monday in Tokyo is 09:00 Wednesday there (in Paris' zone it would be 08:00 UTC).
    expect((await leadOf('taro@tokyo.test')).next_at?.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect((await tick('2026-03-11T00:00:00Z')).planned).toBe(1);
  });
});
