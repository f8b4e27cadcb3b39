import { describe, expect, it } from 'vitest';
import { createContactList } from '../apps/server/src/features/campaigns/test/fixtures.repository.js';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

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

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({ chat: keep(await startChatCompletionsServer({ fallback: () => ({ kind: 'message', content: JSON.stringify(SEQUENCE) }) })) }),
    app: ({ chat }) => ({ config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model' } } }),
  },
  90_000,
);

describe('AI-generated campaign', () => {
  it('writes a 4-step sequence from the context, lets the user edit it and creates the campaign for 20 credits', async () => {
    const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Gia Gen', email: 'gia@gen.test' }));
    await e2e.ctx.db
      .insertInto('mail_accounts')
      .values({ team_id: owner.teamId, user_id: owner.userId, email_address: 'gia@gen.test', name: 'Gia Gen', provider: 'imap', imap_host: 'imap.invalid', imap_port: 993, imap_secure: true, smtp_host: 'smtp.invalid', smtp_port: 465, smtp_secure: true, username: 'gia@gen.test', secret: 'x' })
      .execute();
    await createContactList(e2e.ctx.db, owner, 'Warehouse leads', [{ first: 'Ann', company: 'Acme Logistics', email: 'ann@leads.test' }]);
    const usedBefore = await creditsUsed(owner.teamId);

    await e2e.page.goto('/engage/sequences/new-campaign');
    await e2e.page.getByRole('radio', { name: 'AI generated' }).check();
    await e2e.page.getByRole('button', { name: 'Next' }).click();
    await e2e.page.getByRole('textbox', { name: /^Campaign name/ }).fill('Skates, by AI');
    await e2e.page.getByRole('combobox', { name: /^Lists/ }).click();
    await e2e.page.getByRole('option', { name: 'Warehouse leads' }).click();
    await e2e.page.keyboard.press('Escape');
    await e2e.page.getByRole('combobox', { name: /^Send from/ }).click();
    await e2e.page.getByRole('option', { name: 'gia@gen.test' }).click();
    await e2e.page.keyboard.press('Escape');
    await e2e.page.getByRole('button', { name: 'Next' }).click();

    await e2e.page.getByRole('textbox', { name: /^Campaign context/ }).fill('Rocket skates for warehouse pickers: half the walking, a two-week free pilot.');
    await e2e.page.getByText('Costs up to 20 credits').waitFor();
    await e2e.page.getByRole('button', { name: 'Generate sequence' }).click();

    // The written sequence lands in the editor, one card per step.
    await e2e.page.getByText('Step 4', { exact: true }).waitFor();
    expect(await e2e.page.getByLabel('Subject').first().inputValue()).toBe('Walking less at {{companyName|your warehouse}}');
    await e2e.page.getByLabel('Subject').first().fill('Half the walking at {{companyName|your warehouse}}');
    await savePageShots(e2e.page, 'campaign-ai-sequence', [1280]);

    await e2e.page.getByRole('button', { name: 'Create campaign' }).click();
    await expectToast(e2e.page, 'Campaign created successfully!');
    await e2e.page.waitForURL('**/engage/sequences/campaign-details?id=*');
    const id = new URL(e2e.page.url()).searchParams.get('id')!;
    const steps = await e2e.ctx.db.selectFrom('campaign_steps').select(['position', 'subject', 'delay_days']).where('campaign_id', '=', id).orderBy('position').execute();
    expect(steps.map((s) => s.delay_days)).toEqual([0, 3, 4, 5]);
    expect(steps[0]!.subject).toBe('Half the walking at {{companyName|your warehouse}}');
    expect(await creditsUsed(owner.teamId)).toBe(usedBefore + 20);
    // The model was asked for JSON-schema output and given the context as quoted data.
    const request = e2e.fixtures.chat.requests.find((r) => r.body?.response_format?.json_schema?.name === 'campaign_sequence')!;
    expect(request.body.messages[1].content).toContain('Rocket skates for warehouse pickers');
  }, 120_000);
});

async function creditsUsed(teamId: string) {
  const { getCreditsInfo } = await import('../apps/server/src/features/credits/index.js');
  return (await getCreditsInfo(e2e.ctx.db, teamId)).used;
}
