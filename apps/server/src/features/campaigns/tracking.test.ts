import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, type TestUser } from '../../test/factories.js';
import { startSmtpFixture } from '../../test/mail/smtp-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { sendPlannedEmail } from './send-email.js';
import { createContactList, createMailbox, ownerActor } from './test/fixtures.repository.js';

const SENDER = { email: 'tracked@example.test', password: 'tracked-secret' };
const EVERY_DAY = { timezone: 'UTC', days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' };
const PRICING = 'https://example.org/pricing?plan=team&seats=5';
const STEPS = [
  { type: 'email' as const, delayDays: 0, subject: 'Pricing for {{companyName|you}}', body: `Hi {{firstName|there}},\n\nOur prices: ${PRICING}\nBook a call: https://cal.example.org/sam.` },
  { type: 'email' as const, delayDays: 2, body: '<p>Following up, {{firstName|there}}: <a href="https://example.org/case-study?x=1&amp;y=2">the case study</a>.</p>' },
];
const ADDRESS = 'Leadline Inc.\n 1 Market Street \n\nSan Francisco, CA 94105\nUnited States';

let t: TestApp;
let owner: TestUser;
let foreign: TestUser;
let smtp: Awaited<ReturnType<typeof startSmtpFixture>>;

async function campaign(user: TestUser, name: string, emails: string[], options: object) {
  const { listId } = await createContactList(t.ctx.db, user, name, emails.map((email, i) => ({ first: `Lead${i}`, company: 'Acme', email })));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaigns',
    headers: { cookie: user.cookie },
    payload: { name, listIds: [listId], mailboxes: [SENDER.email], schedule: EVERY_DAY, steps: STEPS, minGapSeconds: 0, jitterSeconds: 0, ...options },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  await launchCampaign(t.ctx.db, ownerActor(user), id, new Date());
  return id;
}

/** Plans and sends what is due now; answers the mails received for these addresses, parsed. */
async function sendAll(campaignId: string, emails: string[]) {
  await runTick(t.ctx, { now: new Date(), random: () => 0 });
  const planned = await t.ctx.db.selectFrom('campaign_sends').select('id').where('campaign_id', '=', campaignId).where('status', '=', 'queued').execute();
  for (const send of planned) expect(await sendPlannedEmail(t.ctx, send.id)).toBe('sent');
  const mails: ParsedMail[] = [];
  for (const m of smtp.received.filter((r) => emails.some((e) => r.to.includes(e)))) mails.push(await simpleParser(Buffer.from(m.raw, 'latin1')));
  return mails;
}

const details = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}`, headers: { cookie: owner.cookie } })).json().data;
const path = (url: string) => url.replace('http://leadline.test', '');

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp({ config: { outboundAllowPrivate: true, publicUrl: 'http://leadline.test' } }), startSmtpFixture({ user: SENDER.email, pass: SENDER.password })]);
  owner = await createOwner(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER.email, { smtp: { host: '127.0.0.1', port: smtp.port }, password: SENDER.password, capacity: 100 });
  const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/company/postal-address', headers: { cookie: owner.cookie }, payload: { postalAddress: ADDRESS } });
  expect(saved.json().data.postalAddress).toBe('Leadline Inc.\n1 Market Street\nSan Francisco, CA 94105\nUnited States');
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

describe('open and click tracking, and the compliance footer', () => {
  let id: string;
  let mail: ParsedMail;

  it('sends an HTML part with signed links and a pixel, a text part with the same links, and the postal address and unsubscribe link in both', async () => {
    id = await campaign(owner, 'Tracked', ['ann@acme.test', 'bob@acme.test'], { trackOpens: true, trackClicks: true });
    const mails = await sendAll(id, ['ann@acme.test', 'bob@acme.test']);
    expect(mails).toHaveLength(2);
    mail = mails.find((m) => (m.to as { text: string }).text.includes('ann@acme.test'))!;
    const html = String(mail.html);
    expect(html).toMatch(/<img src="http:\/\/leadline\.test\/t\/o\/[0-9a-f]{32}\.[\w-]{22}"/);
    expect(html).not.toContain(`href="${PRICING}"`);
    expect(html).toContain(`/t/c/`);
    for (const part of [html, mail.text!]) {
      expect(part).toContain('1 Market Street');
      expect(part).toContain('San Francisco, CA 94105');
      expect(part).toMatch(/http:\/\/leadline\.test\/unsubscribe\/[0-9a-f]{32}\./);
    }
    expect(mail.text).toContain(`?u=${encodeURIComponent(PRICING)}`);
    expect(mail.text).toContain(`?u=${encodeURIComponent('https://cal.example.org/sam')}`);
    expect(mail.text).not.toContain('<a ');
  });

  it('counts an open once per lead and step, and shows it in the timeline', async () => {
    const pixel = path(/<img src="([^"]+)"/.exec(String(mail.html))![1]!);
    for (let i = 0; i < 3; i++) {
      const answer = await t.app.inject({ method: 'GET', url: pixel });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/gif');
    }
    const counts = await details(id);
    expect(counts.counts).toMatchObject({ sent: 2, opened: 1, clicked: 0 });
    expect(counts.steps[0].counts).toMatchObject({ sent: 2, opened: 1 });
  });

  it('redirects a click to the address it was signed for, counts it once, and refuses any other address or token with 404', async () => {
    const link = path(new RegExp(`(http://leadline\\.test/t/c/[^\\s"]+\\?u=${encodeURIComponent(PRICING).replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')})`).exec(mail.text!)![1]!);
    for (let i = 0; i < 2; i++) {
      const answer = await t.app.inject({ method: 'GET', url: link });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(PRICING);
    }
    expect((await details(id)).counts).toMatchObject({ opened: 1, clicked: 1 });

    const [token] = link.slice('/t/c/'.length).split('?');
    const tampered = [
      `/t/c/${token}?u=${encodeURIComponent('https://evil.example/phish')}`,
      `/t/c/${token}?u=${encodeURIComponent(`${PRICING}&x=1`)}`,
      `/t/c/${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}?u=${encodeURIComponent(PRICING)}`,
      `/t/c/not-a-token?u=${encodeURIComponent(PRICING)}`,
      `/t/c/${token}?u=${encodeURIComponent('javascript:alert(1)')}`,
      `/t/o/${token}`,
    ];
    for (const url of tampered) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location, url).toBeUndefined();
      expect(answer.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
    expect((await details(id)).counts).toMatchObject({ opened: 1, clicked: 1 });
  });

  it("shows the open and the click in the lead's timeline", async () => {
    const lead = await t.ctx.db.selectFrom('campaign_leads').select('id').where('campaign_id', '=', id).where('email', '=', 'ann@acme.test').executeTakeFirstOrThrow();
    const timeline = (await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}/leads/${lead.id}/timeline`, headers: { cookie: owner.cookie } })).json().data;
    expect(timeline.entries.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['sent', 'opened', 'clicked']));
  });

  it('tracks nothing for a campaign with tracking off (the default), and stops counting when tracking is turned off', async () => {
    const plain = await campaign(owner, 'Untracked', ['cy@acme.test'], {});
    const [untracked] = await sendAll(plain, ['cy@acme.test']);
    expect(untracked!.html).toBe(false);
    expect(untracked!.text).toContain(PRICING);
    expect(untracked!.text).not.toContain('/t/c/');
    expect(untracked!.text).toContain('1 Market Street');

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/v1/campaigns/${id}`, headers: { cookie: owner.cookie }, payload: { trackOpens: false, trackClicks: false, unsubscribeFooter: false } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ trackOpens: false, trackClicks: false, unsubscribeFooter: false });
    const bob = (await sendAll(id, ['bob@acme.test']))[0]!;
    const pixel = path(/<img src="([^"]+)"/.exec(String(bob.html))![1]!);
    expect((await t.app.inject({ method: 'GET', url: pixel })).statusCode).toBe(200);
    expect((await details(id)).counts).toMatchObject({ opened: 1 });
  });

  it('keeps one team from reading or setting another team’s postal address', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/company/postal-address', headers: { cookie: foreign.cookie } })).json().data.postalAddress).toBeNull();
    await t.app.inject({ method: 'PUT', url: '/api/v1/company/postal-address', headers: { cookie: foreign.cookie }, payload: { postalAddress: '' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/company/postal-address', headers: { cookie: owner.cookie } })).json().data.postalAddress).toContain('1 Market Street');
  });
});
