import { CREDIT_COSTS, TOUR_IDS } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../apps/server/src/test/dns/dns-server.js';
import { createOwner, type TestUser } from '../apps/server/src/test/factories.js';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { expectToast } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';
import { startOAuthMailProviders } from './support/mail.js';

const PUBLIC_URL = 'http://leadline.test';
/** good.test publishes everything a receiver checks; bare.test publishes nothing. */
const ZONE = {
  'good.test': { mx: [{ priority: 10, exchange: 'aspmx.l.google.com' }], txt: [['v=spf1 include:_spf.google.com ~all']] },
  'google._domainkey.good.test': { txt: [['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwJ2dA1S7Yc5fQIDAQAB']] },
  '_dmarc.good.test': { txt: [['v=DMARC1; p=quarantine; rua=mailto:dmarc@good.test']] },
  'bare.test': { a: ['192.0.2.1'] },
};
const PROVIDERS = [
  { provider: 'gmail' as const, kind: 'google' as const, email: 'gina@good.test', name: 'Gina Warm' },
  { provider: 'outlook' as const, kind: 'microsoft' as const, email: 'otto@bare.test', name: 'Otto Cold' },
];
type Provider = (typeof PROVIDERS)[number]['provider'];
const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({
      dns: keep(await startDnsServer(ZONE)),
      providers: keep(await startOAuthMailProviders(PROVIDERS)),
    }),
    app: ({ dns, providers }) => ({
      work: true,
      config: {
        outboundAllowPrivate: true,
        publicUrl: PUBLIC_URL,
        mailOAuth: providers.mailOAuth,
        emailVerification: { ...testConfig().emailVerification, dnsServers: [dns.server], timeoutMs: 3000 },
      },
    }),
  },
  120_000,
);

let owner: TestUser;

async function pageAs(user: TestUser) {
  const page = await e2e.newPage();
  const [name, value] = user.cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: e2e.url }]);
  for (const tourId of TOUR_IDS) expect((await page.request.post(`/api/v1/onboarding/tours?tourId=${tourId}`)).ok()).toBe(true);
  return page;
}

/** Connects a mailbox the way the browser does (consent URL, provider redirect, callback), through the page's session. */
async function connect(page: Page, provider: Provider) {
  const auth = await page.request.get(`/api/v1/mail/${provider}/auth`);
  expect(auth.ok(), await auth.text()).toBe(true);
  const approved = await fetch((await auth.json()).data.url, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const done = await page.request.get(`/api/v1/mail/${provider}/oauth2callback?code=${encodeURIComponent(back.searchParams.get('code')!)}&state=${encodeURIComponent(back.searchParams.get('state')!)}`);
  expect(done.ok(), await done.text()).toBe(true);
}

const accountRow = (page: Page, email: string) => page.getByRole('table', { name: 'Email accounts' }).getByRole('row').filter({ hasText: email });

beforeAll(async () => {
  owner = await createOwner(e2e.ctx.db);
  const page = await pageAs(owner);
  for (const { provider } of PROVIDERS) await connect(page, provider);
  await page.context().close();
}, 60_000);

describe('the health and warm-up of a connected mailbox (Settings → Accounts)', () => {
  it("shows the domain's MX, SPF, DKIM and DMARC: all OK for a well-published domain, each with its fix for a bare one", async () => {
    const page = await pageAs(owner);
    await page.goto('/settings?tab=accounts');
    await accountRow(page, 'gina@good.test').getByRole('button', { name: 'Health' }).click();
    let dialog = page.getByRole('dialog', { name: 'Health of gina@good.test' });
    await dialog.getByText('Checked', { exact: false }).waitFor();
    for (const check of ['MX', 'SPF', 'DKIM', 'DMARC']) await dialog.getByText(check, { exact: true }).waitFor();
    expect(await dialog.getByText('OK', { exact: true }).count()).toBe(4);
    await dialog.getByText('DKIM key found for selector google.').waitFor();
    await dialog.getByText(/for good\.test\.$/).waitFor();
    await savePageShots(page, 'mail-health-good');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await accountRow(page, 'otto@bare.test').getByRole('button', { name: 'Health' }).click();
    dialog = page.getByRole('dialog', { name: 'Health of otto@bare.test' });
    await dialog.getByText('Add a TXT record at bare.test: v=spf1 include:spf.protection.outlook.com ~all').waitFor();
    expect(await dialog.getByText('Fix', { exact: true }).count()).toBe(4);
    await dialog.getByText(/_dmarc\.bare\.test: v=DMARC1; p=none/).waitFor();
    await savePageShots(page, 'mail-health-bare');
  });

  it("opens the Outlook warm-up dialog with GET /email-warmup/link's Microsoft sign-in for this mailbox", async () => {
    const page = await pageAs(owner);
    const link = await page.request.get('/email-warmup/link?email=otto@bare.test');
    expect(link.ok(), await link.text()).toBe(true);
    const url = (await link.json()).data.url as string;
    expect(url.startsWith(e2e.fixtures.providers.loopback.outlook.identity.authUrl)).toBe(true);

    await page.goto('/settings?tab=accounts');
    await accountRow(page, 'otto@bare.test').getByRole('switch', { name: 'Warm up otto@bare.test' }).click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Managed deliverability' });
    const signIn = dialog.getByRole('link', { name: 'Sign in to Microsoft as otto@bare.test' });
    await signIn.waitFor();
    const href = new URL((await signIn.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(e2e.fixtures.providers.loopback.outlook.identity.authUrl);
    expect(href.searchParams.get('login_hint')).toBe('otto@bare.test');
    expect(href.searchParams.get('client_id')).toBe('microsoft-client');
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Otto');
    expect(await dialog.getByLabel('Last name').inputValue()).toBe('Cold');
    await dialog.getByText(`${CREDIT_COSTS.aiEmailWarmupPerInbox.toLocaleString('en')} credits per inbox per month`).waitFor();
    expect(await dialog.getByLabel('Google app password').count()).toBe(0);
    await savePageShots(page, 'mail-warmup-outlook');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('starts, pauses and resumes the warm-up of a Gmail mailbox from its switch', async () => {
    const page = await pageAs(owner);
    await page.goto('/settings?tab=accounts');
    const row = accountRow(page, 'gina@good.test');
    const toggle = row.getByRole('switch', { name: 'Warm up gina@good.test' });
    await toggle.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Managed deliverability' });
    await dialog.getByLabel('Google app password').waitFor();
    expect(await dialog.getByRole('link', { name: /Sign in to Microsoft/ }).count()).toBe(0);
    await savePageShots(page, 'mail-warmup-gmail');
    await dialog.getByRole('button', { name: 'Start warm-up' }).click();
    await expectToast(page, 'Warm-up started for gina@good.test.');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await row.getByText(/of \d+ today/).waitFor();
    await savePageShots(page, 'mail-warmup-active');

    await toggle.click({ force: true });
    await row.getByText(/^Paused/).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await row.getByText(/of \d+ today/).waitFor();
    expect(await toggle.isChecked()).toBe(true);
  });
});
