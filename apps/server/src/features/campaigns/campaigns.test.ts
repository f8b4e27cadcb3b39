import { CAMPAIGN_MESSAGES } from '@leadline/shared/campaigns/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { getCreditsInfo, grantCredits } from '../credits/index.js';
import { runTick } from './scheduler.js';
import { createContactList, createMailbox, threeSteps, WEEKDAYS_9_TO_5 } from './test/fixtures.repository.js';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeam>>;
let foreign: TestUser;
let listId: string;
let contactIds: string[];

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};
const draft = (overrides: object = {}) => ({ name: 'Q1 outreach', listIds: [listId], mailboxes: ['sales@example.test'], schedule: WEEKDAYS_9_TO_5, dailyLimit: 30, steps: threeSteps, ...overrides });

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t.ctx.db);
  foreign = await createOwner(t.ctx.db);
  await createMailbox(t.ctx.db, t.ctx.config, team.owner, 'sales@example.test');
  ({ listId, contactIds } = await createContactList(t.ctx.db, team.member, 'Prospects', [
    { first: 'Ann', company: 'Acme', email: 'ann@acme.test' },
    { first: 'Bob', email: 'bob@acme.test' },
    { first: 'Cy', email: null },
    { first: 'Di', email: 'di@bad.test', status: 'invalid' },
    { first: 'Ed', email: 'ed@nomail.test', status: 'do_not_mail' },
    { first: 'Flo', email: 'FLO@suppressed.test' },
  ]));
});
afterAll(() => t.close());

describe('campaigns API', () => {
  it('creates a draft with its lists, senders and steps; the list counts it; another team sees nothing', async () => {
    const { data } = await ok(team.member, 'POST', '/api/v1/campaigns', draft());
    expect(data).toMatchObject({
      name: 'Q1 outreach',
      status: 'draft',
      mailboxes: ['sales@example.test'],
      lists: [{ id: listId, name: 'Prospects' }],
      schedule: { ...WEEKDAYS_9_TO_5, useLeadTimezone: false },
      dailyLimit: 30,
      minGapSeconds: 120,
      trackOpens: false,
      counts: { leads: 0, sent: 0, replied: 0 },
    });
    expect(data.steps.map((s: { position: number; subject: string | null; newThread: boolean }) => [s.position, s.subject, s.newThread])).toEqual([
      [0, 'Hello {{firstName|there}}', false],
      [1, null, false],
      [2, 'Last note', true],
    ]);
    expect((await call(foreign, 'GET', `/api/v1/campaigns/${data.id}`)).statusCode).toBe(404);
    expect((await ok(foreign, 'GET', '/api/v1/campaigns')).data).toEqual([]);
    const lists = await ok(team.owner, 'GET', '/api/v1/lists/getAll?entityType=contactList');
    expect(JSON.stringify(lists)).toContain('"sequencesCount":1');
  });

  it('refuses unknown variables, unknown mailboxes, foreign lists and a window that ends before it starts, at save', async () => {
    const unknown = await call(team.member, 'POST', '/api/v1/campaigns', draft({ steps: [{ type: 'email', delayDays: 0, subject: 'Hi {{first_name}}', body: 'x {{nope|y}}' }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('{{first_name}}');
    const mailbox = await call(team.member, 'POST', '/api/v1/campaigns', draft({ mailboxes: ['other@example.test'] }));
    expect([mailbox.statusCode, mailbox.json().error.message]).toEqual([400, `mailboxes.0: ${CAMPAIGN_MESSAGES.unknownMailbox}`]);
    const { listId: foreignList } = await createContactList(t.ctx.db, foreign, 'Theirs', []);
    expect((await call(team.member, 'POST', '/api/v1/campaigns', draft({ listIds: [foreignList] }))).statusCode).toBe(404);
    const window = await call(team.member, 'POST', '/api/v1/campaigns', draft({ schedule: { ...WEEKDAYS_9_TO_5, start: '17:00', end: '09:00' } }));
    expect(window.statusCode).toBe(400);
    expect(window.json().error.message).toContain(CAMPAIGN_MESSAGES.windowOrder);
    const split = await call(team.member, 'POST', '/api/v1/campaigns', draft({ steps: [{ type: 'email', delayDays: 0, variants: [{ subject: 'A', body: 'a', weight: 60 }, { subject: 'B', body: 'b', weight: 30 }] }] }));
    expect(split.json().error.message).toContain(CAMPAIGN_MESSAGES.variantWeights);
  });

  it('launches: enrols contacts with a usable email and keeps the others as skipped, with the reason', async () => {
    await ok(team.owner, 'POST', '/api/v1/suppressions', { emails: ['flo@Suppressed.test'] });
    const other = (await ok(team.member, 'POST', '/api/v1/campaigns', draft({ name: 'Earlier' }))).data;
    const { listId: bobOnly } = await createContactList(t.ctx.db, team.member, 'Bob only', []);
    await t.ctx.db.insertInto('list_contacts').values({ list_id: bobOnly, contact_id: contactIds[1]!, page_context: null }).execute();
    await ok(team.member, 'PATCH', `/api/v1/campaigns/${other.id}`, { listIds: [bobOnly] });
    await ok(team.member, 'POST', `/api/v1/campaigns/${other.id}/launch`);

    const campaign = (await ok(team.member, 'POST', '/api/v1/campaigns', draft({ name: 'Main' }))).data;
    const launched = (await ok(team.member, 'POST', `/api/v1/campaigns/${campaign.id}/launch`)).data;
    expect(launched).toMatchObject({ status: 'active', counts: { leads: 1, skipped: 5 } });
    expect(launched.launchedAt).not.toBeNull();
    const leads = await ok(team.member, 'GET', `/api/v1/campaigns/${campaign.id}/leads?limit=10`);
    const byEmail = Object.fromEntries(leads.data.map((l: { name: string; status: string; skipReason: string | null; nextStep: number | null }) => [l.name, [l.status, l.skipReason, l.nextStep]]));
    expect(byEmail).toEqual({
      'ann tester': ['active', null, 0],
      'bob tester': ['skipped', 'Already active in another campaign', null],
      'cy tester': ['skipped', 'No email address', null],
      'di tester': ['skipped', 'Email is invalid', null],
      'ed tester': ['skipped', 'Email is marked do not mail', null],
      'flo tester': ['skipped', 'Address is on the suppression list', null],
    });
    expect(leads.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRecords: 6 });
    const skippedOnly = await ok(team.member, 'GET', `/api/v1/campaigns/${campaign.id}/leads?status=skipped&limit=2&page=3`);
    expect([skippedOnly.data.length, skippedOnly.pagination.totalPages]).toEqual([1, 3]);
  });

  it('moves draft to active, active to paused and back, and archives; other moves are refused', async () => {
    const { id } = (await ok(team.member, 'POST', '/api/v1/campaigns', draft({ name: 'States', allowActiveElsewhere: true }))).data;
    expect((await call(team.member, 'POST', `/api/v1/campaigns/${id}/pause`)).json().error.message).toBe(CAMPAIGN_MESSAGES.notActive);
    await ok(team.member, 'POST', `/api/v1/campaigns/${id}/launch`);
    expect((await call(team.member, 'POST', `/api/v1/campaigns/${id}/launch`)).statusCode).toBe(409);
    expect((await ok(team.member, 'POST', `/api/v1/campaigns/${id}/pause`)).data.status).toBe('paused');
    expect((await ok(team.member, 'GET', '/api/v1/campaigns?status=paused')).data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await ok(team.member, 'POST', `/api/v1/campaigns/${id}/resume`)).data.status).toBe('active');
    expect((await call(foreign, 'POST', `/api/v1/campaigns/${id}/pause`)).statusCode).toBe(404);
    expect((await ok(team.member, 'POST', `/api/v1/campaigns/${id}/archive`)).data.status).toBe('archived');
    const leads = await ok(team.member, 'GET', `/api/v1/campaigns/${id}/leads?status=active`);
    expect(leads.pagination.totalRecords).toBe(0);
    expect((await call(team.member, 'PATCH', `/api/v1/campaigns/${id}`, { name: 'x' })).json().error.message).toBe(CAMPAIGN_MESSAGES.archivedReadOnly);
    const copy = (await ok(team.member, 'POST', `/api/v1/campaigns/${id}/duplicate`)).data;
    expect(copy).toMatchObject({ name: 'States (copy)', status: 'draft', allowActiveElsewhere: true });
    expect(copy.steps).toHaveLength(3);
  });

  it("keeps the steps leads have reached when an active campaign's steps change", async () => {
    const { id } = (await ok(team.member, 'POST', '/api/v1/campaigns', draft({ name: 'Edits', allowActiveElsewhere: true }))).data;
    await ok(team.member, 'POST', `/api/v1/campaigns/${id}/launch`);
    const lead = await t.ctx.db.selectFrom('campaign_leads').select(['id', 'team_id']).where('campaign_id', '=', id).where('status', '=', 'active').executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('campaign_sends')
      .values({ campaign_id: id, lead_id: lead.id, team_id: lead.team_id, step_position: 0, message_id: '<edit-test@example.test>', to_address: 'ann@acme.test', subject: 's', body: 'b', due_at: new Date(), status: 'sent' })
      .execute();
    const edited = [{ ...threeSteps[0]!, subject: 'Changed first' }, { type: 'task' as const, delayDays: 1, body: 'Call them' }];
    const { data } = await ok(team.member, 'PATCH', `/api/v1/campaigns/${id}`, { steps: edited });
    expect(data.steps.map((s: { subject: string | null; type: string }) => [s.type, s.subject])).toEqual([
      ['email', 'Hello {{firstName|there}}'],
      ['task', null],
    ]);
    expect(data.steps[0].counts.sent).toBe(1);
    expect((await call(team.member, 'PATCH', `/api/v1/campaigns/${id}`, { steps: [] })).statusCode).toBe(400);
  });

  it('previews a step for a chosen contact, with fallbacks and the thread subject', async () => {
    const { id } = (await ok(team.member, 'POST', '/api/v1/campaigns', draft({ name: 'Preview' }))).data;
    const first = await ok(team.member, 'POST', `/api/v1/campaigns/${id}/preview`, { stepIndex: 0, contactId: contactIds[0] });
    expect(first.data).toEqual({ subject: 'Hello Ann', body: 'Hi Ann, a question about Acme.', to: 'ann@acme.test' });
    const second = await ok(team.member, 'POST', `/api/v1/campaigns/${id}/preview`, { stepIndex: 1, contactId: contactIds[1] });
    expect(second.data).toEqual({ subject: 'Re: Hello Bob', body: 'Following up, Bob.', to: 'bob@acme.test' });
    const nobody = await ok(team.member, 'POST', `/api/v1/campaigns/${id}/preview`, { stepIndex: 0 });
    expect(nobody.data.subject).toBe('Hello there');
    expect((await call(team.member, 'POST', `/api/v1/campaigns/${id}/preview`, { stepIndex: 5 })).statusCode).toBe(404);
  });

  it('gives back the credits of the emails it planned and did not send when a campaign is deleted', async () => {
    await grantCredits(t.ctx.db, { teamId: team.owner.teamId, amount: 100, idempotencyKey: 'delete-refund-grant', reason: 'test' });
    const id = (await ok(team.owner, 'POST', '/api/v1/campaigns', draft({ name: 'Deleted while planned', schedule: { ...WEEKDAYS_9_TO_5, days: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '23:59' }, minGapSeconds: 0 }))).data.id as string;
    await ok(team.owner, 'POST', `/api/v1/campaigns/${id}/launch`);
    const now = new Date(Date.UTC(2030, 0, 7, 12));
    await t.ctx.db.updateTable('campaign_leads').set({ next_at: now }).where('campaign_id', '=', id).execute();
    expect((await runTick(t.ctx, { now })).planned).toBeGreaterThan(0);
    const paid = await t.ctx.db.selectFrom('campaign_sends').select('charge_id').where('campaign_id', '=', id).execute();
    const { available } = await getCreditsInfo(t.ctx.db, team.owner.teamId);
    await ok(team.owner, 'DELETE', `/api/v1/campaigns/${id}`);
    expect((await getCreditsInfo(t.ctx.db, team.owner.teamId)).available).toBe(available + 2 * paid.length);
    for (const { charge_id } of paid) {
      const refunds = await t.ctx.db.selectFrom('credit_ledger').select('reason').where('kind', '=', 'refund').where('refund_of', '=', charge_id!).execute();
      expect(refunds).toEqual([{ reason: 'Campaign email not sent: the campaign was deleted' }]);
    }
  });

  it('keeps a suppression list per team: add, list, remove', async () => {
    const added = await ok(team.admin, 'POST', '/api/v1/suppressions', { emails: ['A@x.test', 'a@x.test', 'b@x.test'] });
    expect(added.data.added).toBe(2);
    const listed = await ok(team.member, 'GET', '/api/v1/suppressions?limit=50');
    expect(listed.data.map((s: { email: string }) => s.email).sort()).toEqual(['a@x.test', 'b@x.test', 'flo@suppressed.test']);
    expect((await ok(foreign, 'GET', '/api/v1/suppressions')).data).toEqual([]);
    expect((await call(foreign, 'DELETE', '/api/v1/suppressions', { email: 'a@x.test' })).statusCode).toBe(404);
    await ok(team.member, 'DELETE', '/api/v1/suppressions', { email: 'A@X.test' });
    expect((await ok(team.member, 'GET', '/api/v1/suppressions')).pagination.totalRecords).toBe(2);
  });
});
