import fs from 'node:fs';
import path from 'node:path';
import { CAMPAIGN_MESSAGES } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreditsInfo, spendCredits } from '../credits/index.js';
import { findMailAccount, sendMail } from '../mailboxes/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { startSmtpDelivery, type SmtpDelivery } from '../../test/mail/smtp-delivery.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign, pauseCampaign, resumeCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { sendPlannedEmail } from './send-email.js';
import * as sendsRepo from './sends.repository.js';
import { createContactList, createMailbox, ownerActor, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

const SENDER = { email: 'sales@example.test', password: 'sales-secret' };
const LEADS = Array.from({ length: 6 }, (_, i) => ({ email: `lead${i}@example.test`, password: `lead${i}-secret` }));
const MONDAY = new Date('2026-01-12T08:00:00Z'); // 09:00 in Paris
/** After the first campaign's last step: the mailbox's clock only moves forward. */
const LATER = new Date('2026-01-26T08:00:00Z');

let dovecot: Dovecot;
let smtp: SmtpDelivery;
let t: TestApp;
let owner: TestUser;
let accountId: string;

/** The raw messages in a user's INBOX, oldest first. */
function inbox(email: string): string[] {
  const dir = path.join(dovecot.maildir(email), 'new');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}
const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();

async function createAndLaunch(name: string, leads: Array<{ first: string; email: string }>, launchAt = MONDAY) {
  const { listId } = await createContactList(t.ctx.db, owner, name, leads);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: owner.cookie },
    payload: { name, listIds: [listId], mailboxes: [SENDER.email], schedule: WEEKDAYS_9_TO_5, steps: threeSteps, minGapSeconds: 0, jitterSeconds: 0, allowActiveElsewhere: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  await launchCampaign(t.ctx.db, ownerActor(owner), id, launchAt);
  return id;
}

const queuedSends = (campaignId: string, position: number) =>
  t.ctx.db.selectFrom('campaign_sends').select(['id', 'message_id', 'to_address', 'status']).where('campaign_id', '=', campaignId).where('step_position', '=', position).orderBy('to_address').execute();

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot([SENDER, ...LEADS]), createTestApp({ config: { outboundAllowPrivate: true, publicUrl: 'http://leadline.test' } })]);
  smtp = await startSmtpDelivery(dovecot);
  owner = await createOwner(t.ctx.db);
  accountId = await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp, imap: dovecot, password: SENDER.password, capacity: 100 });
}, 60_000);
afterAll(async () => {
  await smtp?.stop();
  await dovecot?.stop();
  await t?.close();
});

/** A launched one-lead campaign of a new team, from its own mailbox `sender`. */
async function launchForAnotherTeam(name: string, sender: string, lead: { first: string; email: string }) {
  const other = await createOwner(t.ctx.db);
  expect(await createMailbox(t.ctx.db, t.ctx.config, other, sender, { smtp, imap: dovecot, password: 'x' })).toBeTruthy();
  const { listId } = await createContactList(t.ctx.db, other, name, [lead]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: other.cookie },
    payload: { name, listIds: [listId], mailboxes: [sender], schedule: WEEKDAYS_9_TO_5, steps: threeSteps, minGapSeconds: 0 },
  });
  const id = created.json().data.id as string;
  expect((await t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${id}/launch`, headers: { cookie: other.cookie } })).statusCode).toBe(200);
  return { other, id };
}

describe('sending campaign emails', () => {
  let campaignId: string;

  it('sends the first step with its variables, Message-ID and one-click unsubscribe, and pays 2 credits each', async () => {
    campaignId = await createAndLaunch('Send', [
      { first: 'Ann', email: LEADS[0]!.email },
      { first: 'Bob', email: LEADS[1]!.email },
    ]);
    const before = (await getCreditsInfo(t.ctx.db, owner.teamId)).used;
    expect((await runTick(t.ctx, { now: MONDAY })).planned).toBe(2);
    const sends = await queuedSends(campaignId, 0);
    for (const send of sends) expect(await sendPlannedEmail(t.ctx, send.id, () => MONDAY)).toBe('sent');
    // A repeated job finds the send done.
    expect(await sendPlannedEmail(t.ctx, sends[0]!.id, () => MONDAY)).toBe('skipped');

    const [raw] = inbox(LEADS[0]!.email);
    expect(inbox(LEADS[0]!.email)).toHaveLength(1);
    expect(header(raw!, 'Subject')).toBe('Hello Ann');
    expect(header(raw!, 'Message-ID')).toBe(sends[0]!.message_id);
    expect(header(raw!, 'List-Unsubscribe')).toMatch(/^<http:\/\/leadline\.test\/unsubscribe\/[\w.-]+>, <mailto:sales@example\.test\?subject=unsubscribe>$/);
    expect(header(raw!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(raw).toContain('Hi Ann, a question about your team.');
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).used - before).toBe(4);
    const charges = await t.ctx.db.selectFrom('credit_ledger').select(['amount', 'idempotency_key']).where('team_id', '=', owner.teamId).where('action', '=', 'manual_email').execute();
    expect(charges.map((c) => Number(c.amount))).toEqual([2, 2]);

    const lead = await t.ctx.db.selectFrom('campaign_leads').selectAll().where('campaign_id', '=', campaignId).where('email', '=', LEADS[0]!.email).executeTakeFirstOrThrow();
    // Step 2 waits 2 days: Wednesday, at the time of the first send (09:00 in Paris).
    expect(lead).toMatchObject({ status: 'active', next_position: 1, thread_subject: 'Hello Ann', thread_message_ids: [sends[0]!.message_id] });
    expect(lead.next_at?.toISOString()).toBe('2026-01-14T08:00:00.000Z');
  });

  it('answers in the same thread for a follow-up without a subject, and starts a new one when asked', async () => {
    const first = (await queuedSends(campaignId, 0))[0]!;
    expect((await runTick(t.ctx, { now: new Date('2026-01-13T08:00:00Z') })).planned).toBe(0);
    const wednesday = new Date('2026-01-14T08:00:00Z');
    expect((await runTick(t.ctx, { now: wednesday })).planned).toBe(2);
    for (const send of await queuedSends(campaignId, 1)) await sendPlannedEmail(t.ctx, send.id, () => wednesday);
    const reply = inbox(LEADS[0]!.email)[1]!;
    expect(header(reply, 'Subject')).toBe('Re: Hello Ann');
    expect(header(reply, 'In-Reply-To')).toBe(first.message_id);
    expect(header(reply, 'References')).toBe(first.message_id);

    const saturday = new Date('2026-01-17T08:00:00Z');
    const monday = new Date('2026-01-19T08:00:00Z');
    expect((await runTick(t.ctx, { now: saturday })).planned).toBe(0);
    expect((await runTick(t.ctx, { now: monday })).planned).toBe(2);
    for (const send of await queuedSends(campaignId, 2)) await sendPlannedEmail(t.ctx, send.id, () => monday);
    const last = inbox(LEADS[0]!.email)[2]!;
    expect([header(last, 'Subject'), header(last, 'In-Reply-To')]).toEqual(['Last note', undefined]);
    const leads = await t.ctx.db.selectFrom('campaign_leads').select(['status', 'next_position']).where('campaign_id', '=', campaignId).execute();
    expect(leads).toEqual([
      { status: 'completed', next_position: null },
      { status: 'completed', next_position: null },
    ]);
    await runTick(t.ctx, { now: monday });
    const done = await t.ctx.db.selectFrom('campaigns').select('status').where('id', '=', campaignId).executeTakeFirstOrThrow();
    expect(done.status).toBe('completed');
  });

  it('does not send again when the SMTP server accepted an earlier attempt that died before recording it', async () => {
    const id = await createAndLaunch('Crash', [{ first: 'Cy', email: LEADS[2]!.email }], LATER);
    await runTick(t.ctx, { now: LATER });
    const [send] = await queuedSends(id, 0);
    // The earlier attempt: paid, marked sending, accepted by SMTP (and filed in Sent), then killed.
    await t.ctx.db.updateTable('campaign_sends').set({ status: 'sending', attempts: 1 }).where('id', '=', send!.id).execute();
    const account = (await findMailAccount(t.ctx.db, accountId))!;
    await sendMail(t.ctx, account, { to: [send!.to_address], subject: 'Hello Cy', text: 'first attempt', messageId: send!.message_id });
    expect(inbox(LEADS[2]!.email)).toHaveLength(1);

    expect(await sendPlannedEmail(t.ctx, send!.id, () => LATER)).toBe('already-sent');
    expect(inbox(LEADS[2]!.email)).toHaveLength(1);
    expect((await queuedSends(id, 0))[0]!.status).toBe('sent');
  });

  it('unsubscribes with a one-click POST: the address is suppressed for every campaign of the team', async () => {
    const a = await createAndLaunch('Unsub A', [{ first: 'Di', email: LEADS[3]!.email }], LATER);
    const b = await createAndLaunch('Unsub B', [{ first: 'Di', email: LEADS[3]!.email }], LATER);
    await runTick(t.ctx, { now: LATER });
    const [send] = await queuedSends(a, 0);
    await sendPlannedEmail(t.ctx, send!.id, () => LATER);
    const url = /<http:\/\/leadline\.test(\/unsubscribe\/[^>]+)>/.exec(header(inbox(LEADS[3]!.email)[0]!, 'List-Unsubscribe')!)![1]!;

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(await t.ctx.db.selectFrom('suppressions').select('email').where('team_id', '=', owner.teamId).execute()).toEqual([]);

    const forged = await t.app.inject({ method: 'POST', url: `${url.slice(0, -1)}${url.endsWith("A") ? "B" : "A"}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const posted = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect([forged.statusCode, posted.statusCode]).toEqual([200, 200]);
    expect(forged.json()).toEqual(posted.json());
    expect(posted.json().data.message).toBe(CAMPAIGN_MESSAGES.unsubscribed);

    expect(await t.ctx.db.selectFrom('suppressions').select(['email', 'reason']).where('team_id', '=', owner.teamId).execute()).toEqual([{ email: LEADS[3]!.email, reason: 'unsubscribed' }]);
    const leads = await t.ctx.db.selectFrom('campaign_leads').select(['campaign_id', 'status']).where('campaign_id', 'in', [a, b]).orderBy('campaign_id').execute();
    expect(leads.map((l) => l.status)).toEqual(['unsubscribed', 'unsubscribed']);
    // The other campaign's planned email is dropped, not sent.
    const [other] = await queuedSends(b, 0);
    expect(await sendPlannedEmail(t.ctx, other!.id, () => LATER)).toBe('released');
    expect(inbox(LEADS[3]!.email)).toHaveLength(1);
    const campaign = await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${a}`, headers: { cookie: owner.cookie } });
    expect(campaign.json().data.counts).toMatchObject({ sent: 1, unsubscribed: 1 });
  });

  it('pauses the campaign with a visible reason when the team runs out of credits', async () => {
    const { other, id } = await launchForAnotherTeam('Poor', 'poor@example.test', { first: 'Ed', email: LEADS[0]!.email });
    const { available } = await getCreditsInfo(t.ctx.db, other.teamId);
    await spendCredits(t.ctx.db, { teamId: other.teamId, userId: other.userId, action: 'test_drain', amount: available - 1, idempotencyKey: 'drain' });
    await t.ctx.db.updateTable('campaign_leads').set({ next_at: MONDAY }).where('campaign_id', '=', id).execute();
    const delivered = inbox(LEADS[0]!.email).length;
    // The tick pays for the emails it plans: with 1 credit left it plans none and pauses the campaign.
    expect((await runTick(t.ctx, { now: MONDAY })).planned).toBe(0);
    expect(inbox(LEADS[0]!.email)).toHaveLength(delivered);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}`, headers: { cookie: other.cookie } })).json().data;
    expect([shown.status, shown.statusReason]).toEqual(['paused', CAMPAIGN_MESSAGES.outOfCredits]);
    // The lead waits for the resume, its email not planned any more, and nothing was charged.
    expect(await queuedSends(id, 0)).toEqual([]);
    expect((await getCreditsInfo(t.ctx.db, other.teamId)).available).toBe(1);
    const lead = await t.ctx.db.selectFrom('campaign_leads').select(['status', 'next_at']).where('campaign_id', '=', id).executeTakeFirstOrThrow();
    expect(lead.status).toBe('active');
    expect(lead.next_at?.toISOString()).toBe(MONDAY.toISOString());
  });

  it('pays at send time for an email planned unpaid (by an older version), and pauses when the credits ran out', async () => {
    const { other, id } = await launchForAnotherTeam('Late', 'late@example.test', { first: 'Flo', email: LEADS[1]!.email });
    // Planned without its payment, as the planning of an older version did.
    const lead = await t.ctx.db.selectFrom('campaign_leads').select('id').where('campaign_id', '=', id).executeTakeFirstOrThrow();
    const mailbox = await t.ctx.db.selectFrom('mail_accounts').select('id').where('email_address', '=', 'late@example.test').executeTakeFirstOrThrow();
    const [send] = await sendsRepo.insertSends(t.ctx.db, [
      { campaignId: id, leadId: lead.id, teamId: other.teamId, stepPosition: 0, variant: 0, mailboxId: mailbox.id, messageId: '<late-1@example.test>', to: LEADS[1]!.email, subject: 'Hello', body: 'Hello Flo', inReplyTo: null, references: [], dueAt: MONDAY },
    ]);
    const { available } = await getCreditsInfo(t.ctx.db, other.teamId);
    await spendCredits(t.ctx.db, { teamId: other.teamId, userId: other.userId, action: 'test_drain', amount: available - 1, idempotencyKey: 'drain-late' });
    const delivered = inbox(LEADS[1]!.email).length;
    expect(await sendPlannedEmail(t.ctx, send!.id, () => MONDAY)).toBe('out-of-credits');
    expect(inbox(LEADS[1]!.email)).toHaveLength(delivered);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}`, headers: { cookie: other.cookie } })).json().data;
    expect([shown.status, shown.statusReason]).toEqual(['paused', CAMPAIGN_MESSAGES.outOfCredits]);
    expect(await queuedSends(id, 0)).toEqual([]);
  });

  it('after a pause, records an attempt the server took and drops, refunds and plans again on resume one it did not', async () => {
    const id = await createAndLaunch('Paused mid-send', [
      { first: 'Fay', email: LEADS[4]!.email },
      { first: 'Gus', email: LEADS[5]!.email },
    ], LATER);
    expect((await runTick(t.ctx, { now: LATER })).planned).toBe(2);
    const [taken, cut] = await queuedSends(id, 0);
    // Two attempts paid for and marked sending: the server took the first (it is in Sent), the
    // second died before its SMTP conversation. Then the campaign is paused.
    for (const send of [taken!, cut!]) {
      const { entry } = await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'manual_email', amount: 2, idempotencyKey: `campaign-send:${send.id}` });
      await t.ctx.db.updateTable('campaign_sends').set({ status: 'sending', attempts: 1, charge_id: entry.id }).where('id', '=', send.id).execute();
    }
    const account = (await findMailAccount(t.ctx.db, accountId))!;
    await sendMail(t.ctx, account, { to: [taken!.to_address], subject: 'Hello Fay', text: 'first attempt', messageId: taken!.message_id });
    await pauseCampaign(t.ctx.db, ownerActor(owner), id);
    const before = (await getCreditsInfo(t.ctx.db, owner.teamId)).used;

    expect(await sendPlannedEmail(t.ctx, taken!.id, () => LATER)).toBe('already-sent');
    expect(await sendPlannedEmail(t.ctx, cut!.id, () => LATER)).toBe('released');
    expect((await queuedSends(id, 0)).map((s) => [s.to_address, s.status])).toEqual([[LEADS[4]!.email, 'sent']]);
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).used - before).toBe(-2);
    expect(inbox(LEADS[5]!.email)).toHaveLength(0);

    // Nothing is planned while paused; on resume the dropped lead gets its step, once.
    const later = new Date(LATER.getTime() + 3_600_000);
    expect((await runTick(t.ctx, { now: later })).planned).toBe(0);
    await resumeCampaign(t.ctx.db, ownerActor(owner), id);
    expect((await runTick(t.ctx, { now: later })).planned).toBe(1);
    const again = (await queuedSends(id, 0)).find((s) => s.to_address === LEADS[5]!.email)!;
    expect(again.message_id).not.toBe(cut!.message_id);
    expect(await sendPlannedEmail(t.ctx, again.id, () => later)).toBe('sent');
    expect([inbox(LEADS[4]!.email).length, inbox(LEADS[5]!.email).length]).toEqual([1, 1]);
  });
});
