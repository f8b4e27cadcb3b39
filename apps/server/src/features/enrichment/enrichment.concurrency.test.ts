import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/actor.js';
import { createOwner, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { checkLedger, getCreditsInfo, releaseStaleHolds, spendCredits } from '../credits/index.js';
import { loadPeople } from '../people-data/index.js';
import { mapPerson, PdlPerson } from '../people-data/index.js';
import { enrichSingle } from './enrichment.service.js';
import type { EnrichmentProvider } from './providers/types.js';

// Runs on PGlite, and on PostgreSQL (TEST_DATABASE_URL) where requests really run at once.
let t: TestApp;
const ids = new Map<string, string>();
const PEOPLE = Array.from({ length: 22 }, (_, i) => ({
  id: `p${i}`,
  full_name: `person number${i}`,
  first_name: 'person',
  last_name: `number${i}`,
  job_company_name: 'acme',
  job_company_website: 'acme.com',
  linkedin_url: `linkedin.com/in/person-${i}`,
  work_email: `person.number${i}@acme.com`,
}));
const EMAIL_PRICE = 50;

type Headers = Record<string, string>;
const post = (user: TestUser, url: string, payload: object, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, ...headers }, payload });
const single = (user: TestUser, person: string, headers?: Headers) =>
  post(user, '/api/v1/prospects-enrichment/single', { enrichType: 'email', input: { contactId: ids.get(person) } }, headers);
const bulk = (user: TestUser, people: string[], title: string, headers?: Headers) =>
  post(user, '/api/v1/prospects-enrichment/bulk', { inputs: people.map((p) => ({ contactId: ids.get(p) })), newListTitle: title, enrichType: 'email' }, headers);
const available = async (user: TestUser) => (await getCreditsInfo(t.ctx.db, user.teamId)).available;
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** Charges of the team's ledger, net of refunds. */
async function charged(user: TestUser) {
  const rows = await t.ctx.db.selectFrom('credit_ledger').select(['kind', 'amount']).where('team_id', '=', user.teamId).where('kind', 'in', ['charge', 'refund']).execute();
  return rows.reduce((sum, r) => sum + (r.kind === 'charge' ? 1 : -1) * Number(r.amount), 0);
}

const runsOf = async (user: TestUser, state?: 'running') => {
  let query = t.ctx.db.selectFrom('enrichment_runs').select('id').where('team_id', '=', user.teamId);
  if (state) query = query.where('state', '=', state);
  return (await query.execute()).length;
};

/** Waits until no enrichment run of the team is still running. */
async function runsFinished(user: TestUser, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if ((await runsOf(user, 'running')) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('enrichment runs still running');
}

beforeAll(async () => {
  t = await createTestApp({ work: true });
  await loadPeople(t.ctx.db, PEOPLE.map((p) => mapPerson(PdlPerson.parse(p))));
  for (const row of await t.ctx.db.selectFrom('people').select(['id', 'pdl_id']).execute()) ids.set(row.pdl_id!, row.id);
});
afterAll(() => t?.close());

describe('concurrent enrichments of the same contacts', () => {
  it('charges one enrichment when ten identical single enrichments of one person arrive at once', async () => {
    const team = await createOwner(t.ctx.db);
    const before = await available(team);
    const answers = await times(10, () => single(team, 'p0'));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200), answers.map((a) => a.body).join('\n')).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await charged(team)).toBe(EMAIL_PRICE);
    expect(await available(team)).toBe(before - EMAIL_PRICE);
    const contacts = await t.ctx.db.selectFrom('contacts').select(['emails']).where('team_id', '=', team.teamId).execute();
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.emails).toHaveLength(1);
    expect((await checkLedger(t.ctx.db)).discrepancies).toEqual([]);
  });

  it('charges once when ten single enrichments wait on a slow provider at the same time', async () => {
    const team = await createOwner(t.ctx.db);
    const actor = { userId: team.userId, teamId: team.teamId, email: team.email, name: team.name, permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: '' } as Actor;
    let lookups = 0;
    const slow: EnrichmentProvider = {
      name: 'slow_vendor',
      async lookup() {
        lookups += 1;
        await new Promise((r) => setTimeout(r, 50));
        return { provider: 'slow_vendor', emails: [{ email: 'slow@acme.com', status: 'valid', kind: 'work' }], phones: [] };
      },
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => enrichSingle(t.ctx, actor, { enrichType: 'email', input: { contactId: ids.get('p0')! } }, [slow])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(lookups).toBe(1);
    expect(await charged(team)).toBe(EMAIL_PRICE);
  });

  it('lets a new enrichment take the claim of one that died (its hold released), which then charges nothing', async () => {
    const team = await createOwner(t.ctx.db);
    const actor = { userId: team.userId, teamId: team.teamId, email: team.email, name: team.name, permission: 'TEAM_OWNER', role: 'ADMIN', sessionHash: '' } as Actor;
    let wake!: () => void;
    const stuck = new Promise<void>((resolve) => (wake = resolve));
    const hanging: EnrichmentProvider = {
      name: 'hanging_vendor',
      async lookup() {
        await stuck;
        return { provider: 'hanging_vendor', emails: [{ email: 'late@acme.com', status: 'valid', kind: 'work' }], phones: [] };
      },
    };
    const dead = enrichSingle(t.ctx, actor, { enrichType: 'email', input: { contactId: ids.get('p8')! } }, [hanging]);
    dead.catch(() => undefined);
    const claims = () => t.ctx.db.selectFrom('enrichment_claims').select(['run_id']).where('team_id', '=', team.teamId).execute();
    while ((await claims()).length === 0) await new Promise((r) => setTimeout(r, 20));
    expect((await single(team, 'p8')).statusCode).toBe(409); // being enriched

    // Its job went quiet: the stale-hold sweep gives its credits back, and its claim is dead.
    await releaseStaleHolds(t.ctx.db, { idleMs: 0 });
    const fresh = await single(team, 'p8');
    expect(fresh.statusCode, fresh.body).toBe(200);
    wake();
    await expect(dead).rejects.toThrow();
    expect(await charged(team)).toBe(EMAIL_PRICE);
    expect(await claims()).toEqual([]);
    expect((await checkLedger(t.ctx.db)).discrepancies).toEqual([]);
  });

  it('charges one run when ten identical bulk requests for the same 20 people arrive at once', async () => {
    const team = await createOwner(t.ctx.db);
    const before = await available(team);
    const people = PEOPLE.slice(1, 21).map((p) => p.id);
    const answers = await times(10, (i) => bulk(team, people, `Twenty ${i}`));
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const started = answers.filter((a) => a.statusCode === 200).map((a) => a.json().data);
    // The runs split the people between them: each person is looked up by exactly one of them.
    expect(started.reduce((sum, d) => sum + d.prospects, 0)).toBe(20);
    await runsFinished(team);
    expect(await charged(team)).toBe(20 * EMAIL_PRICE);
    expect(await available(team)).toBe(before - 20 * EMAIL_PRICE);
    const holds = await t.ctx.db.selectFrom('credit_holds').select('id').where('team_id', '=', team.teamId).where('released_at', 'is', null).execute();
    expect(holds).toEqual([]);
    expect((await checkLedger(t.ctx.db)).discrepancies).toEqual([]);
  });

  it('lets a single enrichment and a bulk run over the same person charge that person once', async () => {
    const team = await createOwner(t.ctx.db);
    const answers = await Promise.all([single(team, 'p21'), bulk(team, ['p21'], 'Mixed'), single(team, 'p21'), bulk(team, ['p21'], 'Mixed again')]);
    expect(answers.filter((a) => a.statusCode === 200), answers.map((a) => a.body).join('\n')).toHaveLength(1);
    await runsFinished(team);
    expect(await charged(team)).toBe(EMAIL_PRICE);
  });
});

describe('idempotency keys', () => {
  it('answers a replay with the same key with the first answer, charging once', async () => {
    const team = await createOwner(t.ctx.db);
    const key = { 'idempotency-key': 'click-1' };
    const first = await single(team, 'p0', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await single(team, 'p0', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await charged(team)).toBe(EMAIL_PRICE);
    // Without the key, the same request is a new one: the contact is enriched already.
    expect((await single(team, 'p0')).statusCode).toBe(409);
  });

  it('gives ten concurrent requests with one key the same answer and one charge', async () => {
    const team = await createOwner(t.ctx.db);
    const answers = await times(10, () => single(team, 'p1', { 'idempotency-key': 'double-click' }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.json()))).size).toBe(1);
    expect(await charged(team)).toBe(EMAIL_PRICE);
  });

  it('replays a bulk request by its key: the same job, one hold', async () => {
    const team = await createOwner(t.ctx.db);
    const key = { 'idempotency-key': 'bulk-submit-1' };
    const [first, second] = await Promise.all([bulk(team, ['p2', 'p3'], 'Keyed', key), bulk(team, ['p2', 'p3'], 'Keyed', key)]);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.json()).toEqual(first!.json());
    const replay = await bulk(team, ['p2', 'p3'], 'Keyed', key);
    expect(replay.json()).toEqual(first!.json());
    await runsFinished(team);
    expect(await charged(team)).toBe(2 * EMAIL_PRICE);
    expect(await t.ctx.db.selectFrom('lists').select('id').where('team_id', '=', team.teamId).execute()).toHaveLength(1);
  });

  it('replays an error answer too, and refuses a key reused for another request', async () => {
    const team = await createOwner(t.ctx.db);
    await single(team, 'p4');
    const refused = await single(team, 'p4', { 'idempotency-key': 'k' });
    expect(refused.statusCode).toBe(409);
    expect((await single(team, 'p4', { 'idempotency-key': 'k' })).json()).toEqual(refused.json());
    const reused = await single(team, 'p5', { 'idempotency-key': 'k' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Keys belong to a team's user: another team's same key is its own.
    const other = await createOwner(t.ctx.db);
    expect((await single(other, 'p4', { 'idempotency-key': 'k' })).statusCode).toBe(200);
  });

  it('refuses a key that is empty or too long', async () => {
    const team = await createOwner(t.ctx.db);
    expect((await single(team, 'p6', { 'idempotency-key': 'x'.repeat(256) })).statusCode).toBe(400);
    expect(await charged(team)).toBe(0);
  });
});

describe('the API description', () => {
  it('documents the Idempotency-Key header of both enrichment routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/v1/prospects-enrichment/single', '/api/v1/prospects-enrichment/bulk']) {
      const header = doc.paths[path].post.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header, path).toMatchObject({ required: false });
      expect(header.description).toMatch(/replay with the same key/);
      expect(doc.paths[path].post.responses['422']).toBeDefined();
    }
  });
});

describe('a refused enrichment', () => {
  it('leaves nothing behind: no contact, no run, no claim, no credits moved', async () => {
    const poor = await createOwner(t.ctx.db);
    const { available: all } = await getCreditsInfo(t.ctx.db, poor.teamId);
    await spendCredits(t.ctx.db, { teamId: poor.teamId, userId: poor.userId, action: 'test', amount: all - 10, idempotencyKey: 'drain' });
    const response = await single(poor, 'p7');
    expect(response.statusCode).toBe(402);
    expect(await t.ctx.db.selectFrom('contacts').select('id').where('team_id', '=', poor.teamId).execute()).toEqual([]);
    expect(await runsOf(poor)).toBe(0);
    expect(await t.ctx.db.selectFrom('enrichment_claims').select('contact_id').where('team_id', '=', poor.teamId).execute()).toEqual([]);
    expect(await available(poor)).toBe(10);
  });
});
