import { MESSAGES, type ChatMessageDto, type ChatStreamEvent } from '@leadline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createPeople, type TestUser } from '../../test/factories.js';
import { createTestApp, testConfig, type TestApp } from '../../test/test-app.js';
import { startChatCompletionsServer } from '../../test/vendors/chat-completions-server.js';
import { createFromPeople } from '../contacts/index.js';
import { getCreditsInfo, spendCredits } from '../credits/index.js';
import { addContactsToList, insertList } from '../lists/index.js';

let t: TestApp;
let chat: Awaited<ReturnType<typeof startChatCompletionsServer>>;
let people: Record<string, string>;

const eventsOf = (payload: string): ChatStreamEvent[] =>
  payload
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
const messagesOf = (payload: string) => eventsOf(payload).flatMap((e) => (e.type === 'message' ? [e.message] : []));
const call = (who: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: payload ? 'POST' : 'GET', url: `/api/v1/sales-gpt/conversations${url}`, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const toolCall = (name: string, args: object) => ({ kind: 'stream' as const, chunks: [{ toolCall: { index: 0, id: 'call_0', name, arguments: JSON.stringify(args) } }], finishReason: 'tool_calls' });
const said = (content: string) => ({ kind: 'stream' as const, chunks: [{ content }] });
const available = async (who: TestUser) => (await getCreditsInfo(t.ctx.db, who.teamId)).available;

async function conversation(who: TestUser) {
  return (await call(who, '', {})).json().data.id as string;
}

/** The member asks; the scripted model answers with `answers`; the tool card the answer ends on. */
async function ask(who: TestUser, id: string, content: string, ...answers: Parameters<typeof chat.answer>) {
  chat.answer(...answers);
  const res = await call(who, `/${id}/messages`, { content });
  expect(res.statusCode).toBe(200);
  return messagesOf(res.payload).filter((m) => m.role === 'tool').at(-1)!;
}

async function confirm(who: TestUser, id: string, card: ChatMessageDto, ...answers: Parameters<typeof chat.answer>) {
  chat.answer(...answers);
  const res = await call(who, `/${id}/confirm`, { actionId: card.pendingAction!.actionId, approve: true });
  expect(res.statusCode).toBe(200);
  return messagesOf(res.payload).find((m) => m.id === card.id)!;
}

/** A team with the list "Canada sales": Ann (whose work email our database knows) and Bob. */
async function teamWithList() {
  const owner = await createOwner(t.ctx.db);
  const list = await insertList(t.ctx.db, { teamId: owner.teamId, name: 'Canada sales', entityType: 'contactList', createdBy: owner.userId });
  const contacts = await createFromPeople(t.ctx.db, owner.teamId, [people['og-ann']!, people['og-bob']!]);
  await addContactsToList(t.ctx.db, owner.teamId, list.id, [...contacts.values()], 'other');
  return { owner, listId: list.id };
}

const jobState = async (who: TestUser, jobId: string) => {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${jobId}`, headers: { cookie: who.cookie } });
    const state = res.json().data.state as string;
    if (state === 'completed' || state === 'failed' || Date.now() > end) return state;
    await new Promise((r) => setTimeout(r, 200));
  }
};

beforeAll(async () => {
  chat = await startChatCompletionsServer();
  t = await createTestApp({ work: true, config: { ai: { ...testConfig().ai, baseUrl: chat.baseUrl, model: 'test-model', maxRetries: 0 } } });
  people = await createPeople(t.ctx.db, [
    { id: 'og-ann', full_name: 'ann lee', first_name: 'ann', last_name: 'lee', job_title: 'head of sales', job_company_name: 'acme', job_company_website: 'acme.com', linkedin_url: 'linkedin.com/in/og-ann-lee', work_email: 'ann.lee@acme.com', location_country: 'canada' },
    { id: 'og-bob', full_name: 'bob stone', job_title: 'account executive', job_company_name: 'initech', linkedin_url: 'linkedin.com/in/og-bob-stone', location_country: 'canada' },
  ]);
});
afterAll(async () => {
  await t.close();
  await chat.close();
});

describe('SalesGPT: enrich a list', () => {
  it('shows the list, its contacts and the estimate without holding anything, then starts the real job on confirm and charges only what it found', async () => {
    const { owner, listId } = await teamWithList();
    const id = await conversation(owner);
    const before = await available(owner);
    const card = await ask(owner, id, 'Find the emails of my Canada sales list', toolCall('enrich_list', { list: 'canada SALES', enrichType: 'email' }));
    expect(card.pendingAction).toMatchObject({ tool: 'enrich_list', status: 'pending' });
    const estimate = /"Canada sales" \(2 contacts\) with emails: 2 contacts to look up, at most (\d+) credits/.exec(card.pendingAction!.summary);
    expect(estimate, card.pendingAction!.summary).not.toBeNull();
    // No charge and no hold before the member says yes; no run either.
    expect(await available(owner)).toBe(before);
    expect(await t.ctx.db.selectFrom('enrichment_runs').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);

    const done = await confirm(owner, id, card, said('Enrichment started.'));
    const started = done.result!.enrichment!;
    expect(started).toMatchObject({ listId, listName: 'Canada sales', prospects: 2, creditsHeld: Number(estimate![1]) });
    expect(await jobState(owner, started.jobId)).toBe('completed');
    // Ann's work email was found (an accurate match, charged); Bob had none (free).
    const ann = await t.ctx.db.selectFrom('contacts').select(['primary_email']).where('team_id', '=', owner.teamId).where('full_name', 'ilike', 'ann lee').executeTakeFirstOrThrow();
    expect(ann.primary_email).toBe('ann.lee@acme.com');
    expect(await available(owner)).toBe(before - Number(estimate![1]) / 2);
  });

  it('answers the insufficient-credits message in the chat when the team cannot pay, and starts nothing', async () => {
    const { owner } = await teamWithList();
    await spendCredits(t.ctx.db, { teamId: owner.teamId, userId: owner.userId, action: 'test', amount: await available(owner), idempotencyKey: `drain:${owner.teamId}` });
    const id = await conversation(owner);
    const card = await ask(owner, id, 'Enrich Canada sales with phones', toolCall('enrich_list', { list: 'Canada sales', enrichType: 'phone' }));
    const done = await confirm(owner, id, card, said('You are out of credits.'));
    expect(done.result).toBeNull();
    expect(done.content).toBe(`Failed: ${MESSAGES.insufficientCredits}`);
    expect(await t.ctx.db.selectFrom('enrichment_runs').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);
  });

  it('asks for no confirmation for a list the team does not have: the model reads that it was not found', async () => {
    const { owner } = await teamWithList();
    const id = await conversation(owner);
    const answer = await ask(owner, id, 'Enrich my Mars list', toolCall('enrich_list', { list: 'Mars', enrichType: 'email' }), said('There is no such list.'));
    expect(answer.pendingAction).toBeNull();
    expect(answer.content).toBe('Failed: List not found.');
  });
});

describe('SalesGPT: draft a campaign', () => {
  const SEQUENCE = {
    emails: [
      { subject: 'Canada pipeline, {{firstName|there}}', body: 'Hi {{firstName|there}},\n\nA short note about pipeline.', delayDays: 0 },
      { subject: '', body: 'Following up, {{firstName|there}}.', delayDays: 3 },
    ],
  };

  it('writes the sequence with the generator only after the confirmation, charges 5 per email and saves a draft that is never launched', async () => {
    const { owner, listId } = await teamWithList();
    const id = await conversation(owner);
    const before = await available(owner);
    const args = { list: 'Canada sales', name: 'Canada outreach', brief: 'Offer our pipeline review to heads of sales in Canada.', emails: 3 };
    const card = await ask(owner, id, 'Draft a 3-email campaign for Canada sales offering our pipeline review', toolCall('draft_campaign', args));
    expect(card.pendingAction!.summary).toBe('Write a 3-email sequence for the list "Canada sales" (2 contacts) and save it as the draft campaign "Canada outreach": at most 15 credits (5 per email written). It is not launched.');
    const requests = chat.requests.length;
    expect(await t.ctx.db.selectFrom('campaigns').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);
    expect(await available(owner)).toBe(before);

    // The generator is asked once (structured output), then the chat goes on.
    const done = await confirm(owner, id, card, { kind: 'message', content: JSON.stringify(SEQUENCE) }, said('Your draft is ready.'));
    expect(chat.requests[requests]!.body.response_format.type).toBe('json_schema');
    expect(done.result!.campaign).toMatchObject({ name: 'Canada outreach', emails: 2, creditsCharged: 10 });
    const saved = await t.ctx.db.selectFrom('campaigns').selectAll().where('id', '=', done.result!.campaign!.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ team_id: owner.teamId, status: 'draft', name: 'Canada outreach' });
    const steps = await t.ctx.db.selectFrom('campaign_steps').select(['subject', 'body']).where('campaign_id', '=', saved.id).orderBy('position').execute();
    expect(steps.map((s) => s.subject)).toEqual(['Canada pipeline, {{firstName|there}}', null]);
    const lists = await t.ctx.db.selectFrom('campaign_lists').select('list_id').where('campaign_id', '=', saved.id).execute();
    expect(lists).toEqual([{ list_id: listId }]);
    // Two emails written of the three held for: 10 charged, 5 released.
    expect(await available(owner)).toBe(before - 10);
    expect(await t.ctx.db.selectFrom('campaign_leads').select('id').where('campaign_id', '=', saved.id).execute()).toEqual([]);
  });

  it('charges nothing and saves nothing when the model writes an invalid sequence', async () => {
    const { owner } = await teamWithList();
    const id = await conversation(owner);
    const before = await available(owner);
    const card = await ask(owner, id, 'Draft a campaign for Canada sales', toolCall('draft_campaign', { list: 'Canada sales', name: 'Broken', brief: 'Anything.', emails: 2 }));
    const done = await confirm(owner, id, card, { kind: 'message', content: JSON.stringify({ emails: [{ subject: 'Hi {{unknownVariable}}', body: 'x', delayDays: 0 }] }) }, said('It failed.'));
    expect(done.result).toBeNull();
    expect(done.content).toMatch(/^Failed: /);
    expect(await t.ctx.db.selectFrom('campaigns').select('id').where('team_id', '=', owner.teamId).execute()).toEqual([]);
    expect(await available(owner)).toBe(before);
  });
});
