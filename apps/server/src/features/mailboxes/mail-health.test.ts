import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../lib/crypto/secret-box.js';
import { startDnsServer, unreachableDnsServer } from '../../test/dns/dns-server.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import { createMailDns } from './mail-dns.js';
import { mailboxHealth } from './mail-health.js';
import * as repo from './mailboxes.repository.js';

const ZONE = {
  'good.test': { mx: [{ priority: 10, exchange: 'aspmx.l.google.com' }], txt: [['v=spf1 include:_spf.google.com ~all'], ['google-site-verification=abc']] },
  'google._domainkey.good.test': { txt: [['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA', 'wJ2dA1S7Yc5fQIDAQAB']] },
  '_dmarc.good.test': { txt: [['v=DMARC1; p=quarantine; rua=mailto:dmarc@good.test']] },
  'bare.test': { a: ['192.0.2.1'] },
  'half.test': { mx: [{ priority: 0, exchange: 'mx.half.test' }], txt: [['v=spf1 +all']] },
  'selector1._domainkey.half.test': { txt: [['v=DKIM1; p=']] },
  '_dmarc.half.test': { txt: [['v=DMARC1; p=none']] },
  'twice.test': { mx: [{ priority: 0, exchange: 'mx.twice.test' }], txt: [['v=spf1 include:a.test ~all'], ['v=spf1 include:b.test -all']] },
};

let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer(ZONE);
});
afterAll(async () => dns?.close());

const resolver = () => createMailDns({ servers: [dns.server], timeoutMs: 3000 });
const byName = <C extends { name: string }>(checks: C[]) => Object.fromEntries(checks.map((c) => [c.name, c])) as Record<string, C>;

describe('mailbox health by DNS (a loopback DNS server)', () => {
  it('passes a domain with MX, SPF naming its provider, a DKIM key under a known selector and an enforcing DMARC', async () => {
    const health = await mailboxHealth(resolver(), 'ana@good.test', 'gmail');
    expect(health).toMatchObject({ domain: 'good.test', dnsReachable: true });
    expect(health.checks.map((c) => [c.name, c.status])).toEqual([['MX', 'pass'], ['SPF', 'pass'], ['DKIM', 'pass'], ['DMARC', 'pass']]);
    expect(byName(health.checks).DKIM).toMatchObject({ detail: 'DKIM key found for selector google.', fix: null });
  });

  it('fails a domain with no records, and says what to publish for its provider', async () => {
    const health = byName((await mailboxHealth(resolver(), 'otto@bare.test', 'outlook')).checks);
    expect(health.MX).toMatchObject({ status: 'fail' });
    expect(health.SPF).toMatchObject({ status: 'fail', fix: 'Add a TXT record at bare.test: v=spf1 include:spf.protection.outlook.com ~all' });
    expect(health.DKIM).toMatchObject({ status: 'fail' });
    expect(health.DKIM!.fix).toMatch(/Microsoft Defender/);
    expect(health.DMARC).toMatchObject({ status: 'fail', fix: expect.stringContaining('_dmarc.bare.test: v=DMARC1; p=none') });
  });

  it('flags SPF +all, a revoked DKIM key, DMARC p=none, and two SPF records', async () => {
    const half = byName((await mailboxHealth(resolver(), 'x@half.test', 'imap')).checks);
    expect(half.SPF).toMatchObject({ status: 'fail', detail: expect.stringContaining('+all') });
    expect(half.DKIM).toMatchObject({ status: 'fail', detail: 'The DKIM key of selector selector1 is empty (revoked).' });
    expect(half.DMARC).toMatchObject({ status: 'warn' });
    const twice = byName((await mailboxHealth(resolver(), 'x@twice.test', 'imap')).checks);
    expect(twice.SPF).toMatchObject({ status: 'fail', detail: 'twice.test publishes 2 SPF records; receivers then treat SPF as broken.' });
  });

  it('says "unknown", not "missing", when DNS cannot be reached', async () => {
    const offline = createMailDns({ servers: [await unreachableDnsServer()], timeoutMs: 500 });
    const health = await mailboxHealth(offline, 'ana@good.test', 'gmail');
    expect(health.dnsReachable).toBe(false);
    expect(health.checks.every((c) => c.status === 'unknown')).toBe(true);
  }, 20_000);
});

describe('GET /api/v1/mail/health', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { emailVerification: { ...testConfig().emailVerification, dnsServers: [dns.server], timeoutMs: 3000 } } });
    owner = await createOwner(t.ctx.db);
    await repo.upsertAccount(t.ctx.db, {
      teamId: owner.teamId,
      userId: owner.userId,
      emailAddress: 'ana@good.test',
      name: 'Ana',
      provider: 'imap',
      imap: { host: 'imap.good.test', port: 993, secure: true },
      smtp: { host: 'smtp.good.test', port: 465, secure: true },
      username: 'ana@good.test',
      sealedSecret: secretBoxFor(t.ctx.config).seal('x'),
    });
  });
  afterAll(async () => t?.close());

  it("answers the caller's mailbox's health, and 404 for an address that is not theirs", async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/mail/health?emailAddress=Ana@Good.test', headers: { cookie: owner.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.checks.map((c: { status: string }) => c.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    const other = await createOwner(t.ctx.db);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/mail/health?emailAddress=ana@good.test', headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
  });
});
