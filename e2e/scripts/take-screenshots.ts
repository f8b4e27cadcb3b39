/**
 * Screenshots of the main screens, for reviewing the UI and for the README.
 * Run: node --import tsx e2e/scripts/take-screenshots.ts [output dir, default /tmp/shots]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startTestServer } from '../../apps/server/src/test/test-server.js';
import { launchBrowser, openPage } from '../support/browser.js';
import buildWebIfStale from '../support/build-web.js';
import { newUser, openTeamSettings, signUp } from '../support/app.js';

const OUT = path.resolve(process.argv[2] ?? '/tmp/shots');
const README_SHOT = path.resolve(import.meta.dirname, '../../docs/screenshot.png');

const COLLEAGUES = [
  { name: 'Bob Builder', email: 'bob@acme.test', role: 'MEMBER' },
  { name: 'Carla Diaz', email: 'carla@acme.test', role: 'ADMIN' },
  { name: 'Dev Patel', email: 'dev@acme.test', role: 'MEMBER' },
  { name: 'Erin Walsh', email: 'erin@acme.test', role: 'MEMBER' },
  { name: 'Farid Haddad', email: 'farid@acme.test', role: 'MEMBER' },
];

async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400); // let transitions settle
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`saved ${name}.png`);
}

async function main() {
  buildWebIfStale();
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const page = await openPage(browser, server.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await shot(page, 'login');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await shot(page, 'signup-errors');

    await signUp(page, newUser({ companyName: 'Acme Robotics' }));
    const invited = await page.evaluate(async (members) => {
      const response = await fetch('/api/v1/team-management/invitations', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ members }),
      });
      return `${response.status} ${await response.text()}`;
    }, COLLEAGUES);
    if (!invited.startsWith('201')) throw new Error(`Inviting the demo colleagues failed: ${invited}`);
    await shot(page, 'home-sidebar-open');

    await openTeamSettings(page);
    await page.getByRole('row').filter({ hasText: 'INVITED' }).first().waitFor();
    await shot(page, 'settings-team');
    fs.mkdirSync(path.dirname(README_SHOT), { recursive: true });
    await page.screenshot({ path: README_SHOT });

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await shot(page, 'settings-team-sidebar-collapsed');
    await page.getByRole('button', { name: 'Inbox', exact: true }).hover();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, 'collapsed-tooltip.png') });
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, 'user-menu.png') });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Invite members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite members' });
    await dialog.getByLabel('Name').fill('Gus Other');
    await dialog.getByLabel('Email').fill('gus@other.test');
    await dialog.getByRole('button', { name: 'Add another member' }).click();
    await dialog.getByRole('button', { name: 'Send invitations' }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, 'invite-dialog-errors.png') });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await shot(page, 'settings-team-dark');
    await page.goto('/prospects/lists');
    await shot(page, 'not-built-dark');
    await page.getByRole('button', { name: 'Toggle color scheme' }).click();

    const colleague = await openPage(browser, server.url);
    await signUp(colleague, newUser({ name: 'Bob Builder', email: 'bob@acme.test', companyName: 'Bob Solo' }));
    await colleague.getByRole('region', { name: /^Invitation to / }).waitFor();
    await shot(colleague, 'invitation-banner');
    await colleague.goto('/nowhere');
    await shot(colleague, 'not-found');

    await colleague.setViewportSize({ width: 390, height: 844 });
    await colleague.goto('/');
    await shot(colleague, 'mobile-home');
    await colleague.getByRole('button', { name: 'Open navigation' }).click();
    await shot(colleague, 'mobile-navigation');
    await colleague.getByRole('button', { name: 'Close navigation' }).click();
    await colleague.getByRole('button', { name: 'Open navigation' }).click();
    await colleague.getByRole('button', { name: 'Close navigation' }).waitFor();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
