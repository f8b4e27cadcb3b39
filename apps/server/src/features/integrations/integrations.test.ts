import { AUTO_PULL_CRON, INTEGRATION_MESSAGES, MESSAGES, ZAPIER_MESSAGES } from '@leadline/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startHubSpotServer, type HubSpotFixture } from '../../test/vendors/hubspot-server.js';
import { startSalesforceServer, type SalesforceFixture } from '../../test/vendors/salesforce-server.js';
import { startSlackServer, startZapierServer } from '../../test/vendors/slack-zapier-servers.js';
import { ProgressTracker } from '../progress/index.js';
import { createCustomContact, findContactsByIds } from '../contacts/index.js';
import * as listsRepo from '../lists/index.js';
import type { EventDefinition } from '../../lib/event-definition.js';
import { contactEnriched, enrichmentBulkFinished } from '../enrichment/index.js';
import { listImportFinished } from '../lists/index.js';
import { autoPullAll } from './integrations.jobs.js';
import { integrationsModule } from './integrations.module.js';
import * as repo from './integrations.repository.js';
import { oauthUrl, queueAutoPush } from './integrations.service.js';
import { runPull, runPush } from './integrations.sync.js';
import { integrationVendors } from './integrations.vendors.js';

let t: TestApp;
let hubspot: HubSpotFixture;
let salesforce: SalesforceFixture;
let slack: Awaited<ReturnType<typeof startSlackServer>>;
let zapier: Awaited<ReturnType<typeof startZapierServer>>;
let acme: Awaited<ReturnType<typeof createTeam>>;
let other: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  hubspot = await startHubSpotServer({ clientId: 'hs-client', clientSecret: 'hs-secret', user: 'ops@acme.test', hubId: 4242 });
  salesforce = await startSalesforceServer({ clientId: 'sf-client', clientSecret: 'sf-secret', email: 'sf-admin@other.test', pageSize: 3 });
  slack = await startSlackServer({ clientId: 'sl-client', clientSecret: 'sl-secret', channels: ['sales-wins'] });
  zapier = await startZapierServer();
  t = await createTestApp({
    work: true,
    config: {
      outboundAllowPrivate: true,
      publicUrl: 'http://app.test',
      hubspot: { clientId: 'hs-client', clientSecret: 'hs-secret', authUrl: hubspot.url, apiUrl: hubspot.url, appUrl: 'https://app.hubspot.com' },
      salesforce: { clientId: 'sf-client', clientSecret: 'sf-secret', loginUrl: salesforce.url },
      slack: { clientId: 'sl-client', clientSecret: 'sl-secret', authUrl: slack.url, apiUrl: `${slack.url}/api` },
    },
  });
  acme = await createTeam(t.ctx.db);
  other = await createTeam(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([hubspot?.close(), salesforce?.close(), slack?.close(), zapier?.close()]);
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie, host: 'app.test' }, ...(payload ? { payload } : {}) });

const until = async (check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
/** A pull's run as startPull stores it, without its job: the test runs it by hand. */
const pullRun = async (teamId: string) => {
  const progress = await ProgressTracker.create(t.ctx.db, { teamId, userId: null, kind: 'integrations.pull.hubspot' });
  return repo.insertSyncRun(t.ctx.db, { teamId, userId: null, service: 'hubspot', direction: 'pull', params: {}, progressId: progress.id });
};
const autoPush = (teamId: string, contactIds: string[]) => t.ctx.db.transaction().execute((trx) => queueAutoPush(t.ctx, trx, teamId, { contactIds }));
const publish = <P>(event: EventDefinition<P>, payload: P) => t.ctx.db.transaction().execute((trx) => t.ctx.events.publish(trx, event, payload));
const jobDone = async (jobId: string) => {
  await until(async () => ['completed', 'failed'].includes((await new ProgressTracker(t.ctx.db, jobId).current()).state));
  return new ProgressTracker(t.ctx.db, jobId).current();
};

/** The browser's trip: our authorize URL, the vendor approving, back to the callback with code and state. */
async function connect(user: TestUser, service: 'hubspot' | 'salesforce' | 'slack') {
  const start = await call(user, 'POST', `/api/v1/integrations/${service}/oauth2url`);
  expect(start.statusCode, start.body).toBe(200);
  const vendor = await fetch(start.json().data.url, { redirect: 'manual' });
  const back = new URL(vendor.headers.get('location')!);
  expect(back.pathname).toBe(`/integrations/${service}/callback`);
  const done = await call(user, 'GET', `/api/v1/integrations/${service}/oauth2callback?${back.searchParams.toString()}`);
  return done;
}

async function listOf(user: TestUser, name: string, people: Array<{ name: string; email: string | null; phone?: string; company?: string }>) {
  const list = await listsRepo.insertList(t.ctx.db, { teamId: user.teamId, name, entityType: 'contactList', createdBy: user.userId });
  const ids: string[] = [];
  for (const p of people) {
    const row = await createCustomContact(t.ctx.db, user.teamId, { fullName: p.name, ...(p.email ? { email: p.email } : {}), ...(p.phone ? { phone: p.phone } : {}), companyName: p.company ?? 'Acme' });
    ids.push(row.id);
  }
  await listsRepo.addContactsToList(t.ctx.db, user.teamId, list.id, ids, null);
  return { listId: list.id, contactIds: ids };
}

describe('connecting by OAuth', () => {
  it('connects HubSpot, keeps the tokens encrypted, and shows the account', async () => {
    const done = await connect(acme.owner, 'hubspot');
    expect(done.statusCode, done.body).toBe(200);
    const auth = await call(acme.member, 'GET', '/api/v1/integrations/crm/authdata');
    expect(auth.json().data).toEqual({ crmName: 'hubspot', email: 'ops@acme.test', teamPortalId: '4242' });
    const row = (await repo.findIntegration(t.ctx.db, acme.owner.teamId, 'hubspot'))!;
    expect(row.access_token).toMatch(/^v1\./);
    expect(row.access_token).not.toContain('hs-at-');
    expect(row.refresh_token).not.toContain('hs-rt-');
    const members = await call(acme.admin, 'GET', '/api/v1/integrations/crm/team/connectiondata');
    expect(members.json().data).toMatchObject({ crmName: 'hubspot', connectedMembers: [{ userId: acme.owner.userId, email: acme.owner.email }] });
  });

  it('refuses a forged state, and a state made for somebody else', async () => {
    const forged = await call(acme.owner, 'GET', '/api/v1/integrations/hubspot/oauth2callback?code=x&state=eyJ0IjoiYSJ9.AAAA');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(INTEGRATION_MESSAGES.badState);
    const start = await call(acme.admin, 'POST', '/api/v1/integrations/slack/oauth2url');
    const state = new URL(start.json().data.url).searchParams.get('state')!;
    const stolen = await call(acme.owner, 'GET', `/api/v1/integrations/slack/oauth2callback?code=x&state=${encodeURIComponent(state)}`);
    expect(stolen.statusCode).toBe(400);
  });

  it('allows one CRM at a time', async () => {
    const second = await call(acme.owner, 'POST', '/api/v1/integrations/salesforce/oauth2url');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(INTEGRATION_MESSAGES.oneCrm);
  });

  it('says plainly when a vendor is not configured on this server', async () => {
    const vendors = integrationVendors({ config: { ...t.ctx.config, hubspot: { ...t.ctx.config.hubspot, clientId: undefined } } });
    await expect(oauthUrl(t.ctx, { ...other.owner, permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: '' }, 'hubspot', vendors)).rejects.toThrow(
      INTEGRATION_MESSAGES.notConfigured('HubSpot'),
    );
  });

  it('builds redirect URIs from PUBLIC_URL only, and refuses to connect without it', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/integrations/slack/oauth2url', headers: { cookie: other.owner.cookie, host: 'evil.test' } });
    expect(new URL(start.json().data.url).searchParams.get('redirect_uri')).toBe('http://app.test/integrations/slack/callback');
    const unset = { ...t.ctx, config: { ...t.ctx.config, publicUrl: undefined } };
    const actor = { ...other.owner, permission: 'TEAM_OWNER' as const, role: 'ADMIN' as const, sessionHash: '' };
    await expect(oauthUrl(unset, actor, 'slack')).rejects.toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: MESSAGES.oauthNeedsPublicUrl });
  });

  it('lets only owners and admins connect or change integrations, and keeps teams apart', async () => {
    expect((await call(acme.member, 'POST', '/api/v1/integrations/hubspot/oauth2url')).statusCode).toBe(403);
    expect((await call(acme.member, 'PUT', '/api/v1/integrations/hubspot/settings', { autoPushEnabled: true })).statusCode).toBe(403);
    expect((await call(acme.member, 'DELETE', '/api/v1/integrations/hubspot/disconnect')).statusCode).toBe(403);
    expect((await call(other.owner, 'GET', '/api/v1/integrations/crm/authdata')).json().data).toBeNull();
    expect((await call(other.owner, 'GET', '/api/v1/integrations/hubspot/settings')).statusCode).toBe(404);
    const { listId } = await listOf(acme.owner, 'Private', [{ name: 'Pat Private', email: 'pat@private.test' }]);
    expect((await call(other.owner, 'POST', '/api/v1/integrations/zapier/data/push', { listIds: [listId] })).statusCode).toBe(409);
  });
});

describe('pushing to HubSpot', () => {
  it('pushes 250 contacts in batches through an expired token, a 429 and 3 refused records; a second push after fixing them leaves exactly 250, no duplicates', async () => {
    const people = Array.from({ length: 250 }, (_, i) => ({ name: `Person ${i} Tester`, email: [17, 130, 201].includes(i) ? `broken-${i}@nowhere` : `person${i}@acme-corp.com` }));
    const { listId, contactIds } = await listOf(acme.owner, 'Q3 prospects', people);
    hubspot.expireTokens();
    hubspot.state.batchCalls = 0;
    hubspot.state.rateLimitBatchCall = 2;
    const refreshes = hubspot.state.refreshes;

    const push = await call(acme.member, 'POST', '/api/v1/integrations/hubspot/data/push', { listIds: [listId] });
    expect(push.statusCode, push.body).toBe(200);
    const progress = await jobDone(push.json().data.jobId);
    expect(progress).toMatchObject({ state: 'completed', done: 250, total: 250, result: { pushed: 247, failed: 3 } });
    expect(hubspot.state.refreshes).toBe(refreshes + 1);
    expect(hubspot.requests.filter((r) => r.url.pathname.endsWith('/batch/upsert')).length).toBe(5); // 3 batches, the first refused once as expired and the second once with 429
    expect(hubspot.contacts.size).toBe(247);

    const contacts = await findContactsByIds(t.ctx.db, acme.owner.teamId, contactIds);
    const refused = contacts.filter((c) => c.crm_data?.error);
    expect(refused.map((c) => c.primary_email).sort()).toEqual(['broken-130@nowhere', 'broken-17@nowhere', 'broken-201@nowhere']);
    expect(refused[0]!.crm_data!.error).toContain('is invalid');
    const ok = contacts.find((c) => c.primary_email === 'person0@acme-corp.com')!;
    expect(ok.crm_data).toMatchObject({ crmName: 'HubSpot', error: null, crmUrl: expect.stringMatching(/^https:\/\/app\.hubspot\.com\/contacts\/4242\/record\/0-1\/\d+$/) });

    for (const c of refused) await t.ctx.db.updateTable('contacts').set({ primary_email: c.primary_email!.replace('@nowhere', '@fixed.com') }).where('id', '=', c.id).execute();
    const again = await call(acme.owner, 'POST', '/api/v1/integrations/hubspot/data/push', { listIds: [listId] });
    expect(await jobDone(again.json().data.jobId)).toMatchObject({ state: 'completed', result: { pushed: 250, failed: 0 } });
    expect(hubspot.contacts.size).toBe(250);
    const emails = [...hubspot.contacts.values()].map((p) => p.email);
    expect(new Set(emails).size).toBe(250);
    expect((await findContactsByIds(t.ctx.db, acme.owner.teamId, contactIds)).filter((c) => c.crm_data?.error)).toEqual([]);
    const settings = await call(acme.owner, 'GET', '/api/v1/integrations/hubspot/settings');
    expect(settings.json().data.lastPushPerformedAt).not.toBeNull();
  });

  it('resumes a push that failed midway from the batch it stopped at, sending nothing twice', async () => {
    const people = Array.from({ length: 150 }, (_, i) => ({ name: `Resume ${i} Case`, email: `resume${i}@acme-corp.com` }));
    const { listId } = await listOf(acme.owner, 'Resume', people);
    const progress = await ProgressTracker.create(t.ctx.db, { teamId: acme.owner.teamId, userId: acme.owner.userId, kind: 'integrations.push.hubspot', total: 150 });
    const run = await repo.insertSyncRun(t.ctx.db, { teamId: acme.owner.teamId, userId: acme.owner.userId, service: 'hubspot', direction: 'push', params: { contactIds: [], listIds: [listId], allEnriched: false }, progressId: progress.id });
    const before = hubspot.contacts.size;
    const calls = () => hubspot.requests.filter((r) => r.url.pathname.endsWith('/batch/upsert')).length;
    const startCalls = calls();
    hubspot.state.batchCalls = 0;
    hubspot.state.rateLimitBatchCall = 0;
    // The second batch meets an outage longer than the client's retries: the attempt throws.
    let sent = 0;
    const original = hubspot.state;
    const interval = setInterval(() => {
      if (calls() - startCalls === 1 && sent === 0) {
        sent = 1;
        original.failNext = 10;
      }
    }, 1);
    await expect(runPush(t.ctx, (await repo.findSyncRun(t.ctx.db, run.id))!, { final: false })).rejects.toThrow();
    clearInterval(interval);
    hubspot.state.failNext = 0;
    expect(hubspot.contacts.size).toBe(before + 100);
    const resumedFrom = calls();
    const outcome = await runPush(t.ctx, (await repo.findSyncRun(t.ctx.db, run.id))!, { final: false });
    expect(outcome).toMatchObject({ state: 'completed', pushed: 150, failed: 0 });
    expect(calls() - resumedFrom).toBe(1); // only the batch that had not gone through
    expect(hubspot.contacts.size).toBe(before + 150);
  }, 60_000);

  it('updates the HubSpot contact that has the address as a secondary email, found by a search', async () => {
    hubspot.contacts.set('9001', { email: 'main@dual.test', firstname: 'Dee', hs_additional_emails: 'old@dual.test;alias@dual.test', hs_object_id: '9001' });
    const { listId, contactIds } = await listOf(acme.owner, 'Dual', [{ name: 'Dee Dual', email: 'alias@dual.test' }]);
    const size = hubspot.contacts.size;
    const push = await call(acme.owner, 'POST', '/api/v1/integrations/hubspot/data/push', { listIds: [listId] });
    expect(await jobDone(push.json().data.jobId)).toMatchObject({ state: 'completed', result: { pushed: 1, failed: 0 } });
    expect(hubspot.contacts.size).toBe(size);
    expect(hubspot.contacts.get('9001')).toMatchObject({ email: 'main@dual.test', lastname: 'Dual' });
    expect(hubspot.requests.some((r) => r.url.pathname.endsWith('/contacts/search'))).toBe(true);
    const [dee] = await findContactsByIds(t.ctx.db, acme.owner.teamId, contactIds);
    expect(dee!.crm_data).toMatchObject({ crmUrl: 'https://app.hubspot.com/contacts/4242/record/0-1/9001', error: null });
  });

  it('needs a list with contacts or a prospect with an email or phone', async () => {
    const empty = await listsRepo.insertList(t.ctx.db, { teamId: acme.owner.teamId, name: 'Empty', entityType: 'contactList', createdBy: acme.owner.userId });
    const response = await call(acme.owner, 'POST', '/api/v1/integrations/hubspot/data/push', { listIds: [empty.id] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(INTEGRATION_MESSAGES.pushNeedsSomething);
    expect((await call(acme.owner, 'POST', '/api/v1/integrations/hubspot/data/push', {})).statusCode).toBe(400);
  });
});

describe('pulling from HubSpot', () => {
  it('pulls every CRM contact into a system list, and a second pull adds nobody twice', async () => {
    const first = await call(acme.admin, 'POST', '/api/v1/integrations/hubspot/data/pull');
    expect(first.statusCode, first.body).toBe(200);
    const progress = await jobDone(first.json().data.jobId);
    expect(progress.state).toBe('completed');
    const listId = (progress.result as { listId: string }).listId;
    const list = (await listsRepo.findList(t.ctx.db, acme.owner.teamId, listId))!;
    expect(list).toMatchObject({ name: 'HubSpot contacts', generated_by_system: true, contacts_count: hubspot.contacts.size, completion_status: 'complete' });
    const second = await call(acme.admin, 'POST', '/api/v1/integrations/hubspot/data/pull');
    await jobDone(second.json().data.jobId);
    expect((await listsRepo.findList(t.ctx.db, acme.owner.teamId, listId))!.contacts_count).toBe(hubspot.contacts.size);
    expect((await call(acme.member, 'POST', '/api/v1/integrations/hubspot/data/pull')).statusCode).toBe(403);
  });

  it('auto-pulls on the hourly schedule only for teams that enabled it, and never runs two pulls of a team at once', async () => {
    // The schedule main.ts registers, as pg-boss stores it.
    expect(integrationsModule.schedules).toContainEqual({ job: autoPullAll, cron: AUTO_PULL_CRON });
    await t.runtime.queue.schedule(integrationsModule.schedules!);
    const { rows } = await sql<{ cron: string }>`select cron from pgboss.schedule where name = 'integrations.auto-pull-all'`.execute(t.ctx.db);
    expect(rows).toEqual([{ cron: '0 * * * *' }]);
    const saved = await call(acme.admin, 'PUT', '/api/v1/integrations/hubspot/settings', { autoPullEnabled: true });
    expect(saved.json().data.autoPullEnabled).toBe(true);
    const before = await t.ctx.db.selectFrom('sync_runs').select('id').where('direction', '=', 'pull').execute();
    // What the schedule sends each hour, through the queue and its worker.
    await t.ctx.queue.send(autoPullAll, {});
    let fresh: Array<{ id: string; team_id: string }> = [];
    await until(async () => {
      const after = await t.ctx.db.selectFrom('sync_runs').selectAll().where('direction', '=', 'pull').execute();
      fresh = after.filter((r) => !before.some((b) => b.id === r.id));
      return fresh.length > 0;
    });
    expect(fresh.map((r) => r.team_id)).toEqual([acme.owner.teamId]);
    await until(async () => (await repo.findSyncRun(t.ctx.db, fresh[0]!.id))!.state !== 'running');

    // Two pulls of the same team at the same moment: one runs, the other is skipped.
    const a = await pullRun(acme.owner.teamId);
    const b = await pullRun(acme.owner.teamId);
    const runs = await t.ctx.db.selectFrom('sync_runs').selectAll().where('id', 'in', [a.id, b.id]).execute();
    const outcomes = await Promise.all(runs.map((run) => runPull(t.ctx, run, { final: true })));
    expect(outcomes.map((o) => o.state).sort()).toEqual(['completed', 'skipped']);

    // A run whose attempt died holding the lease gets it back on retry; a dead lease of another run is taken over.
    const integration = (await repo.findIntegration(t.ctx.db, acme.owner.teamId, 'hubspot'))!;
    const retried = await pullRun(acme.owner.teamId);
    expect(await repo.takePullLease(t.ctx.db, integration.id, retried.id, 600)).toBe(true);
    expect((await runPull(t.ctx, retried, { final: true })).state).toBe('completed');
    await t.ctx.db.updateTable('integrations').set({ pull_lease_run: crypto.randomUUID(), pull_lease_until: new Date(Date.now() - 1000) }).where('id', '=', integration.id).execute();
    const afterDeath = await pullRun(acme.owner.teamId);
    expect((await runPull(t.ctx, afterDeath, { final: true })).state).toBe('completed');
  });
});

describe('Salesforce', () => {
  it('connects, pushes leads with a per-record error, refreshes an expired session, updates rather than duplicates, and pulls', async () => {
    const connected = await connect(other.owner, 'salesforce');
    expect(connected.statusCode, connected.body).toBe(200);
    expect((await call(other.owner, 'GET', '/api/v1/integrations/crm/authdata')).json().data).toEqual({ crmName: 'salesforce', email: 'sf-admin@other.test', teamPortalId: '00D000000000001EAA' });
    expect((await call(other.owner, 'GET', '/api/v1/integrations/salesforce/settings')).json().data.profileType).toBe('lead');
    const { listId } = await listOf(other.owner, 'Leads', [
      { name: 'Lena Lead', email: 'lena@lead.test', company: 'Initech' },
      { name: 'Omar Ortiz', email: 'omar@lead.test', company: 'Initech' },
      { name: 'Cher', email: 'cher@lead.test', company: 'Initech' }, // no last name
      { name: 'Phone Only', email: null, phone: '+1 555 0101', company: 'Initech' },
    ]);
    salesforce.expireTokens();
    const push = await call(other.owner, 'POST', '/api/v1/integrations/salesforce/data/push', { listIds: [listId] });
    expect(await jobDone(push.json().data.jobId)).toMatchObject({ state: 'completed', result: { pushed: 3, failed: 1 } });
    expect(salesforce.state.refreshes).toBe(1);
    expect(salesforce.objects.Lead.size).toBe(3);
    const cher = (await t.ctx.db.selectFrom('contacts').select('crm_data').where('full_name', '=', 'Cher').executeTakeFirstOrThrow()).crm_data;
    expect(cher?.error).toContain('REQUIRED_FIELD_MISSING');

    const again = await call(other.owner, 'POST', '/api/v1/integrations/salesforce/data/push', { listIds: [listId] });
    await jobDone(again.json().data.jobId);
    expect(salesforce.objects.Lead.size).toBe(3);

    const pull = await call(other.owner, 'POST', '/api/v1/integrations/salesforce/data/pull');
    const pulled = await jobDone(pull.json().data.jobId);
    expect(pulled).toMatchObject({ state: 'completed', result: { pulled: 3 } });
  });
});

describe('Zapier', () => {
  it('validates webhook links, sends a test trigger, and pushes contacts', async () => {
    const bad = await call(acme.admin, 'PUT', '/api/v1/integrations/zapier/settings', { links: [{ link: 'https://example.com/not-a-hook' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ZAPIER_MESSAGES.invalidLink);
    const hook = zapier.hookUrl('123456', 'abcdef');
    const saved = await call(acme.admin, 'PUT', '/api/v1/integrations/zapier/settings', { links: [{ link: hook }], options: { autoPushEnabled: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ links: [{ link: hook }], options: { autoPushEnabled: false } });
    const test = await call(acme.admin, 'POST', '/api/v1/integrations/zapier/testtrigger');
    expect(test.json().data).toEqual({ sent: 1 });
    expect(zapier.received.at(-1)!.payload).toMatchObject({ test: true, email: 'jane.doe@example.com' });

    const { listId } = await listOf(acme.owner, 'For Zapier', [{ name: 'Zed Zap', email: 'zed@zap.test' }, { name: 'No Channel', email: null }]);
    const push = await call(acme.member, 'POST', '/api/v1/integrations/zapier/data/push', { listIds: [listId] });
    expect(await jobDone(push.json().data.jobId)).toMatchObject({ state: 'completed', result: { pushed: 1, skipped: 1 } });
    expect(zapier.received.at(-1)!.payload).toEqual([expect.objectContaining({ email: 'zed@zap.test', firstName: 'Zed', lastName: 'Zap' })]);

    // Auto-push: off, nothing goes out for newly enriched contacts; on, they do.
    const zed = (await t.ctx.db.selectFrom('contacts').select('id').where('primary_email', '=', 'zed@zap.test').executeTakeFirstOrThrow()).id;
    expect(await autoPush(acme.owner.teamId, [zed])).not.toContain('zapier');
    await call(acme.admin, 'PUT', '/api/v1/integrations/zapier/settings', { options: { autoPushEnabled: true } });
    const received = zapier.received.length;
    expect(await autoPush(acme.owner.teamId, [zed])).toContain('zapier');
    await until(async () => zapier.received.length > received);
    expect(zapier.received.at(-1)!.payload).toEqual([expect.objectContaining({ email: 'zed@zap.test' })]);

    // The same, as a subscriber: a contact enriched on request is pushed.
    const beforeEvent = zapier.received.length;
    await publish(contactEnriched, { teamId: acme.owner.teamId, contactId: zed, runId: crypto.randomUUID(), creditsCharged: 50 });
    await until(async () => zapier.received.length > beforeEvent);
    expect(zapier.received.at(-1)!.payload).toEqual([expect.objectContaining({ email: 'zed@zap.test' })]);
    // A finished bulk enrichment that found something queues a push of that run's contacts.
    const runId = crypto.randomUUID();
    await publish(enrichmentBulkFinished, { teamId: acme.owner.teamId, runId, listId: null, total: 2, found: 1 });
    await until(async () => (await t.ctx.db.selectFrom('sync_runs').select('id').where(sql<boolean>`params->>'enrichmentRunId' = ${runId}`).execute()).length === 1);

    await call(acme.admin, 'PUT', '/api/v1/integrations/zapier/settings', { links: [{ link: zapier.hookUrl('1', 'gone') }] });
    const gone = await call(acme.admin, 'POST', '/api/v1/integrations/zapier/testtrigger');
    expect(gone.statusCode).toBe(503);
    expect(gone.json().error.message).toContain(ZAPIER_MESSAGES.testFailed);
  });
});

describe('Slack', () => {
  it('installs, needs a channel, and posts when a push finishes', async () => {
    expect((await call(acme.admin, 'PUT', '/api/v1/integrations/slack/settings', { channel: 'sales-wins' })).statusCode).toBe(409);
    expect((await connect(acme.admin, 'slack')).statusCode).toBe(200);
    expect((await call(acme.admin, 'GET', '/api/v1/integrations/slack/settings')).json().data).toEqual({ installed: true, channel: null, teamName: 'Acme Workspace' });
    expect((await call(acme.admin, 'PUT', '/api/v1/integrations/slack/settings', { channel: '   ' })).statusCode).toBe(400);
    const saved = await call(acme.admin, 'PUT', '/api/v1/integrations/slack/settings', { channel: '#sales-wins' });
    expect(saved.json().data.channel).toBe('sales-wins');
    const { listId } = await listOf(acme.owner, 'Slack me', [{ name: 'Sam Slack', email: 'sam@slack-me.test' }]);
    const push = await call(acme.owner, 'POST', '/api/v1/integrations/hubspot/data/push', { listIds: [listId] });
    await jobDone(push.json().data.jobId);
    await until(async () => slack.messages.some((m) => m.text.includes('pushed to HubSpot')));
    expect(slack.messages.at(-1)).toEqual({ channel: 'sales-wins', text: 'Leadline: 1 prospect pushed to HubSpot.' });
  });

  it('posts when an import or a bulk enrichment finishes, for teams with a channel only', async () => {
    const importId = crypto.randomUUID();
    await publish(listImportFinished, { teamId: acme.owner.teamId, listId: crypto.randomUUID(), importId, fileName: 'people.csv', imported: 12, rows: 13 });
    await until(async () => slack.messages.some((m) => m.text === 'Leadline: import of people.csv finished, 12 prospects added.'));
    await publish(enrichmentBulkFinished, { teamId: acme.owner.teamId, runId: crypto.randomUUID(), listId: null, total: 4, found: 0 });
    await until(async () => slack.messages.some((m) => m.text === 'Leadline: bulk enrichment finished, 0 of 4 prospects enriched.'));
    expect(slack.messages.at(-1)!.channel).toBe('sales-wins');

    // Another team has no Slack: its event is handled (recorded) and nothing is posted.
    const count = slack.messages.length;
    const eventId = await publish(listImportFinished, { teamId: other.owner.teamId, listId: crypto.randomUUID(), importId, fileName: 'theirs.csv', imported: 1, rows: 1 });
    await until(async () => (await t.ctx.db.selectFrom('event_deliveries').select('subscriber').where('event_id', '=', eventId).execute()).length === 1);
    expect(slack.messages.length).toBe(count);
  });

  it('disconnects and forgets the tokens', async () => {
    const response = await call(acme.owner, 'DELETE', '/api/v1/integrations/hubspot/disconnect');
    expect(response.statusCode).toBe(204);
    expect(await repo.findIntegration(t.ctx.db, acme.owner.teamId, 'hubspot')).toBeUndefined();
    expect((await call(acme.owner, 'POST', '/api/v1/integrations/hubspot/data/push', { listIds: ['all_enriched_contacts'] })).statusCode).toBe(409);
  });
});
