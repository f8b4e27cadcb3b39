import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { createContactList, createMailbox, ownerActor, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

const SENDER = { email: 'sales@example.test', password: 'sales-secret' };
const LEADS = Array.from({ length: 50 }, (_, i) => ({ first: `Lead${i}`, email: `lead${i}@leads.test` }));
const MONDAY = new Date('2026-01-12T08:00:00Z');
const WEDNESDAY = new Date('2026-01-14T08:00:00Z');
const NEXT_MONDAY = new Date('2026-01-19T08:00:00Z');

let dovecot: Dovecot;
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;
let t: TestApp;
let owner: TestUser;
let accountId: string;
let campaignId: string;

/** A delivery status notification as Postfix writes it: a report with the human part, the status and the original headers. */
function dsn(to: string, originalMessageId: string, status: string, n: number) {
  const boundary = `report-${n}`;
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.test>',
    `To: ${SENDER.email}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <dsn-${n}@mx.example.test>`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.test.',
    "I'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
    '',
    `<${to}>: host mx.leads.test[192.0.2.1] said: 550 ${status} <${to}>: Recipient address rejected: User unknown`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.test',
    '',
    `Final-Recipient: rfc822; ${to}`,
    'Action: failed',
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} User unknown`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${originalMessageId}`,
    `From: ${SENDER.email}`,
    `To: ${to}`,
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

async function sendDue(now: Date) {
  const planned = await t.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', campaignId).where('status', '=', 'queued').execute();
  for (const send of planned) await sendPlannedEmail(t.ctx, send.id, () => now);
  return planned.length;
}

const firstSendTo = (email: string) =>
  t.ctx.db.selectFrom('campaign_sends').select(['message_id', 'subject']).where('campaign_id', '=', campaignId).where('to_address', '=', email).where('step_position', '=', 0).executeTakeFirstOrThrow();

const leadsByStatus = async () => {
  const rows = await t.ctx.db.selectFrom('campaign_leads').select(['email', 'status']).where('campaign_id', '=', campaignId).execute();
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.status] ??= []).push(r.email!);
  for (const list of Object.values(out)) list.sort();
  return out;
};

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot([SENDER]), createTestApp({ config: { outboundAllowPrivate: true, publicUrl: 'http://leadline.test' } })]);
  smtp = await startSmtpFixture({ user: SENDER.email, pass: SENDER.password });
  owner = await createOwner(t.ctx.db);
  accountId = await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, imap: dovecot, password: SENDER.password, capacity: 100 });
}, 60_000);
afterAll(async () => {
  await smtp?.close();
  await dovecot?.stop();
  await t?.close();
});

describe('a 3-step campaign to 50 leads against Dovecot and loopback SMTP', () => {
  it('stops on the 4 real replies, postpones on the out-of-office, marks and stops the 3 hard bounces, and honours a one-click unsubscribe', async () => {
    const { listId } = await createContactList(t.ctx.db, owner, '50 leads', LEADS);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: { cookie: owner.cookie },
      payload: { name: 'Fifty', listIds: [listId], mailboxes: [SENDER.email], schedule: WEEKDAYS_9_TO_5, steps: threeSteps, dailyLimit: 100, minGapSeconds: 0, jitterSeconds: 0 },
    });
    campaignId = created.json().data.id;
    await launchCampaign(t.ctx.db, ownerActor(owner), campaignId, MONDAY);

    expect((await runTick(t.ctx, { now: MONDAY })).planned).toBe(50);
    expect(await sendDue(MONDAY)).toBe(50);
    expect(smtp.received).toHaveLength(50);

    // Replies: three answer in the thread, one from a client that drops the thread headers, one is an out-of-office.
    for (const i of [1, 2, 3]) {
      const first = await firstSendTo(LEADS[i]!.email);
      deliverRaw(dovecot, SENDER.email, generateMessage({ from: LEADS[i]!.email, to: SENDER.email, subject: `Re: ${first.subject}`, text: 'Interested, call me.', inReplyTo: first.message_id, references: [first.message_id] }).raw);
    }
    deliverRaw(dovecot, SENDER.email, generateMessage({ from: LEADS[4]!.email, to: SENDER.email, subject: 'Quick question', text: 'Sure, send details.' }).raw);
    const ooo = await firstSendTo(LEADS[5]!.email);
    deliverRaw(dovecot, SENDER.email, generateMessage({ from: LEADS[5]!.email, to: SENDER.email, subject: `Automatic reply: ${ooo.subject}`, text: 'I am out of the office until Monday.', inReplyTo: ooo.message_id }).raw);
    // Three hard bounces, reported by the receiving MTA.
    for (const i of [10, 11, 12]) deliverRaw(dovecot, SENDER.email, dsn(LEADS[i]!.email, (await firstSendTo(LEADS[i]!.email)).message_id, '5.1.1', i));
    // Mail from someone who is not a lead changes nothing.
    deliverRaw(dovecot, SENDER.email, generateMessage({ from: 'stranger@else.test', to: SENDER.email, subject: 'Hello', text: 'Unrelated.' }).raw);

    await syncMailboxOnce(t.ctx, (await findMailAccount(t.ctx.db, accountId))!, createWriteLane(t.ctx.db, t.runtime.database.kind));
    const tick = await runTick(t.ctx, { now: new Date('2026-01-12T10:00:00Z') });
    expect(tick.exits).toEqual({ reply: 4, 'auto-reply': 1, 'hard-bounce': 3, 'soft-bounce': 0 });
    // A second pass over the same mail finds nothing new.
    expect((await runTick(t.ctx, { now: new Date('2026-01-12T10:05:00Z') })).exits).toEqual({ reply: 0, 'auto-reply': 0, 'hard-bounce': 0, 'soft-bounce': 0 });

    const statuses = await leadsByStatus();
    expect(statuses.replied).toEqual([1, 2, 3, 4].map((i) => LEADS[i]!.email).sort());
    expect(statuses.bounced).toEqual([10, 11, 12].map((i) => LEADS[i]!.email).sort());
    expect(statuses.active).toHaveLength(43);
    const bounced = await t.ctx.db.selectFrom('contacts').select('emails').where('team_id', '=', owner.teamId).where('primary_email', '=', LEADS[10]!.email).executeTakeFirstOrThrow();
    expect(bounced.emails[0]).toMatchObject({ email: LEADS[10]!.email, status: 'invalid' });
    const postponed = await t.ctx.db.selectFrom('campaign_leads').select('next_at').where('campaign_id', '=', campaignId).where('email', '=', LEADS[5]!.email).executeTakeFirstOrThrow();
    expect(postponed.next_at?.toISOString()).toBe('2026-01-17T08:00:00.000Z');

    // Step 2 on Wednesday goes to the 42 leads still due (not the out-of-office one, postponed to Saturday, then Monday).
    expect((await runTick(t.ctx, { now: WEDNESDAY })).planned).toBe(42);
    await sendDue(WEDNESDAY);
    const stopped = new Set([1, 2, 3, 4, 5, 10, 11, 12].map((i) => LEADS[i]!.email));
    expect(smtp.received.slice(50).filter((m) => m.to.some((to) => stopped.has(to)))).toEqual([]);

    // One lead unsubscribes with the one-click POST of its email's link.
    const mail = smtp.received.find((m) => m.to.includes(LEADS[20]!.email))!;
    const path = /http:\/\/leadline\.test(\/unsubscribe\/\S+)/.exec(mail.text)![1]!;
    const posted = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(posted.statusCode).toBe(200);

    expect((await runTick(t.ctx, { now: NEXT_MONDAY })).planned).toBe(42); // 41 at step 3, and the out-of-office lead's step 2
    await sendDue(NEXT_MONDAY);
    expect(smtp.received.filter((m) => m.to.includes(LEADS[20]!.email))).toHaveLength(2);
    expect(smtp.received).toHaveLength(50 + 42 + 42);

    const details = (await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaignId}`, headers: { cookie: owner.cookie } })).json().data;
    expect(details.counts).toMatchObject({ leads: 50, sent: 134, replied: 4, bounced: 3, unsubscribed: 1 });
    expect(details.steps.map((s: { counts: { sent: number } }) => s.counts.sent)).toEqual([50, 43, 41]);
  }, 240_000);
});
