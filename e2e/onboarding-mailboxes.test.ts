import { MAIL_OAUTH_MESSAGES } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, submitSignUp } from './support/app.js';
import { useE2E } from './support/harness.js';

/** Google's consent page stands here: the browser is sent there, and the test answers it. */
const GOOGLE_CONSENT = 'https://accounts.google.test/o/oauth2/v2/auth';
const PUBLIC_URL = 'http://leadline.test';

describe("mailboxes in onboarding's integrations step", () => {
  const { mailOAuth } = testConfig();
  const e2e = useE2E({
    config: {
      publicUrl: PUBLIC_URL,
      mailOAuth: {
        gmail: { ...mailOAuth.gmail, clientId: 'leadline-gmail-client', clientSecret: 'leadline-gmail-secret', authUrl: GOOGLE_CONSENT },
        outlook: { ...mailOAuth.outlook, clientId: undefined, clientSecret: undefined },
      },
    },
  });

  it('signs in with Google where the server has a Gmail app, says plainly it has no Outlook app, and the return from Google passes the onboarding gate', async () => {
    const page = await e2e.newPage();
    await submitSignUp(page, newUser({ name: 'Mo Mail', email: 'mo@mailboxes.test' }));
    expect((await page.request.put('/userInfo', { data: { onboardingStep: 'integrations' } })).ok()).toBe(true);
    await page.goto('/onboarding');

    const outlook = page.getByRole('region', { name: 'Microsoft' });
    await outlook.getByText(MAIL_OAUTH_MESSAGES.notConfigured('outlook')).waitFor();
    await outlook.getByText('Not configured', { exact: true }).waitFor();
    expect(await outlook.getByRole('button', { name: /Sign in/ }).count()).toBe(0);

    const gmail = page.getByRole('region', { name: 'Google' });
    expect(await gmail.getByText('Not configured', { exact: true }).count()).toBe(0);
    await page.route(`${new URL(GOOGLE_CONSENT).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Google consent</h1>' }));
    await gmail.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL((url) => url.origin === new URL(GOOGLE_CONSENT).origin);
    const consent = new URL(page.url());
    expect(consent.searchParams.get('client_id')).toBe('leadline-gmail-client');
    expect(consent.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/mail/gmail/callback`);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');

    // Back from Google without consent: the callback page runs (the gate lets it through) and says so.
    await page.goto('/mail/gmail/callback?error=access_denied');
    await expectToast(page, 'Gmail was not connected (access_denied).');
    await page.waitForURL((url) => url.pathname === '/settings');
  });
});
