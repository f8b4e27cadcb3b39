import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { launchCampaign } from './campaigns.service.js';
import { runTick } from './scheduler.js';
import { completeTask } from './tasks.service.js';
import { createContactList, createMailbox, ownerActor, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

const MONDAY = new Date('2026-01-12T08:00:00Z'); // 09:00 in Paris
const TUESDAY = new Date('2026-01-13T08:00:00Z');

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await createTeam(t.ctx.db));
  ({ owner: other } = await createTeam(t.ctx.db));
  await createMailbox(t.ctx.db, t.ctx.config, owner, 'tasks@example.test');
});
afterAll(() => t.close());

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe('campaign tasks and the interested mark', () => {
  it('turns LinkedIn and call steps into tasks a person marks done, and stops every remaining step of a lead marked interested', async () => {
    const { listId, contactIds } = await createContactList(t.ctx.db, owner, 'Tasks', [
      { first: 'Ann', email: 'ann@leads.test' },
      { first: 'Bob', email: 'bob@leads.test' },
    ]);
    const [ann, bob] = contactIds as [string, string];
    const created = await call(owner, 'POST', '/api/v1/campaigns', {
      name: 'Tasks',
      listIds: [listId],
      mailboxes: ['tasks@example.test'],
      schedule: WEEKDAYS_9_TO_5,
      steps: [
        { type: 'linkedin_request', delayDays: 0, body: 'Connect with {{firstName}}' },
        { type: 'call', delayDays: 1, body: 'Call about the pilot' },
        { type: 'email', delayDays: 0, subject: 'Hello', body: 'A note.' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    await launchCampaign(t.ctx.db, ownerActor(owner), id, MONDAY);

    expect(await runTick(t.ctx, { now: MONDAY })).toMatchObject({ planned: 0, tasks: 2 });
    // The leads wait for the person: a later tick opens nothing more.
    expect(await runTick(t.ctx, { now: TUESDAY })).toMatchObject({ planned: 0, tasks: 0 });
    const open = await call(owner, 'GET', `/api/v1/campaigns/${id}/tasks`);
    expect(open.statusCode, open.body).toBe(200);
    const opened = open.json().data.map((task: { contactId: string; type: string; stepIndex: number; instructions: string }) => [task.contactId, task.type, task.stepIndex, task.instructions]);
    expect(opened).toHaveLength(2);
    expect(opened).toEqual(expect.arrayContaining([
      [ann, 'linkedin_request', 0, 'Connect with {{firstName}}'],
      [bob, 'linkedin_request', 0, 'Connect with {{firstName}}'],
    ]));

    // Done on Monday: the call step is due a day later, and becomes a task then.
    expect(await completeTask(t.ctx.db, ownerActor(owner), id, { contactId: ann, stepIndex: 0 }, MONDAY)).toMatchObject({ status: 'active', nextStep: 1 });
    const again = await call(owner, 'POST', `/api/v1/campaigns/${id}/tasks/done`, { contactId: ann, stepIndex: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This lead has no open task at this step');
    expect(await runTick(t.ctx, { now: new Date('2026-01-12T15:00:00Z') })).toMatchObject({ tasks: 0 });
    expect(await runTick(t.ctx, { now: TUESDAY })).toMatchObject({ tasks: 1 });

    const interested = await call(owner, 'POST', `/api/v1/campaigns/${id}/interested`, { contactId: bob });
    expect(interested.statusCode, interested.body).toBe(200);
    expect(interested.json().data).toMatchObject({ status: 'interested', nextStep: null });
    expect((await call(owner, 'POST', `/api/v1/campaigns/${id}/interested`, { contactId: bob })).statusCode).toBe(409);
    expect((await call(owner, 'POST', `/api/v1/campaigns/${id}/tasks/done`, { contactId: bob, stepIndex: 0 })).statusCode).toBe(409);
    const left = (await call(owner, 'GET', `/api/v1/campaigns/${id}/tasks`)).json().data;
    expect(left.map((task: { contactId: string; type: string }) => [task.contactId, task.type])).toEqual([[ann, 'call']]);

    // The call done on Tuesday: the email (no delay) is due at once, and the lead gets it.
    const done = await call(owner, 'POST', `/api/v1/campaigns/${id}/tasks/done`, { contactId: ann, stepIndex: 1 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'active', nextStep: 2 });
    const leads = (await call(owner, 'GET', `/api/v1/campaigns/${id}/leads`)).json().data as Array<{ contactId: string; status: string }>;
    expect(Object.fromEntries(leads.map((l) => [l.contactId, l.status]))).toEqual({ [ann]: 'active', [bob]: 'interested' });
    const events = await t.ctx.db.selectFrom('campaign_lead_events').select('kind').innerJoin('campaign_leads', 'campaign_leads.id', 'campaign_lead_events.lead_id').where('campaign_leads.campaign_id', '=', id).orderBy('at').execute();
    expect(events.map((e) => e.kind).sort()).toEqual(['interested', 'task:call', 'task:linkedin_request', 'task:linkedin_request', 'task_done', 'task_done'].sort());

    // Another team's contact is not found; this team's contact outside the campaign is a conflict.
    const [stranger] = (await createContactList(t.ctx.db, other, 'Theirs', [{ first: 'Eve', email: 'eve@theirs.test' }])).contactIds;
    expect((await call(owner, 'POST', `/api/v1/campaigns/${id}/interested`, { contactId: stranger })).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/v1/campaigns/${id}/interested`, { contactId: stranger })).statusCode).toBe(404);
    const [outsider] = (await createContactList(t.ctx.db, owner, 'Outside', [{ first: 'Oz', email: 'oz@leads.test' }])).contactIds;
    expect((await call(owner, 'POST', `/api/v1/campaigns/${id}/interested`, { contactId: outsider })).statusCode).toBe(409);
  });
});
