import { beforeAll, describe, expect, it } from 'vitest';
import { breadcrumbs, expectToast, newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// A team's template edited in place: its name and steps changed on its own page, an unknown
// variable refused naming the step, the change saved and used by the next campaign; a built-in
// template's page says it is read-only. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

const e2e = useAppUnderTest({}, 90_000);

beforeAll(async () => {
  await signUp(e2e.page, newUser({ name: 'Tia Templates', email: 'tia@acme.test' }));
}, 90_000);

describe('editing a campaign template', () => {
  it("changes a team template's name and steps on its own page, refusing an unknown variable first", async () => {
    const created = await e2e.page.request.post('/api/v1/campaign-templates', {
      data: {
        name: 'Two-step intro',
        steps: [
          { type: 'email', delayDays: 0, subject: 'Hello {{firstName|there}}', body: 'A first note.' },
          { type: 'email', delayDays: 3, body: 'Following up.' },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;

    await e2e.page.goto('/engage/sequences/campaign-templates');
    await e2e.page.getByRole('button', { name: 'Actions for Two-step intro' }).click();
    await e2e.page.getByRole('menuitem', { name: 'Edit steps' }).click();
    await e2e.page.waitForURL(`**/engage/sequences/campaign-templates/${id}`);
    await e2e.page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await expect.poll(() => breadcrumbs(e2e.page)).toEqual(['Engage', 'Campaigns', 'Templates', 'Two-step intro']);
    expect(await e2e.page.getByLabel('Subject').first().inputValue()).toBe('Hello {{firstName|there}}');

    await e2e.page.getByRole('textbox', { name: /^Template name/ }).fill('Three-touch intro');
    await e2e.page.getByLabel('Subject').first().fill('Hi {{nickname}}');
    await e2e.page.getByRole('button', { name: 'Add step' }).click();
    const third = e2e.page.getByRole('region', { name: 'Step 3' });
    await third.getByRole('textbox', { name: 'Type' }).or(third.getByRole('combobox', { name: 'Type' })).click();
    await e2e.page.getByRole('option', { name: 'Call (task)' }).click();
    await third.getByRole('textbox', { name: 'Instructions' }).fill('Call and mention the note');
    await e2e.page.getByRole('button', { name: 'Save template' }).click();
    await e2e.page.getByRole('alert').filter({ hasText: 'Step 1, subject: Unknown variable: {{nickname}}' }).waitFor();
    await savePageShots(e2e.page, 'campaign-template-edit');

    await e2e.page.getByLabel('Subject').first().fill('Hi {{firstName|there}}');
    await e2e.page.getByRole('button', { name: 'Save template' }).click();
    await expectToast(e2e.page, 'Template saved');
    await e2e.page.waitForURL('**/engage/sequences/campaign-templates');
    await e2e.page.getByRole('article', { name: 'Three-touch intro' }).getByText('3 steps: Email, Email, Call').waitFor();

    const row = await e2e.ctx.db.selectFrom('campaign_templates').select(['name', 'steps']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Three-touch intro');
    expect(row.steps.map((s) => [s.type, s.subject, s.delayDays])).toEqual([
      ['email', 'Hi {{firstName|there}}', 0],
      ['email', null, 3],
      ['call', null, 2],
    ]);
    expect(row.steps[2]!.body).toBe('Call and mention the note');

    await e2e.page.getByRole('link', { name: 'Use Three-touch intro' }).click();
    await e2e.page.getByText('Steps from the template “Three-touch intro”').waitFor();
  }, 120_000);

  it("says a built-in template is read-only on its page and offers to start a campaign from it", async () => {
    await e2e.page.goto('/engage/sequences/campaign-templates/builtin-cold-outreach');
    await e2e.page.getByText('Built-in templates cannot be renamed or deleted', { exact: false }).waitFor();
    expect(await e2e.page.getByRole('button', { name: 'Save template' }).count()).toBe(0);
    await e2e.page.getByRole('link', { name: 'Use template' }).click();
    await e2e.page.waitForURL('**/engage/sequences/new-campaign?template=builtin-cold-outreach');

    await e2e.page.goto('/engage/sequences/campaign-templates/00000000-0000-4000-8000-000000000000');
    await e2e.page.getByRole('alert').filter({ hasText: 'Template not found.' }).waitFor();
    await e2e.page.getByRole('link', { name: 'Back to templates' }).waitFor();
  }, 60_000);
});
