import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app.js';
import { breadcrumbs, expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// A team's template edited in place: its name and steps changed on its own page, an unknown
// variable refused naming the step, the change saved and used by the next campaign; a built-in
// template's page says it is read-only. Screenshots go to SCREENSHOTS_DIR (default e2e/artifacts).

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

beforeAll(async () => {
  t = await createTestApp();
  browser = await launchBrowser();
  page = await openPage(browser, await t.app.listen({ host: '127.0.0.1', port: 0 }));
  await signUp(page, newUser({ name: 'Tia Templates', email: 'tia@acme.test' }));
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
});

describe('editing a campaign template', () => {
  it("changes a team template's name and steps on its own page, refusing an unknown variable first", async () => {
    const created = await page.request.post('/api/v1/campaign-templates', {
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

    await page.goto('/engage/sequences/campaign-templates');
    await page.getByRole('button', { name: 'Actions for Two-step intro' }).click();
    await page.getByRole('menuitem', { name: 'Edit steps' }).click();
    await page.waitForURL(`**/engage/sequences/campaign-templates/${id}`);
    await page.getByRole('heading', { name: 'Edit template' }).waitFor();
    await expect.poll(() => breadcrumbs(page)).toEqual(['Engage', 'Campaigns', 'Templates', 'Two-step intro']);
    expect(await page.getByLabel('Subject').first().inputValue()).toBe('Hello {{firstName|there}}');

    await page.getByRole('textbox', { name: /^Template name/ }).fill('Three-touch intro');
    await page.getByLabel('Subject').first().fill('Hi {{nickname}}');
    await page.getByRole('button', { name: 'Add step' }).click();
    const third = page.getByRole('region', { name: 'Step 3' });
    await third.getByRole('textbox', { name: 'Type' }).or(third.getByRole('combobox', { name: 'Type' })).click();
    await page.getByRole('option', { name: 'Call (task)' }).click();
    await third.getByRole('textbox', { name: 'Instructions' }).fill('Call and mention the note');
    await page.getByRole('button', { name: 'Save template' }).click();
    await page.getByRole('alert').filter({ hasText: 'Step 1, subject: Unknown variable: {{nickname}}' }).waitFor();
    await shot('campaign-template-edit');

    await page.getByLabel('Subject').first().fill('Hi {{firstName|there}}');
    await page.getByRole('button', { name: 'Save template' }).click();
    await expectToast(page, 'Template saved');
    await page.waitForURL('**/engage/sequences/campaign-templates');
    await page.getByRole('article', { name: 'Three-touch intro' }).getByText('3 steps: Email, Email, Call').waitFor();

    const row = await t.ctx.db.selectFrom('campaign_templates').select(['name', 'steps']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Three-touch intro');
    expect(row.steps.map((s) => [s.type, s.subject, s.delayDays])).toEqual([
      ['email', 'Hi {{firstName|there}}', 0],
      ['email', null, 3],
      ['call', null, 2],
    ]);
    expect(row.steps[2]!.body).toBe('Call and mention the note');

    await page.getByRole('link', { name: 'Use Three-touch intro' }).click();
    await page.getByText('Steps from the template “Three-touch intro”').waitFor();
  }, 120_000);

  it("says a built-in template is read-only on its page and offers to start a campaign from it", async () => {
    await page.goto('/engage/sequences/campaign-templates/builtin-cold-outreach');
    await page.getByText('Built-in templates cannot be renamed or deleted', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Save template' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Use template' }).click();
    await page.waitForURL('**/engage/sequences/new-campaign?template=builtin-cold-outreach');

    await page.goto('/engage/sequences/campaign-templates/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').filter({ hasText: 'Template not found.' }).waitFor();
    await page.getByRole('link', { name: 'Back to templates' }).waitFor();
  }, 60_000);
});
