import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople } from '../apps/server/src/test/factories.js';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { newUser, signUp } from './support/app.js';
import { useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// SalesGPT conversations against a loopback chat-completions server: the scripted model asks to
// save a search to a list, to enrich that list, and to draft a campaign for it; each waits for
// the member's Confirm in the chat and then does the real thing (a list, an enrichment job, a draft).

const FILTERS = { job_title_role: [{ label: 'Sales', value: 'sales', status: 'include' }], location_country: [{ label: 'Canada', value: 'canada', status: 'include' }] };

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({ chat: keep(await startChatCompletionsServer()) }),
    app: ({ chat }) => ({ work: true, config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model', maxRetries: 0 } } }),
  },
  90_000,
);

beforeAll(async () => {
  await createPeople(e2e.ctx.db, [
    { id: 'e2e-sg-ann', full_name: 'ann lee', job_title: 'head of sales', job_title_role: 'sales', location_country: 'canada', job_company_name: 'globex', job_company_website: 'globex.com', work_email: 'ann.lee@globex.com' },
    { id: 'e2e-sg-bob', full_name: 'bob stone', job_title: 'account executive', job_title_role: 'sales', location_country: 'canada', job_company_name: 'initech' },
    { id: 'e2e-sg-cid', full_name: 'cid moss', job_title: 'engineer', job_title_role: 'engineering', location_country: 'canada' },
  ]);
});

describe('SalesGPT', () => {
  it('saves a search to a list once the member confirms it in the chat', async () => {
    await signUp(e2e.page, newUser({ name: 'Gus Gpt', email: 'gus@gpt.test' }));
    e2e.fixtures.chat.answer(
      { kind: 'stream', chunks: [{ content: 'I can save them. ' }, { toolCall: { index: 0, id: 'call_0', name: 'save_search_to_list', arguments: JSON.stringify({ filters: FILTERS, listName: 'Canada sales', limit: 50 }) } }], finishReason: 'tool_calls' },
      { kind: 'stream', chunks: [{ content: 'Done: the list ' }, { content: 'Canada sales holds 2 people.' }] },
    );
    await e2e.page.getByLabel('Message SalesGPT').fill('Save the sales people in Canada to a list');
    await e2e.page.getByRole('button', { name: 'Send' }).click();

    const card = e2e.page.getByTestId('tool-card').filter({ hasText: 'Save to a list' });
    await card.getByText('Save up to 50 people').waitFor();
    await card.getByText('location country: Canada').waitFor();
    // Nothing is saved before the member says yes.
    expect(await e2e.ctx.db.selectFrom('lists').select('id').where('name', '=', 'Canada sales').execute()).toEqual([]);
    await savePageShots(e2e.page, 'sales-gpt-confirm');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await e2e.page.getByText('Canada sales holds 2 people.').waitFor();
    const link = e2e.page.getByRole('link', { name: 'Canada sales' });
    await link.waitFor();
    await savePageShots(e2e.page, 'sales-gpt-saved');

    // The conversation is kept: its title is the first message, and it survives a reload.
    await e2e.page.reload();
    await e2e.page.getByText('Canada sales holds 2 people.').waitFor();
    await e2e.page.getByRole('link', { name: 'Canada sales' }).click();
    await e2e.page.waitForURL('**/prospects/lists/people/**');
    await e2e.page.getByText('Ann Lee').waitFor();
    await e2e.page.getByText('Bob Stone').waitFor();
  });

  const toolCall = (name: string, args: object) => ({ kind: 'stream' as const, chunks: [{ toolCall: { index: 0, id: 'call_0', name, arguments: JSON.stringify(args) } }], finishReason: 'tool_calls' });

  it('enriches the list after the member confirms the estimate, with the progress in the chat', async () => {
    await e2e.page.setViewportSize({ width: 1440, height: 900 });
    await e2e.page.goto('/');
    await e2e.page.getByRole('button', { name: 'New conversation' }).click();
    e2e.fixtures.chat.answer(toolCall('enrich_list', { list: 'Canada sales', enrichType: 'email' }), { kind: 'stream', chunks: [{ content: 'The enrichment is running.' }] });
    await e2e.page.getByLabel('Message SalesGPT').fill('Find the emails of my Canada sales list');
    await e2e.page.getByRole('button', { name: 'Send' }).click();

    const card = e2e.page.getByTestId('tool-card').filter({ hasText: 'Enrich a list' });
    await card.getByText(/Enrich the list "Canada sales" \(2 contacts\) with emails: 2 contacts to look up, at most \d+ credits/).waitFor();
    expect(await e2e.ctx.db.selectFrom('enrichment_runs').select('id').execute()).toEqual([]);
    await savePageShots(e2e.page, 'sales-gpt-enrich-confirm');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText(/Enrichment finished: 2 of 2 looked up/).waitFor();
    await e2e.page.getByText('The enrichment is running.').waitFor();
    await savePageShots(e2e.page, 'sales-gpt-enrich-done');
    await card.getByRole('link', { name: 'Canada sales' }).click();
    await e2e.page.waitForURL('**/prospects/lists/people/**');
    await e2e.page.getByText('ann.lee@globex.com').waitFor();
  });

  it('drafts a campaign for the list after the member confirms, and opens it', async () => {
    await e2e.page.goto('/');
    await e2e.page.getByRole('button', { name: 'New conversation' }).click();
    const sequence = {
      emails: [
        { subject: 'Pipeline in Canada, {{firstName|there}}', body: 'Hi {{firstName|there}},\n\nCould a pipeline review help your team?', delayDays: 0 },
        { subject: '', body: 'Following up, {{firstName|there}}.', delayDays: 3 },
      ],
    };
    e2e.fixtures.chat.answer(toolCall('draft_campaign', { list: 'Canada sales', name: 'Canada outreach', brief: 'Offer our pipeline review to sales leaders in Canada.', emails: 2 }), { kind: 'message', content: JSON.stringify(sequence) }, {
      kind: 'stream',
      chunks: [{ content: 'Your draft is saved.' }],
    });
    await e2e.page.getByLabel('Message SalesGPT').fill('Draft a 2-email campaign for Canada sales offering our pipeline review');
    await e2e.page.getByRole('button', { name: 'Send' }).click();

    const card = e2e.page.getByTestId('tool-card').filter({ hasText: 'Draft a campaign' });
    await card.getByText('Write a 2-email sequence for the list "Canada sales" (2 contacts) and save it as the draft campaign "Canada outreach": at most 10 credits (5 per email written). It is not launched.').waitFor();
    expect(await e2e.ctx.db.selectFrom('campaigns').select('id').execute()).toEqual([]);
    await savePageShots(e2e.page, 'sales-gpt-campaign-confirm');

    await card.getByRole('button', { name: 'Confirm' }).click();
    await e2e.page.getByText('Your draft is saved.').waitFor();
    await savePageShots(e2e.page, 'sales-gpt-campaign-saved');
    expect(await e2e.ctx.db.selectFrom('campaigns').select(['status']).where('name', '=', 'Canada outreach').execute()).toEqual([{ status: 'draft' }]);
    await card.getByRole('link', { name: 'Canada outreach' }).click();
    await e2e.page.waitForURL('**/engage/sequences/campaign-details?id=*');
    await e2e.page.getByRole('heading', { name: 'Canada outreach' }).waitFor();
    await savePageShots(e2e.page, 'sales-gpt-campaign-opened');
  });
});
