import { ENRICHMENT_MESSAGES, MESSAGES, VERIFICATION_MESSAGES } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailProbe, DnsUnreachableError } from '../../lib/net/mail-probe.js';
import { startDnsServer, unreachableDnsServer } from '../../test/dns/dns-server.js';
import { createOwner, createPeople, uploadFile, type TestUser } from '../../test/factories.js';
import { startMxFixture, VERIFICATION_ZONE } from '../../test/mail/mx-fixture.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkLedger, getCreditsInfo, spendCredits } from '../credits/index.js';
import { findMiscountedLists } from '../lists/index.js';
import { ProgressTracker } from '../progress/index.js';
import { checkAddress, isEmailSyntaxValid } from './index.js';

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let mx: Awaited<ReturnType<typeof startMxFixture>>;
let offlineDns: string;
let t: TestApp;
let owner: TestUser;

const probeWith = (dnsServer: string, smtpPort = mx.port) =>
  createMailProbe({ dnsServers: [dnsServer], smtpPort, heloName: 'leadline.test', timeoutMs: 3_000, allowPrivateNetwork: true });
const call = (url: string, payload: unknown, user = owner) => t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload: payload as object });
const available = async (user = owner) => (await getCreditsInfo(t.ctx.db, user.teamId)).available;
const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out waiting');
};
const HEADER = 'Full Name,Company,Email,LinkedIn URL';

/** Uploads a prospect CSV into a new list through the real import; answers the list id. */
async function importList(name: string, rows: string[], user = owner) {
  const fileId = await uploadFile(t.app, user, `${name}.csv`, `${HEADER}\n${rows.join('\n')}\n`);
  const response = await call('/api/v1/prospects/upload-to-list', { attachedFileInfo: { _id: fileId }, listTitle: name, useRawFileData: true }, user);
  expect(response.statusCode, response.body).toBe(202);
  const { list, jobId } = response.json().data;
  await until(async () => (await new ProgressTracker(t.ctx.db, jobId).current()).state === 'completed');
  return list._id as string;
}
const contactsOf = (listId: string) =>
  t.ctx.db
    .selectFrom('list_contacts as lc')
    .innerJoin('contacts as c', 'c.id', 'lc.contact_id')
    .select(['c.id', 'c.full_name', 'c.emails', 'c.primary_email'])
    .where('lc.list_id', '=', listId)
    .orderBy('c.full_name')
    .execute();

beforeAll(async () => {
  dns = await startDnsServer(VERIFICATION_ZONE);
  mx = await startMxFixture(['ann@valid.test']);
  offlineDns = await unreachableDnsServer();
  t = await createTestApp({
    work: true,
    config: { outboundAllowPrivate: true, emailVerification: { dnsServers: [dns.server], smtpPort: mx.port, heloName: 'leadline.test', timeoutMs: 3_000 } },
  });
  owner = await createOwner(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await mx.close();
  await dns.close();
});

describe('checking an address (loopback DNS and SMTP)', () => {
  it('answers valid when the MX accepts the mailbox and refuses a made-up one', async () => {
    expect(await checkAddress(probeWith(dns.server), 'ann@valid.test')).toMatchObject({ status: 'valid', charged: true });
  });

  it('answers invalid when the MX refuses the mailbox with 550', async () => {
    expect(await checkAddress(probeWith(dns.server), 'nobody@valid.test')).toEqual({ status: 'invalid', reason: 'The mail server refused this mailbox (550).', charged: true });
  });

  it('answers invalid when the domain has no MX record, or does not exist', async () => {
    expect(await checkAddress(probeWith(dns.server), 'ann@nomx.test')).toMatchObject({ status: 'invalid', reason: 'nomx.test has no mail server (no MX record).' });
    expect(await checkAddress(probeWith(dns.server), 'ann@nowhere.test')).toMatchObject({ status: 'invalid', charged: true });
  });

  it('answers catch-all when the MX accepts any address at the domain', async () => {
    expect(await checkAddress(probeWith(dns.server), 'whoever@catchall.test')).toMatchObject({ status: 'catch-all', charged: true });
  });

  it('answers unknown when the MX defers (4xx) or cannot be reached on its port', async () => {
    expect(await checkAddress(probeWith(dns.server), 'ann@greylist.test')).toMatchObject({ status: 'unknown', reason: 'The mail server did not say whether this mailbox exists (451).' });
    const closed = await startMxFixture([]);
    await closed.close();
    const blocked = await checkAddress(probeWith(dns.server, closed.port), 'ann@valid.test');
    expect(blocked).toMatchObject({ status: 'unknown', charged: true });
    expect(blocked.reason).toMatch(/^valid\.test receives mail \(MX records found\), but its mail server could not be reached/);
  });

  it('refuses a malformed address without asking the network', async () => {
    const before = dns.queries;
    for (const bad of ['ann', 'ann@', '@valid.test', 'ann smith@valid.test', 'ann@valid', 'a..b@valid.test', 'ann@valid.test>\r\nRCPT TO:<x@y.test']) {
      expect(isEmailSyntaxValid(bad), bad).toBe(false);
      expect(await checkAddress(probeWith(dns.server), bad)).toMatchObject({ status: 'invalid', charged: false });
    }
    expect(dns.queries).toBe(before);
  });

  it('throws DnsUnreachableError when no DNS server answers', async () => {
    await expect(checkAddress(probeWith(offlineDns), 'ann@valid.test')).rejects.toBeInstanceOf(DnsUnreachableError);
  });
});

describe('uploaded emails', () => {
  it('are unverified, not a professional email, and enrichment still looks them up (not "already enriched")', async () => {
    await createPeople(t.ctx.db, [
      { id: 'zed', full_name: 'zed quinn', first_name: 'zed', last_name: 'quinn', job_company_name: 'acme', job_company_website: 'acme.com', linkedin_url: 'linkedin.com/in/zed-quinn', work_email: 'zed.quinn@acme.com' },
    ]);
    const listId = await importList('Uploaded', ['Zed Quinn,Acme,zed@old-job.test,linkedin.com/in/zed-quinn']);
    const [zed] = await contactsOf(listId);
    expect(zed!.emails).toEqual([{ email: 'zed@old-job.test', status: 'unverified' }]);
    const list = (await call(`/api/v1/lists/${listId}`, {})).json().data;
    expect(JSON.stringify(list)).not.toContain('"status":"unknown"');
    expect((await t.ctx.db.selectFrom('lists').select('total_with_professional_email').where('id', '=', listId).executeTakeFirstOrThrow()).total_with_professional_email).toBe(0);

    const before = await available();
    const enriched = await call('/api/v1/prospects-enrichment/single', { enrichType: 'email', input: { customContactId: zed!.id } });
    expect(enriched.statusCode, enriched.body).toBe(200);
    const { creditsCharged } = enriched.json().data;
    expect(enriched.json().data).toMatchObject({ primaryEmail: 'zed.quinn@acme.com' });
    expect(creditsCharged).toBeGreaterThan(0);
    expect(enriched.json().data.emails).toEqual([
      { email: 'zed@old-job.test', status: 'unverified' },
      expect.objectContaining({ email: 'zed.quinn@acme.com', status: 'valid' }),
    ]);
    expect(await available()).toBe(before - creditsCharged);
    // Now it has a verified email: enriching it again is the spec's 409.
    const again = await call('/api/v1/prospects-enrichment/single', { enrichType: 'email', input: { customContactId: zed!.id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ENRICHMENT_MESSAGES.alreadyEnriched);
    expect(await findMiscountedLists(t.ctx.db)).toEqual([]);
  });
});

describe('verifying a contact', () => {
  it('checks its unverified email, stores the verdict and charges 5 credits through the ledger', async () => {
    const listId = await importList('One', ['Ann Lee,Valid,ann@valid.test,']);
    const [ann] = await contactsOf(listId);
    const before = await available();
    const response = await call('/api/v1/email-verification/single', { contactId: ann!.id });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ contact: ann!.id, primaryEmail: 'ann@valid.test', creditsCharged: 5, checks: [{ email: 'ann@valid.test', status: 'valid', charged: true }] });
    expect(data.emails).toEqual([{ email: 'ann@valid.test', status: 'valid', verifiedAt: expect.any(String) }]);
    expect(await available()).toBe(before - 5);
    expect((await t.ctx.db.selectFrom('lists').select('total_with_professional_email').where('id', '=', listId).executeTakeFirstOrThrow()).total_with_professional_email).toBe(1);
    // Checked: nothing left to verify, and nothing charged for asking.
    const again = await call('/api/v1/email-verification/single', { contactId: ann!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(VERIFICATION_MESSAGES.nothingToVerify);
    expect(await available()).toBe(before - 5);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
    expect(await findMiscountedLists(t.ctx.db)).toEqual([]);
  });

  it('says plainly when DNS cannot be reached, and charges and changes nothing', async () => {
    const listId = await importList('Offline', ['Bo Chen,Valid,bo@valid.test,']);
    const [bo] = await contactsOf(listId);
    const online = t.ctx.config.emailVerification;
    t.ctx.config.emailVerification = { ...online, dnsServers: [offlineDns], timeoutMs: 1_000 };
    try {
      const before = await available();
      const response = await call('/api/v1/email-verification/single', { contactId: bo!.id });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(VERIFICATION_MESSAGES.offline);
      expect(await available()).toBe(before);
      expect((await checkLedger(t.ctx.db)).ok).toBe(true);
    } finally {
      t.ctx.config.emailVerification = online;
    }
    expect((await contactsOf(listId))[0]!.emails).toEqual([{ email: 'bo@valid.test', status: 'unverified' }]);
  });

  it('answers 402 before probing when the team cannot pay, and 404 for another team\'s contact', async () => {
    const poor = await createOwner(t.ctx.db);
    const listId = await importList('Poor', ['Cy Park,Valid,cy@valid.test,'], poor);
    const [cy] = await contactsOf(listId);
    await spendCredits(t.ctx.db, { teamId: poor.teamId, userId: poor.userId, action: 'test', amount: await available(poor), idempotencyKey: 'drain' });
    const probes = mx.rcpts.length;
    const response = await call('/api/v1/email-verification/single', { contactId: cy!.id }, poor);
    expect(response.statusCode).toBe(402);
    expect(response.json().error.message).toBe(MESSAGES.insufficientCredits);
    expect(mx.rcpts.length).toBe(probes);
    expect((await call('/api/v1/email-verification/single', { contactId: cy!.id })).statusCode).toBe(404);
  });
});

describe('verifying a list', () => {
  it('checks every unverified email as a job with progress, charging 5 credits per checked address', async () => {
    const listId = await importList('Bulk', [
      'Ann Valid,Valid,ann@valid.test,',
      'Ben Gone,Valid,ben@valid.test,',
      'Cat Any,Catchall,cat@catchall.test,',
      'Dan Nomx,Nomx,dan@nomx.test,',
      'Eve Typo,Typo,eve.at.valid.test,',
      'Fay None,None,,',
    ]);
    const before = await available();
    const response = await call('/api/v1/email-verification/bulk', { listId });
    expect(response.statusCode, response.body).toBe(200);
    const { jobId, contacts, emails, creditsHeld } = response.json().data;
    expect({ contacts, emails, creditsHeld }).toEqual({ contacts: 5, emails: 5, creditsHeld: 25 });
    await until(async () => (await new ProgressTracker(t.ctx.db, jobId).current()).state === 'completed');
    const progress = (await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${jobId}`, headers: { cookie: owner.cookie } })).json().data;
    expect(progress).toMatchObject({ state: 'completed', done: 5, total: 5 });
    const statuses = Object.fromEntries((await contactsOf(listId)).map((c) => [c.full_name, c.emails.map((e) => e.status).join()]));
    expect(statuses).toEqual({ 'Ann Valid': 'valid', 'Ben Gone': 'invalid', 'Cat Any': 'catch-all', 'Dan Nomx': 'invalid', 'Eve Typo': 'invalid', 'Fay None': '' });
    // Four addresses reached DNS; the malformed one was refused for free.
    expect(await available()).toBe(before - 20);
    expect((await checkLedger(t.ctx.db)).ok).toBe(true);
    expect(await findMiscountedLists(t.ctx.db)).toEqual([]);
    expect((await call('/api/v1/email-verification/bulk', { listId })).statusCode).toBe(409);
  });
});
