import { MESSAGES } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { logIn, newUser, signOut, signUp } from './support/app.js';
import { useE2E } from './support/harness.js';

describe('sign up, log out and log in', () => {
  const e2e = useE2E();
  const ann = newUser();

  it('sends a signed-out visitor to the login page, which links to sign-up', async () => {
    const page = await e2e.newPage();
    await page.goto('/settings?tab=team');
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
  });

  it('validates the sign-up form with the shared schema before calling the server', async () => {
    const page = await e2e.newPage();
    await page.goto('/signup');
    await page.getByLabel('Work email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Name is required', { exact: true }).waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Company name is required').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('signs up, lands on the home page, signs out and logs back in', async () => {
    const page = await e2e.newPage();
    await signUp(page, ann);
    expect(new URL(page.url()).pathname).toBe('/');
    // The home page is SalesGPT; the workspace's name is in the sidebar.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Acme', { exact: true }).waitFor();

    await signOut(page);
    await page.goto('/');
    await page.waitForURL('**/login');

    await logIn(page, ann.email, ann.password);
    await page.getByRole('heading', { name: `Welcome, ${ann.name}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows the generic message on a wrong password and stays on the login page', async () => {
    const page = await e2e.newPage();
    await logIn(page, ann.email, 'wrong password');
    await page.getByRole('alert').filter({ hasText: MESSAGES.invalidCredentials }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the server message under the email field when the email is taken', async () => {
    const page = await e2e.newPage();
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Another Ann');
    await page.getByLabel('Work email').fill(ann.email);
    await page.getByLabel('Password', { exact: true }).fill('another password');
    await page.getByLabel('Company name').fill('Other Co');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(MESSAGES.emailTaken).waitFor();
    const describedBy = await page.getByLabel('Work email').getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy!.split(' ').at(-1)}"]`).innerText()).toContain(MESSAGES.emailTaken);
  });
});
