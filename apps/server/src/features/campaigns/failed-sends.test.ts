import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCreditsInfo } from '../credits/index.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startDovecot, type Dovecot } from '../../test/mail/dovecot.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { SEND_ATTEMPTS, sendPlannedEmail } from './send-email.js';
import { createContactList, createMailbox, ownerActor, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

const SENDER = { email: 'sales@example.test', password: 'sales-secret' };
const MONDAY = new Date('2026-01-12T08:00:00Z');
const REFUSED = 'gone@example.test';
const GREYLISTED = 'later@example.test';
const FINE = 'fine@example.test';

let dovecot: Dovecot;
let smtp: SMTPServer;
let smtpPort: number;
let t: TestApp;
let owner: TestUser;

/** An SMTP server that refuses one recipient for good (550), keeps deferring another (451) and delivers the rest. */
async function startRefusingSmtp() {
  const server = new SMTPServer({
    // A loopback server: no reverse DNS lookup of the client.
    disableReverseLookup: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) return callback(Object.assign(new Error('5.1.1 <gone@example.test>: Recipient address rejected: User unknown'), { responseCode: 550 }));
      if (address.address === GREYLISTED) return callback(Object.assign(new Error('4.7.1 Greylisted, try again later'), { responseCode: 451 }));
      return callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

beforeAll(async () => {
  [dovecot, t] = await Promise.all([startDovecot([SENDER]), createTestApp({ config: { outboundAllowPrivate: true } })]);
  ({ server: smtp, port: smtpPort } = await startRefusingSmtp());
  owner = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtpPort }, imap: dovecot, password: SENDER.password, capacity: 100 });
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await dovecot?.stop();
  await t?.close();
});

async function leadsOf(campaignId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaignId}/leads`, headers: { cookie: owner.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().data as Array<{ email: string; status: string; nextStep: number | null; failure: { step: number; reason: string } | null }>).map((l) => [l.email, l]));
}

describe('failed campaign sends', () => {
  it('fails a lead at once with the server reason when the server refuses the email (5xx), keeps retrying a deferral (4xx) then fails it, and refunds both', async () => {
    const { listId } = await createContactList(t.ctx.db, owner, 'Refusals', [
      { first: 'Gone', email: REFUSED },
      { first: 'Later', email: GREYLISTED },
      { first: 'Fine', email: FINE },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: { cookie: owner.cookie },
      payload: { name: 'Refusals', listIds: [listId], mailboxes: [SENDER.email], schedule: WEEKDAYS_9_TO_5, steps: threeSteps, minGapSeconds: 0, jitterSeconds: 0 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().data.id as string;
    await launchCampaign(t.ctx.db, ownerActor(owner), campaignId, MONDAY);
    const before = (await getCreditsInfo(t.ctx.db, owner.teamId)).used;
    expect((await runTick(t.ctx, { now: MONDAY })).planned).toBe(3);
    const sendOf = async (to: string) => (await t.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', campaignId).where('to_address', '=', to).executeTakeFirstOrThrow()).id;

    expect(await sendPlannedEmail(t.ctx, await sendOf(REFUSED), () => MONDAY)).toBe('failed');
    expect(await sendPlannedEmail(t.ctx, await sendOf(FINE), () => MONDAY)).toBe('sent');
    const deferred = await sendOf(GREYLISTED);
    // Each attempt before the last throws, so the job runtime retries it later.
    for (let attempt = 1; attempt < SEND_ATTEMPTS; attempt++) await expect(sendPlannedEmail(t.ctx, deferred, () => MONDAY)).rejects.toMatchObject({ responseCode: 451 });
    expect(await sendPlannedEmail(t.ctx, deferred, () => MONDAY)).toBe('failed');
    // A repeated job leaves a failed send alone.
    expect(await sendPlannedEmail(t.ctx, deferred, () => MONDAY)).toBe('skipped');

    const leads = await leadsOf(campaignId);
    expect(leads.get(REFUSED)).toMatchObject({ status: 'failed', nextStep: null, failure: { step: 0, reason: expect.stringMatching(/^550 5\.1\.1 .*User unknown/) } });
    expect(leads.get(GREYLISTED)).toMatchObject({ status: 'failed', failure: { step: 0, reason: expect.stringMatching(/^451 4\.7\.1 Greylisted/) } });
    expect(leads.get(FINE)).toMatchObject({ status: 'active', nextStep: 1, failure: null });
    const failedOnly = await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${campaignId}/leads?status=failed`, headers: { cookie: owner.cookie } });
    expect(failedOnly.json().pagination.totalRecords).toBe(2);

    // Only the delivered email is paid for: the refused ones are refunded against their charges.
    expect((await getCreditsInfo(t.ctx.db, owner.teamId)).used - before).toBe(2);
    const refunds = await t.ctx.db.selectFrom('credit_ledger').select(['amount', 'refund_of']).where('team_id', '=', owner.teamId).where('kind', '=', 'refund').execute();
    expect(refunds).toHaveLength(2);
    expect(refunds.every((r) => Number(r.amount) === 2 && r.refund_of !== null)).toBe(true);
    const events = await t.ctx.db.selectFrom('campaign_lead_events').select('kind').where('kind', '=', 'failed').execute();
    expect(events).toHaveLength(2);

    // The failed leads get no later step.
    expect((await runTick(t.ctx, { now: new Date('2026-01-14T08:00:00Z') })).planned).toBe(1);
  }, 60_000);
});
