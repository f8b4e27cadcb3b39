import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactList, createMailbox } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// Templates, the step editor and the suppression list, through the screens: a built-in template
// becomes a campaign, that campaign is saved as a template of the team, renamed, and starts a
// second campaign; the editor's variable picker inserts at the cursor and an unknown variable is
// refused at save; suppressions are added, deleted, restored with Undo and imported from a CSV.
// Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const SENDER = 'sam@example.test';
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let t: TestApp;
let browser: Browser;
let page: Page;

async function shot(name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const stepsOf = (name: string) =>
  t.ctx.db
    .selectFrom('campaign_steps as s')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select(['s.type', 's.subject', 's.body', 's.delay_days'])
    .where('c.name', '=', name)
    .orderBy('s.position')
    .execute();

/** Basic information of the new-campaign form, then on to its sequence. */
async function fillBasics(name: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: /^Campaign name/ }).fill(name);
  await page.getByRole('combobox', { name: /^Lists/ }).click();
  await page.getByRole('option', { name: 'Warm leads' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: /^Send from/ }).click();
  await page.getByRole('option', { name: SENDER }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
}

beforeAll(async () => {
  t = await createTestApp();
  browser = await launchBrowser();
  page = await openPage(browser, await t.app.listen({ host: '127.0.0.1', port: 0 }));
  await signUp(page, newUser({ name: 'Sam Sender', email: 'sam@acme.test' }));
  const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'sam@acme.test').executeTakeFirstOrThrow();
  const owner = { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' };
  await createMailbox(t.ctx.db, t.ctx.config, owner, SENDER);
  await createContactList(t.ctx.db, owner, 'Warm leads', [{ first: 'Ann', company: 'Acme', email: 'ann@leads.test' }]);
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
});

describe('campaign templates, step editor and suppressions screens', () => {
  it('starts a campaign from a built-in template, saves it as a team template, renames it and starts another campaign from it', async () => {
    await page.goto('/engage/sequences');
    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.waitForURL('**/engage/sequences/campaign-templates');
    await page.getByText('No templates of your own yet').waitFor();
    const cold = page.getByRole('article', { name: 'Cold outreach (3 steps)' });
    await cold.getByText('Built-in').waitFor();
    expect(await page.getByText('Built-in', { exact: true }).count()).toBe(4);
    await shot('campaign-templates-empty');

    await cold.getByRole('link', { name: 'Use Cold outreach (3 steps)' }).click();
    await page.waitForURL('**/engage/sequences/new-campaign?template=builtin-cold-outreach');
    await page.getByText('Steps from the template “Cold outreach (3 steps)”').waitFor();
    await fillBasics('From the built-in');
    await page.getByRole('region', { name: 'Step 3' }).waitFor();
    expect(await page.getByLabel('Subject').first().inputValue()).toBe('Quick question, {{firstName|there}}');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(page, 'Campaign created successfully!');
    await page.getByRole('heading', { name: 'From the built-in' }).waitFor();
    const built = await stepsOf('From the built-in');
    expect(built.map((s) => [s.type, s.subject, s.delay_days])).toEqual([
      ['email', 'Quick question, {{firstName|there}}', 0],
      ['email', null, 3],
      ['email', 'Should I close your file?', 4],
    ]);
    expect(built[0]!.body).toMatch(/^<p>Hi \{\{firstName\|there\}\},<\/p>/);

    await page.getByRole('button', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await save.getByLabel(/^Template name/).fill('Our cold intro');
    await save.getByRole('button', { name: 'Save template' }).click();
    await expectToast(page, 'Template saved');

    await page.goto('/engage/sequences/campaign-templates');
    const ours = page.getByRole('article', { name: 'Our cold intro' });
    await ours.getByText('Saved by Sam Sender', { exact: false }).waitFor();
    await ours.getByRole('button', { name: 'Actions for Our cold intro' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Our cold intro' });
    await rename.getByLabel('Template name').fill('Intro, ours');
    await rename.getByRole('button', { name: 'Rename' }).click();
    const renamed = page.getByRole('article', { name: 'Intro, ours' });
    await renamed.waitFor();
    await shot('campaign-templates');

    await renamed.getByRole('link', { name: 'Use Intro, ours' }).click();
    await page.getByText('Steps from the template “Intro, ours”').waitFor();
    await fillBasics('From our template');
    await page.getByRole('region', { name: 'Step 3' }).waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'From our template' }).waitFor();
    expect(await stepsOf('From our template')).toEqual(built);

    await page.goto('/engage/sequences/campaign-templates');
    await page.getByRole('button', { name: 'Actions for Intro, ours' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Intro, ours?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No templates of your own yet').waitFor();
  }, 120_000);

  it('inserts a variable with a fallback at the cursor from the keyboard, and refuses an unknown variable at save naming it', async () => {
    await page.goto('/engage/sequences/new-campaign');
    await fillBasics('Picker');
    const body = page.getByRole('textbox', { name: 'Step 1 body' });
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.type('Hello from ');
    const picker = page.getByRole('button', { name: 'Insert a variable in the step 1 body' });
    await picker.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Insert a variable in the step 1 body' });
    await dialog.getByLabel('Fallback when the lead has no value').fill('your team');
    await dialog.getByRole('button', { name: 'companyName', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => body.textContent()).toContain('Hello from {{companyName|your team}}');
    await page.keyboard.type('!');
    await expect.poll(() => body.textContent()).toContain('{{companyName|your team}}!');
    await shot('campaign-step-editor');

    await page.getByLabel('Subject').first().fill('Hi {{nickname}}');
    await page.getByRole('region', { name: 'Step 1' }).getByRole('alert').getByText(/^Unknown variable: \{\{nickname\}\}/).waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('alert').filter({ hasText: 'Step 1, subject: Unknown variable: {{nickname}}' }).waitFor();
    expect(await stepsOf('Picker')).toEqual([]);

    await page.getByLabel('Subject').first().fill('Hi {{firstName|there}}');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Picker' }).waitFor();
    const [first] = await stepsOf('Picker');
    expect(first!.body).toContain('Hello from {{companyName|your team}}!');
  }, 120_000);

  it('adds, deletes and restores a suppressed address, and imports a CSV showing the counts', async () => {
    await page.goto('/engage/sequences');
    await page.getByRole('tab', { name: 'Suppressions' }).click();
    await page.getByText('No suppressed addresses yet.').waitFor();
    const field = page.getByRole('textbox', { name: 'Email address to suppress' });
    await field.fill('not-an-address');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await field.fill('gone@leads.test');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('cell', { name: 'gone@leads.test', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Remove gone@leads.test' }).click();
    await page.getByText('No suppressed addresses yet.').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('cell', { name: 'gone@leads.test', exact: true }).waitFor();

    const rows = ['email', 'gone@leads.test', 'example.com', 'oops'];
    for (let i = 0; i < 2000; i++) rows.push(`person${i}@bulk.test`);
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'suppressions.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    const done = page.getByRole('status').filter({ hasText: 'Import finished' });
    await done.getByText('2,003 rows read from “email”: 2,000 added, 1 duplicate ignored, 2 invalid.').waitFor();
    await done.getByText('Row 3: “example.com”: A domain: the suppression list holds email addresses').waitFor();
    await page.getByRole('textbox', { name: 'Search the suppression list' }).fill('person1999');
    await page.getByRole('cell', { name: 'person1999@bulk.test', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shot('campaign-suppressions');

    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    await page.getByRole('alert').filter({ hasText: 'Choose a CSV file: one email address per row, or a column named "email".' }).waitFor();
  }, 120_000);
});
