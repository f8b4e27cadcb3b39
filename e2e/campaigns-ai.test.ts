import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContactList } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { createTestApp, testConfig, type TestApp } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { expectToast, newUser, signUp } from './support/app.js';
import { launchBrowser, openPage, screenshotOnFailure } from './support/browser.js';

// "AI generated" in the new-campaign flow against a loopback chat-completions server: the model
// writes a 4-step sequence, the user edits a step and creates the campaign.

const SEQUENCE = {
  emails: [
    { subject: 'Walking less at {{companyName|your warehouse}}', body: 'Hi {{firstName|there}},\n\nRocket skates halve walking time.\n\n{{senderName}}', delayDays: 0 },
    { subject: '', body: 'Hi {{firstName|there}}, any thoughts on my last note?\n\n{{senderName}}', delayDays: 3 },
    { subject: '', body: 'A customer saved 40 hours a week with them.\n\n{{senderName}}', delayDays: 4 },
    { subject: 'Closing the loop', body: 'Should I stop writing, {{firstName|there}}?\n\n{{senderName}}', delayDays: 5 },
  ],
};
const SHOTS = process.env.SCREENSHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts');

let chat: Awaited<ReturnType<typeof startChatCompletionsServer>>;
let t: TestApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  chat = await startChatCompletionsServer({ fallback: () => ({ kind: 'message', content: JSON.stringify(SEQUENCE) }) });
  t = await createTestApp({ config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model' } } });
  browser = await launchBrowser();
  page = await openPage(browser, await t.app.listen({ host: '127.0.0.1', port: 0 }));
}, 90_000);

screenshotOnFailure(() => page);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await t?.close();
  await chat?.close();
});

describe('AI-generated campaign', () => {
  it('writes a 4-step sequence from the context, lets the user edit it and creates the campaign for 20 credits', async () => {
    await signUp(page, newUser({ name: 'Gia Gen', email: 'gia@gen.test' }));
    const user = await t.ctx.db.selectFrom('users').select(['id', 'team_id', 'email', 'name']).where('email', '=', 'gia@gen.test').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('mail_accounts')
      .values({ team_id: user.team_id, user_id: user.id, email_address: 'gia@gen.test', name: 'Gia Gen', provider: 'imap', imap_host: 'imap.invalid', imap_port: 993, imap_secure: true, smtp_host: 'smtp.invalid', smtp_port: 465, smtp_secure: true, username: 'gia@gen.test', secret: 'x' })
      .execute();
    await createContactList(t.ctx.db, { userId: user.id, teamId: user.team_id, email: user.email, name: user.name, cookie: '' }, 'Warehouse leads', [{ first: 'Ann', company: 'Acme Logistics', email: 'ann@leads.test' }]);
    const usedBefore = await creditsUsed(user.team_id);

    await page.goto('/engage/sequences/new-campaign');
    await page.getByRole('radio', { name: 'AI generated' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: /^Campaign name/ }).fill('Skates, by AI');
    await page.getByRole('combobox', { name: /^Lists/ }).click();
    await page.getByRole('option', { name: 'Warehouse leads' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /^Send from/ }).click();
    await page.getByRole('option', { name: 'gia@gen.test' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('textbox', { name: /^Campaign context/ }).fill('Rocket skates for warehouse pickers: half the walking, a two-week free pilot.');
    await page.getByText('Costs up to 20 credits').waitFor();
    await page.getByRole('button', { name: 'Generate sequence' }).click();

    // The written sequence lands in the editor, one card per step.
    await page.getByText('Step 4', { exact: true }).waitFor();
    expect(await page.getByLabel('Subject').first().inputValue()).toBe('Walking less at {{companyName|your warehouse}}');
    await page.getByLabel('Subject').first().fill('Half the walking at {{companyName|your warehouse}}');
    await page.setViewportSize({ width: 1280, height: 900 });
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'campaign-ai-sequence-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(page, 'Campaign created successfully!');
    await page.waitForURL('**/engage/sequences/campaign-details?id=*');
    const id = new URL(page.url()).searchParams.get('id')!;
    const steps = await t.ctx.db.selectFrom('campaign_steps').select(['position', 'subject', 'delay_days']).where('campaign_id', '=', id).orderBy('position').execute();
    expect(steps.map((s) => s.delay_days)).toEqual([0, 3, 4, 5]);
    expect(steps[0]!.subject).toBe('Half the walking at {{companyName|your warehouse}}');
    expect(await creditsUsed(user.team_id)).toBe(usedBefore + 20);
    // The model was asked for JSON-schema output and given the context as quoted data.
    const request = chat.requests.find((r) => r.body?.response_format?.json_schema?.name === 'campaign_sequence')!;
    expect(request.body.messages[1].content).toContain('Rocket skates for warehouse pickers');
  }, 120_000);
});

async function creditsUsed(teamId: string) {
  const { getCreditsInfo } = await import('../apps/server/src/features/credits/index.js');
  return (await getCreditsInfo(t.ctx.db, teamId)).used;
}
