import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createPeople, type TestUser } from '../../test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import { startChatCompletionsServer } from '../../test/vendors/chat-completions-server.js';
import { createFromPeople } from '../contacts/index.js';
import { addContactsToList, insertList } from '../lists/index.js';
import { runAgent } from './run-agent.js';

let t: TestApp;
let chat: Awaited<ReturnType<typeof startChatCompletionsServer>>;
let owner: TestUser;
let stranger: TestUser;
let people: Record<string, string>;
/** What the scripted AI answers about each account, found by the account's name in the question. */
let answers: Record<string, string> = {};

const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

/** A list of these people's contacts, and the contact id of each person. */
async function listOf(user: TestUser, name: string, personIds: string[]) {
  const listId = (await insertList(t.ctx.db, { teamId: user.teamId, name, entityType: 'contactList', createdBy: user.userId })).id;
  const contacts = await createFromPeople(t.ctx.db, user.teamId, personIds);
  await addContactsToList(t.ctx.db, user.teamId, listId, [...contacts.values()], null);
  return { listId, contacts };
}

/** A research agent on the list, run once through the scripted AI server answering by account name. */
async function researchAgent(user: TestUser, listId: string, name: string, question: string, byAccount: Record<string, string>) {
  const agent = (await call(user, 'POST', '/api/v1/agents', { kind: 'research', name, instructions: question, listId, schedule: 'manual' })).json().data;
  answers = byAccount;
  const run = (await call(user, 'POST', `/api/v1/agents/${agent.id}/run`)).json().data;
  await runAgent(t.ctx, run.id);
  return agent.id as string;
}

const contentsOf = async (user: TestUser, listId: string) => {
  const response = await call(user, 'POST', `/api/v1/lists/${listId}`, { sortBy: 'name', sortOrder: 'asc' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

async function csvOf(user: TestUser, listId: string) {
  const response = await call(user, 'GET', `/api/v1/lists/download/${listId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
}

beforeAll(async () => {
  chat = await startChatCompletionsServer({
    fallback: (request) => {
      const asked = JSON.stringify(request.body.messages);
      const account = Object.keys(answers).find((name) => asked.includes(`Name: ${name}`));
      return { kind: 'message', content: account ? answers[account] : 'unexpected account' };
    },
  });
  t = await createTestApp({ config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'test-model', maxRetries: 0 } } });
  owner = await createOwner(t.ctx.db);
  stranger = await createOwner(t.ctx.db);
  people = await createPeople(t.ctx.db, [
    { id: 'col-1', full_name: 'anna berg', job_title: 'vp operations', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'lagerhaus' },
    { id: 'col-2', full_name: 'bernd vogel', job_title: 'vp logistics', job_title_levels: ['vp'], location_country: 'germany', job_company_name: 'fracht ag' },
  ]);
});
afterAll(async () => {
  await t.close();
  await chat.close();
});

describe("research agents' answers as list columns", () => {
  it('shows one column per research agent of the list, with its answers, empty where not answered yet', async () => {
    const { listId, contacts } = await listOf(owner, 'Accounts', [people['col-1']!, people['col-2']!]);
    const anna = contacts.get(people['col-1']!)!;
    const bernd = contacts.get(people['col-2']!)!;
    const warehouses = await researchAgent(owner, listId, 'Warehouses?', 'Does this company run its own warehouses?', { 'Anna Berg': 'Yes: three.', 'Bernd Vogel': 'No: it rents space.' });
    // An agent created but never run still has its (empty) column.
    const fleet = (await call(owner, 'POST', '/api/v1/agents', { kind: 'research', name: 'Fleet', instructions: 'How many trucks?', listId, schedule: 'manual' })).json().data.id;
    // A list builder fills the list rather than answering: no column.
    await call(owner, 'POST', '/api/v1/agents', { kind: 'list_builder', name: 'More VPs', instructions: 'VPs in Germany', listId, schedule: 'manual' });

    const data = await contentsOf(owner, listId);
    expect(data.columns).toEqual([
      { key: warehouses, title: 'Warehouses?', description: 'Does this company run its own warehouses?' },
      { key: fleet, title: 'Fleet', description: 'How many trucks?' },
    ]);
    expect(data.contacts.map((c: { _id: string }) => c._id)).toEqual([anna, bernd]);
    expect(data.cells).toEqual({ [anna]: { [warehouses]: 'Yes: three.' }, [bernd]: { [warehouses]: 'No: it rents space.' } });

    // Another list of the team shows none of these columns.
    const other = await listOf(owner, 'Other', [people['col-1']!]);
    expect(await contentsOf(owner, other.listId)).toMatchObject({ columns: [], cells: {} });
  });

  it("exports the columns after the usual ones, headed by the agent's name, formula-escaped", async () => {
    const { listId } = await listOf(owner, 'Export', [people['col-1']!, people['col-2']!]);
    const plain = await csvOf(owner, listId);
    await researchAgent(owner, listId, 'Sells to', 'Who does this company sell to?', { 'Anna Berg': '=HYPERLINK("x") retailers, "mostly"', 'Bernd Vogel': 'Carriers' });
    await call(owner, 'POST', '/api/v1/agents', { kind: 'research', name: 'Unanswered', instructions: 'Q?', listId, schedule: 'manual' });

    const lines = await csvOf(owner, listId);
    expect(lines[0]).toBe(`${plain[0]},Sells to,Unanswered`);
    expect(lines).toHaveLength(3);
    const rowOf = (rows: string[], name: string) => rows.find((row) => row.startsWith(`${name},`));
    expect(rowOf(lines, 'Anna Berg')).toBe(`${rowOf(plain, 'Anna Berg')},"'=HYPERLINK(""x"") retailers, ""mostly""",`);
    expect(rowOf(lines, 'Bernd Vogel')).toBe(`${rowOf(plain, 'Bernd Vogel')},Carriers,`);
  });

  it("never shows another team's agent or answers, even one pointed at this list", async () => {
    const { listId, contacts } = await listOf(owner, 'Mine', [people['col-1']!]);
    const anna = contacts.get(people['col-1']!)!;
    const theirs = await listOf(stranger, 'Theirs', [people['col-1']!]);
    const theirAgent = await researchAgent(stranger, theirs.listId, 'Their question', 'Secret?', { 'Anna Berg': 'Their secret answer' });
    // Forged rows the API would refuse: their agent aimed at our list with an answer about our contact.
    await t.ctx.db.updateTable('agents').set({ list_id: listId }).where('id', '=', theirAgent).execute();
    const runId = (await t.ctx.db.selectFrom('agent_runs').select('id').where('agent_id', '=', theirAgent).executeTakeFirstOrThrow()).id;
    await t.ctx.db.insertInto('agent_answers').values({ agent_id: theirAgent, contact_id: anna, run_id: runId, answer: 'Leaked' }).execute();

    expect(await contentsOf(owner, listId)).toMatchObject({ columns: [], cells: {} });
    const csv = (await csvOf(owner, listId)).join('\n');
    expect(csv).not.toContain('Their question');
    expect(csv).not.toContain('Leaked');
    expect((await call(stranger, 'POST', `/api/v1/lists/${listId}`, {})).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/lists/download/${listId}`)).statusCode).toBe(404);
  });
});
