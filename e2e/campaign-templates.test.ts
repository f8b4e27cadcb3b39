import { beforeAll, describe, expect, it } from 'vitest';
import { createContactList, createMailbox } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// Templates, the step editor and the suppression list, through the screens: a built-in template
// becomes a campaign, that campaign is saved as a template of the team, renamed, and starts a
// second campaign; the editor's variable picker inserts at the cursor and an unknown variable is
// refused at save; suppressions are added, deleted, restored with Undo and imported from a CSV.
// Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const SENDER = 'sam@example.test';

const e2e = useAppUnderTest({}, 90_000);

const stepsOf = (name: string) =>
  e2e.ctx.db
    .selectFrom('campaign_steps as s')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select(['s.type', 's.subject', 's.body', 's.delay_days'])
    .where('c.name', '=', name)
    .orderBy('s.position')
    .execute();

/** Basic information of the new-campaign form, then on to its sequence. */
async function fillBasics(name: string) {
  await e2e.page.getByRole('button', { name: 'Next' }).click();
  await e2e.page.getByRole('textbox', { name: /^Campaign name/ }).fill(name);
  await e2e.page.getByRole('combobox', { name: /^Lists/ }).click();
  await e2e.page.getByRole('option', { name: 'Warm leads' }).click();
  await e2e.page.keyboard.press('Escape');
  await e2e.page.getByRole('combobox', { name: /^Send from/ }).click();
  await e2e.page.getByRole('option', { name: SENDER }).click();
  await e2e.page.keyboard.press('Escape');
  await e2e.page.getByRole('button', { name: 'Next' }).click();
  await e2e.page.getByRole('button', { name: 'Next' }).click();
}

beforeAll(async () => {
  const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Sam Sender', email: 'sam@acme.test' }));
  await createMailbox(e2e.ctx.db, e2e.ctx.config, owner, SENDER);
  await createContactList(e2e.ctx.db, owner, 'Warm leads', [{ first: 'Ann', company: 'Acme', email: 'ann@leads.test' }]);
}, 90_000);

describe('campaign templates, step editor and suppressions screens', () => {
  it('starts a campaign from a built-in template, saves it as a team template, renames it and starts another campaign from it', async () => {
    await e2e.page.goto('/engage/sequences');
    await e2e.page.getByRole('tab', { name: 'Templates' }).click();
    await e2e.page.waitForURL('**/engage/sequences/campaign-templates');
    await e2e.page.getByText('No templates of your own yet').waitFor();
    const cold = e2e.page.getByRole('article', { name: 'Cold outreach (3 steps)' });
    await cold.getByText('Built-in').waitFor();
    expect(await e2e.page.getByText('Built-in', { exact: true }).count()).toBe(4);
    await savePageShots(e2e.page, 'campaign-templates-empty');

    await cold.getByRole('link', { name: 'Use Cold outreach (3 steps)' }).click();
    await e2e.page.waitForURL('**/engage/sequences/new-campaign?template=builtin-cold-outreach');
    await e2e.page.getByText('Steps from the template “Cold outreach (3 steps)”').waitFor();
    await fillBasics('From the built-in');
    await e2e.page.getByRole('region', { name: 'Step 3' }).waitFor();
    expect(await e2e.page.getByLabel('Subject').first().inputValue()).toBe('Quick question, {{firstName|there}}');
    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(e2e.page, 'Campaign created successfully!');
    await e2e.page.getByRole('heading', { name: 'From the built-in' }).waitFor();
    const built = await stepsOf('From the built-in');
    expect(built.map((s) => [s.type, s.subject, s.delay_days])).toEqual([
      ['email', 'Quick question, {{firstName|there}}', 0],
      ['email', null, 3],
      ['email', 'Should I close your file?', 4],
    ]);
    expect(built[0]!.body).toMatch(/^<p>Hi \{\{firstName\|there\}\},<\/p>/);

    await e2e.page.getByRole('button', { name: 'Save as template' }).click();
    const save = e2e.page.getByRole('dialog', { name: 'Save as template' });
    await save.getByLabel(/^Template name/).fill('Our cold intro');
    await save.getByRole('button', { name: 'Save template' }).click();
    await expectToast(e2e.page, 'Template saved');

    await e2e.page.goto('/engage/sequences/campaign-templates');
    const ours = e2e.page.getByRole('article', { name: 'Our cold intro' });
    await ours.getByText('Saved by Sam Sender', { exact: false }).waitFor();
    await ours.getByRole('button', { name: 'Actions for Our cold intro' }).click();
    await e2e.page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = e2e.page.getByRole('dialog', { name: 'Rename Our cold intro' });
    await rename.getByLabel('Template name').fill('Intro, ours');
    await rename.getByRole('button', { name: 'Rename' }).click();
    const renamed = e2e.page.getByRole('article', { name: 'Intro, ours' });
    await renamed.waitFor();
    await savePageShots(e2e.page, 'campaign-templates');

    await renamed.getByRole('link', { name: 'Use Intro, ours' }).click();
    await e2e.page.getByText('Steps from the template “Intro, ours”').waitFor();
    await fillBasics('From our template');
    await e2e.page.getByRole('region', { name: 'Step 3' }).waitFor();
    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await e2e.page.getByRole('heading', { name: 'From our template' }).waitFor();
    expect(await stepsOf('From our template')).toEqual(built);

    await e2e.page.goto('/engage/sequences/campaign-templates');
    await e2e.page.getByRole('button', { name: 'Actions for Intro, ours' }).click();
    await e2e.page.getByRole('menuitem', { name: 'Delete' }).click();
    await e2e.page.getByRole('dialog', { name: 'Delete Intro, ours?' }).getByRole('button', { name: 'Delete' }).click();
    await e2e.page.getByText('No templates of your own yet').waitFor();
  }, 120_000);

  it('inserts a variable with a fallback at the cursor from the keyboard, and refuses an unknown variable at save naming it', async () => {
    await e2e.page.goto('/engage/sequences/new-campaign');
    await fillBasics('Picker');
    const body = e2e.page.getByRole('textbox', { name: 'Step 1 body' });
    await body.click();
    await e2e.page.keyboard.press('End');
    await e2e.page.keyboard.type('Hello from ');
    const picker = e2e.page.getByRole('button', { name: 'Insert a variable in the step 1 body' });
    await picker.focus();
    await e2e.page.keyboard.press('Enter');
    const dialog = e2e.page.getByRole('dialog', { name: 'Insert a variable in the step 1 body' });
    await dialog.getByLabel('Fallback when the lead has no value').fill('your team');
    await dialog.getByRole('button', { name: 'companyName', exact: true }).focus();
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => body.textContent()).toContain('Hello from {{companyName|your team}}');
    await e2e.page.keyboard.type('!');
    await expect.poll(() => body.textContent()).toContain('{{companyName|your team}}!');
    await savePageShots(e2e.page, 'campaign-step-editor');

    await e2e.page.getByLabel('Subject').first().fill('Hi {{nickname}}');
    await e2e.page.getByRole('region', { name: 'Step 1' }).getByRole('alert').getByText(/^Unknown variable: \{\{nickname\}\}/).waitFor();
    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await e2e.page.getByRole('alert').filter({ hasText: 'Step 1, subject: Unknown variable: {{nickname}}' }).waitFor();
    expect(await stepsOf('Picker')).toEqual([]);

    await e2e.page.getByLabel('Subject').first().fill('Hi {{firstName|there}}');
    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await e2e.page.getByRole('heading', { name: 'Picker' }).waitFor();
    const [first] = await stepsOf('Picker');
    expect(first!.body).toContain('Hello from {{companyName|your team}}!');
  }, 120_000);

  it('adds, deletes and restores a suppressed address, and imports a CSV showing the counts', async () => {
    await e2e.page.goto('/engage/sequences');
    await e2e.page.getByRole('tab', { name: 'Suppressions' }).click();
    await e2e.page.getByText('No suppressed addresses yet.').waitFor();
    const field = e2e.page.getByRole('textbox', { name: 'Email address to suppress' });
    await field.fill('not-an-address');
    await e2e.page.getByRole('button', { name: 'Add', exact: true }).click();
    await e2e.page.getByText('Enter a valid email address').waitFor();
    await field.fill('gone@leads.test');
    await e2e.page.getByRole('button', { name: 'Add', exact: true }).click();
    await e2e.page.getByRole('cell', { name: 'gone@leads.test', exact: true }).waitFor();

    await e2e.page.getByRole('button', { name: 'Remove gone@leads.test' }).click();
    await e2e.page.getByText('No suppressed addresses yet.').waitFor();
    await e2e.page.getByRole('button', { name: 'Undo' }).click();
    await e2e.page.getByRole('cell', { name: 'gone@leads.test', exact: true }).waitFor();

    const rows = ['email', 'gone@leads.test', 'example.com', 'oops'];
    for (let i = 0; i < 2000; i++) rows.push(`person${i}@bulk.test`);
    const input = e2e.page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'suppressions.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    const done = e2e.page.getByRole('status').filter({ hasText: 'Import finished' });
    await done.getByText('2,003 rows read from “email”: 2,000 added, 1 duplicate ignored, 2 invalid.').waitFor();
    await done.getByText('Row 3: “example.com”: A domain: the suppression list holds email addresses').waitFor();
    await e2e.page.getByRole('textbox', { name: 'Search the suppression list' }).fill('person1999');
    await e2e.page.getByRole('cell', { name: 'person1999@bulk.test', exact: true }).waitFor();
    await expect.poll(() => e2e.page.getByRole('row').count()).toBe(2);
    await savePageShots(e2e.page, 'campaign-suppressions');

    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
    await e2e.page.getByRole('alert').filter({ hasText: 'Choose a CSV file: one email address per row, or a column named "email".' }).waitFor();
  }, 120_000);
});
