import { CAMPAIGN_TEMPLATE_MESSAGES } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createContactList, createMailbox, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let foreign: TestUser;
let listId: string;

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};
const BASE = '/api/v1/campaign-templates';

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, team.owner, 'sales@example.test');
  ({ listId } = await createContactList(t.ctx.db, team.member, 'Prospects', [{ first: 'Ann', email: 'ann@acme.test' }]));
});
afterAll(() => t.close());

describe('campaign templates API', () => {
  it('lists the four built-in templates first, read-only, each valid as the steps of a new campaign', async () => {
    const { data } = await ok(team.member, 'GET', BASE);
    const builtIns = data.filter((tpl: { builtIn: boolean }) => tpl.builtIn);
    expect(builtIns.map((tpl: { id: string }) => tpl.id)).toEqual(['builtin-cold-outreach', 'builtin-after-event', 'builtin-re-engagement', 'builtin-multichannel']);
    expect(builtIns.find((tpl: { id: string }) => tpl.id === 'builtin-multichannel').steps.map((s: { type: string }) => s.type)).toEqual(['email', 'linkedin_request', 'email', 'call', 'linkedin_message']);
    for (const tpl of builtIns) {
      const created = await call(team.member, 'POST', '/api/v1/campaigns', { name: tpl.name, listIds: [listId], mailboxes: ['sales@example.test'], schedule: WEEKDAYS_9_TO_5, steps: tpl.steps });
      expect(created.statusCode, created.body).toBe(201);
    }
    const rename = await call(team.owner, 'PATCH', `${BASE}/builtin-cold-outreach`, { name: 'Mine' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.message).toBe(CAMPAIGN_TEMPLATE_MESSAGES.builtInReadOnly);
    expect((await call(team.owner, 'DELETE', `${BASE}/builtin-cold-outreach`)).statusCode).toBe(403);
    expect((await call(team.owner, 'GET', `${BASE}/builtin-no-such`)).statusCode).toBe(404);
  });

  it("saves a campaign's steps as a template, which the team sees and another team does not", async () => {
    const campaign = (await ok(team.member, 'POST', '/api/v1/campaigns', { name: 'Q1', listIds: [listId], mailboxes: ['sales@example.test'], schedule: WEEKDAYS_9_TO_5, steps: threeSteps })).data;
    const saved = await call(team.member, 'POST', BASE, { name: 'Q1 sequence', campaignId: campaign.id });
    expect(saved.statusCode, saved.body).toBe(201);
    const tpl = saved.json().data;
    expect(tpl).toMatchObject({ name: 'Q1 sequence', builtIn: false, createdBy: team.member.name });
    expect(tpl.steps.map((s: { subject?: string; delayDays: number; newThread: boolean }) => [s.subject, s.delayDays, s.newThread])).toEqual([
      ['Hello {{firstName|there}}', 0, false],
      [undefined, 2, false],
      ['Last note', 3, true],
    ]);
    expect((await ok(team.owner, 'GET', `${BASE}/${tpl.id}`)).data.steps).toEqual(tpl.steps);
    expect((await ok(team.owner, 'GET', BASE)).data.filter((x: { builtIn: boolean }) => !x.builtIn).map((x: { id: string }) => x.id)).toContain(tpl.id);

    expect((await call(foreign, 'GET', `${BASE}/${tpl.id}`)).statusCode).toBe(404);
    expect((await call(foreign, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call(foreign, 'DELETE', `${BASE}/${tpl.id}`)).statusCode).toBe(404);
    expect((await call(foreign, 'POST', BASE, { name: 'Copy', campaignId: campaign.id })).statusCode).toBe(404);
    expect((await ok(foreign, 'GET', BASE)).data.every((x: { builtIn: boolean }) => x.builtIn)).toBe(true);
  });

  it('refuses unknown variables, a second template of the same name (any case), and steps with a campaign', async () => {
    const unknown = await call(team.member, 'POST', BASE, { name: 'Bad', steps: [{ type: 'email', delayDays: 0, subject: 'Hi', body: 'Hello {{nickname}}' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('{{nickname}}');

    await ok(team.member, 'POST', BASE, { name: 'Event follow-up', steps: threeSteps });
    const twice = await call(team.owner, 'POST', BASE, { name: 'event FOLLOW-UP', steps: threeSteps });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(CAMPAIGN_TEMPLATE_MESSAGES.nameTaken);
    expect((await call(team.member, 'POST', BASE, { name: 'Both', steps: threeSteps, campaignId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await call(team.member, 'POST', BASE, { name: 'Neither' })).statusCode).toBe(400);
  });

  it('renames and deletes a template of the team', async () => {
    const tpl = (await ok(team.member, 'POST', BASE, { name: 'Draft', description: 'first try', steps: threeSteps })).data;
    const renamed = (await ok(team.owner, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Final' })).data;
    expect(renamed).toMatchObject({ id: tpl.id, name: 'Final', description: 'first try' });
    expect((await call(team.owner, 'PATCH', `${BASE}/${tpl.id}`, { name: 'q1 SEQUENCE' })).statusCode).toBe(409);
    expect((await ok(team.member, 'DELETE', `${BASE}/${tpl.id}`)).data).toEqual({ id: tpl.id });
    expect((await call(team.member, 'GET', `${BASE}/${tpl.id}`)).statusCode).toBe(404);
    expect((await call(team.member, 'DELETE', `${BASE}/${tpl.id}`)).statusCode).toBe(404);
  });

  it("rewrites a template's steps, checked as a campaign's are, and leaves them alone on a rename", async () => {
    const tpl = (await ok(team.member, 'POST', BASE, { name: 'Editable', steps: threeSteps })).data;
    const steps = [
      { type: 'email', delayDays: 0, subject: 'Hi {{firstName|there}}', body: 'A first note to {{companyName}}.', newThread: false, businessDays: false },
      { type: 'call', delayDays: 2, body: 'Call about the note', newThread: false, businessDays: true },
    ];
    const edited = (await ok(team.owner, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Editable', steps })).data;
    expect(edited.steps).toEqual(steps);
    expect((await ok(team.member, 'GET', `${BASE}/${tpl.id}`)).data.steps).toEqual(steps);

    expect((await ok(team.owner, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Edited' })).data.steps).toEqual(steps);
    const unknown = await call(team.member, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Edited', steps: [{ type: 'email', delayDays: 0, subject: 'Hi', body: 'Hello {{nickname}}' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('{{nickname}}');
    expect((await call(team.member, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Edited', steps: [] })).statusCode).toBe(400);
    expect((await call(foreign, 'PATCH', `${BASE}/${tpl.id}`, { name: 'Edited', steps })).statusCode).toBe(404);
    expect((await call(team.owner, 'PATCH', `${BASE}/builtin-cold-outreach`, { name: 'Cold', steps })).statusCode).toBe(403);
    expect((await ok(team.member, 'GET', `${BASE}/${tpl.id}`)).data.steps).toEqual(steps);
  });
});
