import { TOUR_IDS } from '@leadline/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findMailAccount, sendMail } from '../apps/server/src/features/mailboxes/index.js';
import { createOwner, type TestUser } from '../apps/server/src/test/factories.js';
import { expectToast } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';
import { startOAuthMailProviders } from './support/mail.js';

/** The redirect URI the providers send the browser back to; the test forwards it to the e2e server. */
const PUBLIC_URL = 'http://leadline.test';
const GMAIL = { provider: 'gmail' as const, kind: 'google' as const, email: 'gina@gmail.example.test', name: 'Gina Outbound', company: 'Google' };
const OUTLOOK = { provider: 'outlook' as const, kind: 'microsoft' as const, email: 'otto@outlook.example.test', name: 'Otto Outbound', company: 'Microsoft' };
const PROVIDERS = [GMAIL, OUTLOOK];

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({ providers: keep(await startOAuthMailProviders(PROVIDERS)) }),
    app: ({ providers }) => ({ work: true, config: { outboundAllowPrivate: true, publicUrl: PUBLIC_URL, mailOAuth: providers.mailOAuth } }),
  },
  120_000,
);

let owner: TestUser;

beforeAll(async () => {
  owner = await createOwner(e2e.ctx.db);
});

async function pageAs(user: TestUser) {
  const page = await e2e.newPage();
  const [name, value] = user.cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: e2e.url }]);
  for (const tourId of TOUR_IDS) expect((await page.request.post(`/api/v1/onboarding/tours?tourId=${tourId}`)).ok()).toBe(true);
  // The provider's redirect goes to the public URL: hand it to the server under test.
  await page.route(`${PUBLIC_URL}/**`, (route) => {
    const back = new URL(route.request().url());
    return route.fulfill({ status: 302, headers: { location: `${e2e.url}${back.pathname}${back.search}` } });
  });
  return page;
}

const accountRow = (page: Page, email: string) => page.getByRole('table', { name: 'Email accounts' }).getByRole('row').filter({ hasText: email });

describe('Settings → Accounts → Add Account by OAuth (loopback Google and Microsoft)', () => {
  for (const { provider, email, company } of PROVIDERS) {
    it(`connects ${provider} through ${company}'s consent page and lists it connected`, async () => {
      const page = await pageAs(owner);
      await page.goto('/settings?tab=accounts');
      await page.getByRole('button', { name: 'Add Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Account' });
      await dialog.getByText(provider === 'gmail' ? 'Gmail' : 'Outlook', { exact: true }).click();
      await dialog.getByText(`You sign in at ${company}`).waitFor();
      await savePageShots(page, `mail-oauth-add-${provider}`);
      const before = e2e.fixtures.providers.loopback[provider].identity.counts.codeGrants;
      await dialog.getByRole('button', { name: `Sign in with ${company}` }).click();

      await expectToast(page, `${email} connected. Its mail is being synced.`);
      await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('tab') === 'accounts');
      const row = accountRow(page, email);
      await row.getByText('Connected', { exact: true }).waitFor();
      await row.getByText(`${provider === 'gmail' ? 'Gina' : 'Otto'} Outbound`).waitFor();
      expect(e2e.fixtures.providers.loopback[provider].identity.counts.codeGrants).toBe(before + 1);
      await savePageShots(page, `mail-oauth-connected-${provider}`);
    }, 60_000);
  }

  it('shows a mailbox whose grant was revoked as disconnected with the reason, and Reconnect signs in again', async () => {
    const { email } = GMAIL;
    const { identity } = e2e.fixtures.providers.loopback.gmail;
    identity.revoke(email);
    const row0 = await e2e.ctx.db.selectFrom('mail_accounts').select('id').where('email_address', '=', email).executeTakeFirstOrThrow();
    await e2e.ctx.db.updateTable('mail_accounts').set({ access_token_expires_at: new Date(Date.now() - 1000) }).where('id', '=', row0.id).execute();
    // Anything that opens the mailbox refreshes the expired token first; Google answers invalid_grant.
    const failure = await sendMail(e2e.ctx, (await findMailAccount(e2e.ctx.db, row0.id))!, { to: ['peer@example.test'], subject: 'Never sent', text: 'Hi' }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);

    const page = await pageAs(owner);
    await page.goto('/settings?tab=accounts');
    const row = accountRow(page, email);
    await row.getByText('Disconnected', { exact: true }).waitFor();
    await row.getByText(/Google refused the saved sign-in \(invalid_grant/).waitFor();
    await savePageShots(page, 'mail-oauth-revoked');
    // The other mailbox is unaffected.
    await accountRow(page, OUTLOOK.email).getByText('Connected', { exact: true }).waitFor();

    await row.getByRole('button', { name: 'Reconnect' }).click();
    await expectToast(page, `${email} connected. Its mail is being synced.`);
    await accountRow(page, email).getByText('Connected', { exact: true }).waitFor();
  }, 60_000);
});
