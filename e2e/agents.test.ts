import { describe, expect, it } from 'vitest';
import { createFromPeople } from '../apps/server/src/features/contacts/index.js';
import { getCreditsInfo } from '../apps/server/src/features/credits/index.js';
import { addContactsToList, insertList } from '../apps/server/src/features/lists/index.js';
import { createPeople } from '../apps/server/src/test/factories.js';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { expectToast, newUser } from './support/app.js';
import { useAppUnderTest, signUpOwner } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// Agents (/signals/agents) against a loopback chat-completions server, with the worker on: a
// research agent and a list builder are made through the screen, run by hand through their
// jobs, and show their results and cost. Screenshots at 1280 and 1440 go to SCREENSHOTS_DIR.

const ANSWER = 'Yes: Lagerhaus runs three warehouses near Hamburg.';
const GERMAN_VPS = { jobTitles: [], jobLevels: ['vp'], companySizes: [], countries: ['germany'], industries: [], keywords: '' };

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({
      chat: keep(
        await startChatCompletionsServer({
          fallback: (r) => ({ kind: 'message', content: r.body?.response_format?.json_schema?.name === 'icp_filters' ? JSON.stringify(GERMAN_VPS) : ANSWER }),
        }),
      ),
    }),
    app: ({ chat }) => ({ work: true, config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model' } } }),
  },
  90_000,
);

const field = (name: RegExp) => e2e.page.getByRole('textbox', { name }).or(e2e.page.getByRole('combobox', { name }));

async function newAgent(kind: 'Research agent' | 'List builder', name: string, instructions: string, list: string) {
  await e2e.page.getByRole('button', { name: 'New agent' }).click();
  const dialog = e2e.page.getByRole('dialog', { name: 'New agent' });
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: kind === 'List builder' ? /^Ideal customer profile/ : /^Question/ }).fill(instructions);
  await field(kind === 'List builder' ? /^Add to list/ : /^Accounts of list/).first().click();
  await e2e.page.getByRole('option', { name: list }).click();
  await field(/^Schedule/).first().click();
  await e2e.page.getByRole('option', { name: 'Only when I run it' }).click();
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expectToast(e2e.page, 'Agent created successfully!');
}

describe('agents', () => {
  it('runs a research agent and a list builder by hand and shows their results and cost', async () => {
    const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Rita Research', email: 'rita@agents.test' }));
    const people = await createPeople(e2e.ctx.db, [
      { id: 'e2e-ag-1', full_name: 'anna berg', job_title: 'vp operations', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'lagerhaus' },
      { id: 'e2e-ag-2', full_name: 'bernd vogel', job_title: 'vp logistics', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'fracht ag' },
    ]);
    const accounts = (await insertList(e2e.ctx.db, { teamId: owner.teamId, name: 'Target accounts', entityType: 'contactList', createdBy: owner.userId })).id;
    const contacts = await createFromPeople(e2e.ctx.db, owner.teamId, [people['e2e-ag-1']!]);
    await addContactsToList(e2e.ctx.db, owner.teamId, accounts, [...contacts.values()], null);
    await insertList(e2e.ctx.db, { teamId: owner.teamId, name: 'German VPs', entityType: 'contactList', createdBy: owner.userId });
    const usedBefore = (await getCreditsInfo(e2e.ctx.db, owner.teamId)).used;

    await e2e.page.goto('/');
    await e2e.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Agents', exact: true }).click();
    await e2e.page.getByRole('heading', { name: 'Agents' }).waitFor();

    await newAgent('Research agent', 'Own warehouses?', 'Does this company run its own warehouses?', 'Target accounts');
    const research = e2e.page.getByRole('region', { name: 'Own warehouses?' });
    await research.getByRole('button', { name: 'Run now' }).click();
    await research.getByText('succeeded', { exact: true }).first().waitFor({ timeout: 30_000 });
    await research.getByRole('table', { name: 'Runs of Own warehouses?' }).getByLabel('Cost').filter({ hasText: '5 credits' }).waitFor();
    await research.getByText(ANSWER).waitFor();
    await research.getByRole('cell', { name: 'Anna Berg' }).waitFor();

    await newAgent('List builder', 'German VPs', 'VPs at companies in Germany', 'German VPs');
    const builder = e2e.page.getByRole('region', { name: 'German VPs' });
    await builder.getByRole('button', { name: 'Run now' }).click();
    await builder.getByText('succeeded', { exact: true }).first().waitFor({ timeout: 30_000 });
    const runs = builder.getByRole('table', { name: 'Runs of German VPs' });
    await runs.getByLabel('Cost').filter({ hasText: '10 credits' }).waitFor();
    await runs.getByLabel('Results').filter({ hasText: '2' }).waitFor();
    await builder.getByRole('cell', { name: 'Bernd Vogel' }).waitFor();
    await savePageShots(e2e.page, 'agents');

    expect((await getCreditsInfo(e2e.ctx.db, owner.teamId)).used).toBe(usedBefore + 15);
  }, 120_000);
});
