import { TOUR_IDS } from '@leadline/shared';
import type { Page } from 'playwright-core';

export type NewUser = { name: string; email: string; password: string; companyName: string };

export const newUser = (overrides: Partial<NewUser> = {}): NewUser => ({
  name: 'Ann Owner',
  email: 'ann@acme.test',
  password: 'correct horse battery',
  companyName: 'Acme',
  ...overrides,
});

/** Fills and sends the sign-up form; a new owner lands in onboarding. */
export async function submitSignUp(page: Page, user: NewUser) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Work email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Company name').fill(user.companyName);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/onboarding');
}

/**
 * Signs up through the form and waits for the home page, as a user who already went through
 * onboarding and the guided tours (e2e/onboarding.test.ts and e2e/tours.test.ts cover those).
 */
export async function signUp(page: Page, user: NewUser) {
  await submitSignUp(page, user);
  const finished = await page.request.put('/userInfo', { data: { onboardingStep: 'finished' } });
  if (!finished.ok()) throw new Error(`Finishing onboarding answered ${finished.status()}`);
  for (const tourId of TOUR_IDS) {
    const recorded = await page.request.post(`/api/v1/onboarding/tours?tourId=${tourId}`);
    if (!recorded.ok()) throw new Error(`Recording the ${tourId} tour answered ${recorded.status()}`);
  }
  await page.goto('/');
  await page.getByRole('heading', { name: `Welcome, ${user.name}` }).waitFor();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logs in through the form and waits for the home page. */
export async function signIn(page: Page, user: NewUser) {
  await logIn(page, user.email, user.password);
  await page.getByRole('heading', { name: `Welcome, ${user.name}` }).waitFor();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
}

/** The crumbs of the header, as texts. */
export function breadcrumbs(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Breadcrumb' }).locator('.mantine-Breadcrumbs-breadcrumb').allInnerTexts();
}

/** Waits for a toast (Mantine notification) with this text. */
export async function expectToast(page: Page, text: string) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

/** The rendered width of the sidebar, in CSS pixels. */
export async function sidebarWidth(page: Page): Promise<number | undefined> {
  return (await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox())?.width;
}

/** Opens the team tab of the settings. */
export async function openTeamSettings(page: Page) {
  await page.goto('/settings?tab=team');
  await page.getByRole('table', { name: 'Team members' }).waitFor();
}

/** Fills the invite dialog with one member and submits it; the dialog stays open on errors. */
export async function submitInvite(page: Page, member: { name: string; email: string; role?: 'Admin' | 'Member' }) {
  await page.getByRole('button', { name: 'Invite members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite members' });
  await dialog.getByLabel('Name').fill(member.name);
  await dialog.getByLabel('Email').fill(member.email);
  if (member.role) {
    await dialog.getByLabel('Role').click();
    await page.getByRole('option', { name: member.role }).click();
  }
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  return dialog;
}

/** The members table row of this email, as text. */
export function memberRow(page: Page, email: string) {
  return page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: email });
}
