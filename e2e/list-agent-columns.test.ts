import { describe, expect, it } from 'vitest';
import { createFromPeople } from '../apps/server/src/features/contacts/index.js';
import { addContactsToList, insertList } from '../apps/server/src/features/lists/index.js';
import { createPeople } from '../apps/server/src/test/factories.js';
import { testConfig } from '../apps/server/src/test/test-app.js';
import { startChatCompletionsServer } from '../apps/server/src/test/vendors/chat-completions-server.js';
import { expectToast, newUser } from './support/app.js';
import { signUpOwner, useAppUnderTest } from './support/app-under-test.js';
import { savePageShots } from './support/browser.js';

// A research agent's answers as a column of its list: the agent is made and run through the
// Agents screen (a loopback chat-completions server answers), then the list's screen shows one
// column per research agent, empty where it has not answered. Screenshots at 1280 and 1440.

const ANSWER =
  'Yes: Lagerhaus runs three warehouses near Hamburg and a cross-dock in Bremen, and it has said it will open a fourth site in Leipzig next year to serve retailers in the east.';
const QUESTION = 'Does this company run its own warehouses, and how many sites does it operate?';

const e2e = useAppUnderTest(
  {
    fixtures: async (keep) => ({ chat: keep(await startChatCompletionsServer({ fallback: () => ({ kind: 'message', content: ANSWER }) })) }),
    app: ({ chat }) => ({ work: true, config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'e2e-model' } } }),
  },
  90_000,
);

async function newResearchAgent(name: string, question: string, list: string) {
  await e2e.page.getByRole('button', { name: 'New agent' }).click();
  const dialog = e2e.page.getByRole('dialog', { name: 'New agent' });
  await dialog.getByRole('radio', { name: 'Research agent' }).check();
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('textbox', { name: /^Question/ }).fill(question);
  const field = (name: RegExp) => dialog.getByRole('textbox', { name }).or(dialog.getByRole('combobox', { name })).first();
  await field(/^Accounts of list/).click();
  await e2e.page.getByRole('option', { name: list }).click();
  await field(/^Schedule/).click();
  await e2e.page.getByRole('option', { name: 'Only when I run it' }).click();
  await dialog.getByRole('button', { name: 'Create agent' }).click();
  await expectToast(e2e.page, 'Agent created successfully!');
}

describe("a research agent's column on its list", () => {
  it('shows the answers of a run in the list, headed by the agent, and an empty column for an agent not run yet', async () => {
    const owner = await signUpOwner(e2e.page, e2e, newUser({ name: 'Cora Columns', email: 'cora@listcol.test' }));
    const people = await createPeople(e2e.ctx.db, [
      { id: 'e2e-lc-1', full_name: 'anna berg', job_title: 'vp operations', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'lagerhaus', job_company_website: 'lagerhaus.de' },
    ]);
    const listId = (await insertList(e2e.ctx.db, { teamId: owner.teamId, name: 'Target accounts', entityType: 'contactList', createdBy: owner.userId })).id;
    const contacts = await createFromPeople(e2e.ctx.db, owner.teamId, [people['e2e-lc-1']!]);
    await addContactsToList(e2e.ctx.db, owner.teamId, listId, [...contacts.values()], null);

    await e2e.page.goto('/signals/agents');
    await e2e.page.getByRole('heading', { name: 'Agents' }).waitFor();
    await newResearchAgent('Own warehouses and sites in Germany?', QUESTION, 'Target accounts');
    const research = e2e.page.getByRole('region', { name: 'Own warehouses and sites in Germany?' });
    await research.getByRole('button', { name: 'Run now' }).click();
    await research.getByText('succeeded', { exact: true }).first().waitFor({ timeout: 30_000 });
    // A second agent on the same list, never run: the dialog starts empty again, and picking the
    // list the last agent used keeps it chosen.
    await newResearchAgent('Fleet size', 'How many trucks does it run?', 'Target accounts');

    await e2e.page.goto(`/prospects/lists/people/${listId}`);
    const table = e2e.page.getByRole('table', { name: 'Prospects' });
    await table.getByRole('cell', { name: 'Anna Berg', exact: true }).waitFor();
    await table.getByRole('columnheader', { name: 'Fleet size' }).waitFor();
    const headers = await table.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['Own warehouses and sites in Germany?', 'Fleet size']));
    const row = table.getByRole('row').filter({ has: e2e.page.getByRole('cell', { name: 'Anna Berg', exact: true }) });
    await expect.poll(() => row.getByText(ANSWER).count()).toBe(1);

    // The question is the heading's tooltip; the whole answer is the cell's.
    await table.getByRole('columnheader', { name: 'Fleet size' }).getByText('Fleet size').hover();
    await e2e.page.getByRole('tooltip', { name: 'Fleet size: How many trucks does it run?' }).waitFor();
    await row.getByText(ANSWER).hover();
    await e2e.page.getByRole('tooltip', { name: ANSWER }).waitFor();
    await e2e.page.mouse.move(0, 0);

    // Not run yet: the column's cell is empty.
    const cells = await row.getByRole('cell').allInnerTexts();
    const fleet = headers.findIndex((h) => h.trim() === 'Fleet size');
    expect(cells[fleet]?.trim()).toBe('—');
    await savePageShots(e2e.page, 'list-agent-columns');
  }, 120_000);
});
