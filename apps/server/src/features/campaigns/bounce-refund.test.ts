import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits } from '../credits/index.js';
import { findMailAccount, syncMailboxOnce } from '../mailboxes/index.js';
import { createWriteLane } from '../../supervisor/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { deliverRaw, generateMessage } from '../../test/mail/maildir.js';
import { startSmtpFixture } from '../../test/mail/smtp-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { sendPlannedEmail } from './send-email.js';
import { buyEmails, deliveryReport } from './test/enrichment-charge.repository.js';
import { createContactList, createMailbox, ownerActor, threeSteps } from './test/fixtures.repository.js';

const SENDER = { email: 'bounces@example.test', password: 'bounce-secret' };
// Lead 7 answers instead (the last test).
const LEADS = Array.from({ length: 8 }, (_, i) => ({ first: `Lead${i}`, email: `lead${i}@bounce.test` }));
const EVERY_DAY = { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' };
// The real clock: the ledger dates its charges with the database's time.
const NOW = new Date();
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
let t: TestApp;
let owner: TestUser;
let accountId: string;
let campaignId: string;
let charges: string[];
let reports = 0;

const sendOf = (email: string) =>
  t.ctx.db.selectFrom('campaign_sends').select(['id', 'message_id', 'status']).where('campaign_id', '=', campaignId).where('to_address', '=', email).where('step_position', '=', 0).executeTakeFirstOrThrow();
const leadOf = (email: string) => t.ctx.db.selectFrom('campaign_leads').select(['id', 'status']).where('campaign_id', '=', campaignId).where('email', '=', email).executeTakeFirstOrThrow();
const refundsOf = (chargeId: string) => t.ctx.db.selectFrom('credit_ledger').select(['amount', 'reason']).where('kind', '=', 'refund').where('refund_of', '=', chargeId).execute();
const timelineKinds = async (email: string) => {
  const lead = await leadOf(email);
  const answer = await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaignId}/leads/${lead.id}/timeline`, headers: { cookie: owner.cookie } });
  return answer.json().data.entries.map((e: { kind: string; detail: string | null }) => [e.kind, e.detail]);
};

async function report(i: number, status: string) {
  const send = await sendOf(LEADS[i]!.email);
  deliverRaw(dovecot, SENDER.email, deliveryReport(SENDER.email, LEADS[i]!.email, send.message_id, status, ++reports));
}

/** Syncs the mailbox from Dovecot and runs a tick at `now`: the exits it found. */
async function syncAndTick(now: Date) {
  await syncMailboxOnce(t.ctx, (await findMailAccount(t.ctx.db, accountId))!, createWriteLane(t.ctx.db, t.runtime.database.kind));
  return (await runTick(t.ctx, { now, random: () => 0 })).exits;
}

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot([SENDER]), createTestApp({ config: { outboundAllowPrivate: true, publicUrl: 'http://leadline.test' } })]);
  smtp = await startSmtpFixture({ user: SENDER.email, pass: SENDER.password });
  owner = await createOwner(t.ctx.db);
  await grantCredits(t.ctx.db, { teamId: owner.teamId, amount: 1000, idempotencyKey: 'bounce-test-grant', reason: 'test' });
  accountId = await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, imap: dovecot, password: SENDER.password, capacity: 100 });
  const { listId, contactIds } = await createContactList(t.ctx.db, owner, 'Bought emails', LEADS);
  // Leads 0-4 have emails bought by enrichment (lead 0's written in capitals by the provider);
  // lead 5's came with an import; lead 6's enrichment bought another address than the one mailed.
  charges = await buyEmails(t.ctx.db, owner, [
    ...contactIds.slice(0, 5).map((contactId, i) => ({ contactId, email: i === 0 ? LEADS[0]!.email.toUpperCase() : LEADS[i]!.email })),
    { contactId: contactIds[6]!, email: 'someone.else@bounce.test' },
  ]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: owner.cookie },
    payload: { name: 'Bounces', listIds: [listId], mailboxes: [SENDER.email], schedule: EVERY_DAY, steps: threeSteps, dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 },
  });
  campaignId = created.json().data.id;
  await launchCampaign(t.ctx.db, ownerActor(owner), campaignId, NOW);
  expect((await runTick(t.ctx, { now: NOW, random: () => 0 })).planned).toBe(LEADS.length);
  for (const lead of LEADS) expect(await sendPlannedEmail(t.ctx, (await sendOf(lead.email)).id, () => NOW)).toBe('sent');
}, 60_000);
afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
  await t?.close();
});

describe('hard bounces against Dovecot and loopback SMTP', () => {
  it('marks the address invalid, stops the lead and refunds the enrichment charge that bought it, once', async () => {
    for (const i of [0, 1, 2]) await report(i, '5.1.1');
    expect(await syncAndTick(later(1))).toMatchObject({ 'hard-bounce': 3 });

    for (const i of [0, 1, 2]) {
      expect((await leadOf(LEADS[i]!.email)).status).toBe('bounced');
      const contact = await t.ctx.db.selectFrom('contacts').select('emails').where('team_id', '=', owner.teamId).where('primary_email', '=', LEADS[i]!.email).executeTakeFirstOrThrow();
      expect(contact.emails[0]).toMatchObject({ status: 'invalid' });
      expect(await refundsOf(charges[i]!)).toEqual([{ amount: 5, reason: `Email ${LEADS[i]!.email} bounced` }]);
      expect(await timelineKinds(LEADS[i]!.email)).toContainEqual(['refunded', '5 enrichment credits refunded']);
    }
    expect(await refundsOf(charges[3]!)).toEqual([]);
    expect((await leadOf(LEADS[3]!.email)).status).toBe('active');

    // The same report read again (a second pass) refunds nothing more.
    expect(await syncAndTick(later(2))).toMatchObject({ 'hard-bounce': 0 });
    expect(await refundsOf(charges[0]!)).toHaveLength(1);
  });

  it('sends again after a soft bounce, twice, then counts the third as hard', async () => {
    const lead = LEADS[3]!.email;
    for (const [n, minutes] of [[1, 10], [2, 300]] as const) {
      await report(3, '4.2.2');
      expect(await syncAndTick(later(minutes))).toMatchObject({ 'soft-bounce': 1 });
      const retry = await sendOf(lead);
      expect(retry.status).toBe('queued');
      expect(await timelineKinds(lead)).toContainEqual(['soft_bounce', 'Sending again later']);
      expect(await sendPlannedEmail(t.ctx, retry.id, () => later(minutes + 240))).toBe('sent');
      expect(smtp.received.filter((m) => m.to.includes(lead))).toHaveLength(1 + n);
      expect(await refundsOf(charges[3]!)).toEqual([]);
    }
    await report(3, '4.2.2');
    await syncAndTick(later(600));
    expect((await leadOf(lead)).status).toBe('bounced');
    expect(await refundsOf(charges[3]!)).toHaveLength(1);
  });

  it('does not refund an enrichment charge that bought another address of the contact than the one that bounced', async () => {
    await report(6, '5.1.1');
    expect(await syncAndTick(later(700))).toMatchObject({ 'hard-bounce': 1 });
    expect((await leadOf(LEADS[6]!.email)).status).toBe('bounced');
    expect(await refundsOf(charges[5]!)).toEqual([]);
    expect((await timelineKinds(LEADS[6]!.email)).map(([kind]: [string]) => kind)).not.toContain('refunded');
  });

  it('does not refund an email bought more than 90 days before the bounce, nor one that credits did not buy', async () => {
    await report(4, '5.1.1');
    await report(5, '5.1.1');
    expect(await syncAndTick(new Date(NOW.getTime() + 91 * 86_400_000))).toMatchObject({ 'hard-bounce': 2 });
    expect((await leadOf(LEADS[4]!.email)).status).toBe('bounced');
    expect((await leadOf(LEADS[5]!.email)).status).toBe('bounced');
    expect(await refundsOf(charges[4]!)).toEqual([]);
    expect((await timelineKinds(LEADS[4]!.email)).map(([kind]: [string]) => kind)).not.toContain('refunded');
  });

  it('gives back the 2 credits of a planned email whose lead replied before it went', async () => {
    const lead = LEADS[7]!.email;
    // The last tick (91 days on) planned, and paid for, lead 7's second step.
    const planned = await t.ctx.db.selectFrom('campaign_sends').select(['id', 'status', 'charge_id']).where('campaign_id', '=', campaignId).where('to_address', '=', lead).where('step_position', '=', 1).executeTakeFirstOrThrow();
    expect(planned.status).toBe('queued');
    expect(planned.charge_id).not.toBeNull();
    const first = await sendOf(lead);
    deliverRaw(dovecot, SENDER.email, generateMessage({ from: lead, to: SENDER.email, subject: 'Re: Hello', text: 'Tell me more.', inReplyTo: first.message_id, references: [first.message_id] }).raw);
    expect(await syncAndTick(new Date(NOW.getTime() + 91 * 86_400_000 + 60_000))).toMatchObject({ reply: 1 });
    expect((await leadOf(lead)).status).toBe('replied');
    const dropped = await t.ctx.db.selectFrom('campaign_sends').select('status').where('id', '=', planned.id).executeTakeFirstOrThrow();
    expect(dropped.status).toBe('cancelled');
    expect(await refundsOf(planned.charge_id!)).toEqual([{ amount: 2, reason: 'Campaign email not sent: the lead replied' }]);
    // Its job, when it comes, sends nothing.
    const before = smtp.received.length;
    expect(await sendPlannedEmail(t.ctx, planned.id, () => new Date(NOW.getTime() + 92 * 86_400_000))).toBe('skipped');
    expect(smtp.received).toHaveLength(before);
  });
});
