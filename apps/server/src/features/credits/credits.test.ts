import crypto from 'node:crypto';
import { CREDIT_COSTS, MESSAGES } from '@leadline/shared';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import * as m0001 from '../../db/migrations/0001_foundation.js';
import * as m0006 from '../../db/migrations/0006_credits.js';
import type { DB } from '../../db/schema.js';
import { createMember, createOwner, createTeam, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadPeople } from '../people-data/index.js';
import { mapPerson, PdlPerson } from '../people-data/index.js';
import { runCreditsCli } from './credits-cli.js';
import {
  chargeHold,
  chargeHoldMany,
  checkLedger,
  getCreditsInfo,
  grantCredits,
  holdCredits,
  refundCharge,
  releaseHold,
  releaseStaleHolds,
  spendCredits,
  spendCreditsMany,
  startTeamCredits,
  type LedgerResult,
} from './credits.service.js';

let t: TestApp;
let db: Kysely<DB>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.db;
});
afterAll(() => t.close());

let keys = 0;
const key = (label = 'k') => `${label}-${Date.now()}-${keys++}`;

/** A team whose period holds exactly `credits` (a custom plan starts with none, then a grant). */
async function teamWith(credits: number) {
  const team = await createTeam(db);
  await db.transaction().execute(async (trx) => {
    await startTeamCredits(trx, { teamId: team.owner.teamId, plan: 'growth', startsAt: new Date(Date.now() + 1000), endsAt: new Date(Date.now() + 30 * 86400_000) });
  });
  if (credits > 0) await grantCredits(db, { teamId: team.owner.teamId, amount: credits, idempotencyKey: key('grant'), reason: 'test' });
  return team;
}

const setCap = (user: TestUser, cap: number | null) =>
  db.updateTable('team_members').set({ credits_cap: cap }).where('user_id', '=', user.userId).where('team_id', '=', user.teamId).execute();

const spend = (user: TestUser, amount: number, idempotencyKey = key('spend')) =>
  spendCredits(db, { teamId: user.teamId, userId: user.userId, action: 'test', amount, idempotencyKey });

const settle = async <T>(promises: Promise<T>[]) => {
  const results = await Promise.allSettled(promises);
  const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === 'fulfilled').map((r) => r.value);
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as { code?: string; message: string });
  return { ok, failed };
};

const entriesOf = (teamId: string) => db.selectFrom('credit_ledger').selectAll().where('team_id', '=', teamId).orderBy('seq').execute();

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

describe('a new team', () => {
  it("starts on Hobby, trialing for 7 days, with the Hobby plan's 15,000 credits", async () => {
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Nia', email: `nia-${key()}@new.test`, password: 'longenough', companyName: 'New Co' } });
    expect(signup.statusCode).toBe(201);
    const cookie = String(signup.headers['set-cookie']).split(';')[0]!;
    const me = (await t.app.inject({ method: 'GET', url: '/api/cookies/me', headers: { cookie } })).json();
    expect(me.subscriptionInfo).toMatchObject({ plan: 'hobby', status: 'trialing' });
    const info = (await t.app.inject({ method: 'GET', url: '/analytics/getCreditsInfo', headers: { cookie } })).json().data;
    expect(info).toMatchObject({ total: 15_000, available: 15_000, used: 0, held: 0, plan: 'hobby', level: 'normal' });
    expect(Date.parse(info.endDate) - Date.parse(info.startDate)).toBeCloseTo(7 * 86400_000, -4);
    expect(info.endDate).toBe(me.subscriptionInfo.renewal_date);
    const grants = await entriesOf(me.user.teamId);
    expect(grants).toEqual([expect.objectContaining({ kind: 'grant', action: 'plan_credits', amount: 15_000, user_id: null })]);
  });

  it('gets its grant in the migration when the team existed before the ledger', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await m0001.up(database.db);
      const team = await database.db.insertInto('teams').values({ name: 'Old' }).returning('id').executeTakeFirstOrThrow();
      const renewal = new Date(Date.now() + 3 * 86400_000);
      await database.db.insertInto('subscriptions').values({ team_id: team.id, plan: 'solopreneur', status: 'active', renewal_date: renewal }).execute();
      await m0006.up(database.db);
      expect(await getCreditsInfo(database.db, team.id)).toMatchObject({ total: 100_000, available: 100_000, plan: 'solopreneur', endDate: renewal.toISOString() });
      expect(await checkLedger(database.db)).toMatchObject({ ok: true, entries: 1, periods: 1 });
    } finally {
      await database.close();
    }
  }, 120_000); // opens its own embedded database and runs every migration
});

describe('spending', () => {
  it('charges the team and the member, and answers 402 changing nothing when the balance falls short', async () => {
    const { owner, member } = await teamWith(100);
    const { entry, replayed } = await spend(member, 60);
    expect(replayed).toBe(false);
    expect(entry).toMatchObject({ kind: 'charge', amount: 60, userId: member.userId, teamId: member.teamId });
    const before = await entriesOf(owner.teamId);
    await expect(spend(owner, 41)).rejects.toMatchObject({ code: 'INSUFFICIENT_CREDITS', status: 402, message: MESSAGES.insufficientCredits });
    expect(await entriesOf(owner.teamId)).toEqual(before);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ total: 100, used: 60, available: 40, level: 'normal' });
    await spend(owner, 40);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ available: 0, level: 'critical' });
    const used = (await get(member, '/credits/getUserCreditsUsed')).json().data;
    expect(used).toMatchObject({ creditsUsed: 60, creditsHeld: 0, creditsCap: null });
  });

  it("refuses a spend over the member's monthly cap with 402, while others still spend", async () => {
    const { owner, member } = await teamWith(1000);
    await setCap(member, 50);
    await spend(member, 30);
    await expect(spend(member, 25)).rejects.toMatchObject({ status: 402, message: MESSAGES.insufficientCredits });
    await spend(member, 20);
    await expect(spend(member, 1)).rejects.toMatchObject({ status: 402 });
    await spend(owner, 500);
    const used = (await get(member, '/credits/getUserCreditsUsed')).json().data;
    expect(used).toMatchObject({ creditsUsed: 50, creditsCap: 50 });
    expect(used.startDate).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/);
  });

  it("shows each member's use this month in the members table", async () => {
    const { owner, member } = await teamWith(100);
    await spend(member, 35);
    const members = (await get(owner, '/api/v1/team-management/members/getAll')).json().data;
    expect(members.find((m: { userId: string }) => m.userId === member.userId).creditsUsed).toBe(35);
    expect(members.find((m: { userId: string }) => m.userId === owner.userId).creditsUsed).toBe(0);
  });

  it('refuses amounts that are not positive whole numbers', async () => {
    const { owner } = await teamWith(10);
    for (const amount of [0, -1, 1.5, Number.NaN]) await expect(spend(owner, amount)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('lets 100 of 200 simultaneous spends through a balance that covers exactly 100, within every cap', async () => {
    const { owner, admin, member } = await teamWith(100 * 5);
    const capped = await createMember(db, owner, 'MEMBER', 'Capped');
    await setCap(capped, 20 * 5);
    const spenders = [owner, admin, member, capped];
    const { ok, failed } = await settle(Array.from({ length: 200 }, (_, i) => spend(spenders[i % 4]!, 5)));
    expect(ok).toHaveLength(100);
    expect(failed).toHaveLength(100);
    expect(failed.every((f) => f.code === 'INSUFFICIENT_CREDITS')).toBe(true);
    expect(ok.filter((r) => r.entry.userId === capped.userId).length).toBeLessThanOrEqual(20);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ total: 500, used: 500, available: 0, held: 0 });
    const month = await db.selectFrom('credit_member_months').select(['user_id', 'used']).where('team_id', '=', owner.teamId).execute();
    expect(month.find((m) => m.user_id === capped.userId)!.used).toBeLessThanOrEqual(100);
    expect(month.reduce((sum, m) => sum + Number(m.used), 0)).toBe(500);
    expect((await checkLedger(db)).discrepancies).toEqual([]);
  });
});

describe('many spends in one statement', () => {
  it('charges in order as far as the balance goes, answers each key charged, and replays used keys', async () => {
    const { owner } = await teamWith(7);
    const keys = ['a', 'b', 'c', 'd'].map((label) => key(label));
    const first = await spendCreditsMany(db, { teamId: owner.teamId, userId: owner.userId, action: 'test', charges: keys.map((k) => ({ amount: 2, idempotencyKey: k })) });
    // 7 credits cover three spends of 2: the fourth is not charged, and the answer leaves it out.
    expect([...first.keys()]).toEqual(keys.slice(0, 3));
    expect([...first.values()].every((r) => !r.replayed && r.entry.amount === 2)).toBe(true);
    expect((await getCreditsInfo(db, owner.teamId)).available).toBe(1);
    // The same keys again: the three charged replay, unchanged; the balance does not move.
    const again = await spendCreditsMany(db, { teamId: owner.teamId, userId: owner.userId, action: 'test', charges: keys.slice(0, 3).map((k) => ({ amount: 2, idempotencyKey: k })) });
    expect([...again.values()].map((r) => [r.replayed, r.entry.id])).toEqual([...first.values()].map((r) => [true, r.entry.id]));
    expect((await getCreditsInfo(db, owner.teamId)).available).toBe(1);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it("stops at the member's monthly cap", async () => {
    const { owner } = await teamWith(100);
    await setCap(owner, 5);
    const charged = await spendCreditsMany(db, { teamId: owner.teamId, userId: owner.userId, action: 'test', charges: [1, 2, 3].map(() => ({ amount: 2, idempotencyKey: key('capped') })) });
    expect(charged.size).toBe(2);
    expect((await getCreditsInfo(db, owner.teamId)).available).toBe(96);
  });
});

describe('idempotency', () => {
  it('has one effect for the same request sent 10 times with one key, one after another', async () => {
    const { owner } = await teamWith(1000);
    const k = key('same');
    const results: LedgerResult[] = [];
    for (let i = 0; i < 10; i++) results.push(await spend(owner, 7, k));
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.entry.amount === 7)).toBe(true);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 7 });
  });

  it('has one effect for the same request sent 10 times at once', async () => {
    const { owner, member } = await teamWith(1000);
    const k = key('burst');
    const { ok, failed } = await settle(Array.from({ length: 10 }, () => spend(member, 9, k)));
    expect(failed).toEqual([]);
    expect(new Set(ok.map((r) => r.entry.id)).size).toBe(1);
    expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 9 });
    const holds = await settle(Array.from({ length: 10 }, () => holdCredits(db, { teamId: owner.teamId, userId: owner.userId, action: 'bulk', amount: 100, idempotencyKey: 'hold-burst' })));
    expect(new Set(holds.ok.map((r) => r.entry.id)).size).toBe(1);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 9, held: 100 });
  });

  it('answers a replay even when the balance is gone, and 409 for a key reused for another request', async () => {
    const { owner } = await teamWith(10);
    const k = key('done');
    await spend(owner, 10, k);
    expect((await spend(owner, 10, k)).replayed).toBe(true);
    await expect(spend(owner, 3, k)).rejects.toMatchObject({ code: 'CONFLICT', status: 409 });
  });

  it('scopes keys by team', async () => {
    const a = await teamWith(10);
    const b = await teamWith(10);
    await spend(a.owner, 10, 'shared-key');
    expect((await spend(b.owner, 10, 'shared-key')).replayed).toBe(false);
  });
});

describe('holds, charges from holds, releases and refunds', () => {
  const hold = (user: TestUser, amount: number, idempotencyKey = key('hold')) =>
    holdCredits(db, { teamId: user.teamId, userId: user.userId, action: 'bulk_enrichment', amount, idempotencyKey });

  it('holds the maximum, charges accurate matches from it and releases the rest exactly once', async () => {
    const { owner, member } = await teamWith(1000);
    const { entry: h } = await hold(member, 600);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ total: 1000, used: 0, held: 600, available: 400 });
    await expect(spend(owner, 401)).rejects.toMatchObject({ status: 402 });
    for (let i = 0; i < 3; i++) await chargeHold(db, { teamId: owner.teamId, holdId: h.id, amount: 50, idempotencyKey: `${h.id}:row-${i}` });
    // A retried row is not charged twice.
    expect((await chargeHold(db, { teamId: owner.teamId, holdId: h.id, amount: 50, idempotencyKey: `${h.id}:row-0` })).replayed).toBe(true);
    await expect(chargeHold(db, { teamId: owner.teamId, holdId: h.id, amount: 451, idempotencyKey: key() })).rejects.toMatchObject({ status: 402 });
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 150, held: 450, available: 400 });

    const release = await releaseHold(db, { teamId: owner.teamId, holdId: h.id });
    expect(release.entry).toMatchObject({ kind: 'release', amount: 450, holdId: h.id, userId: member.userId });
    const again = await releaseHold(db, { teamId: owner.teamId, holdId: h.id });
    expect(again).toMatchObject({ replayed: true, entry: { id: release.entry.id } });
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 150, held: 0, available: 850 });
    await expect(chargeHold(db, { teamId: owner.teamId, holdId: h.id, amount: 1, idempotencyKey: key() })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await get(member, '/credits/getUserCreditsUsed')).json().data).toMatchObject({ creditsUsed: 150, creditsHeld: 0 });
    expect((await checkLedger(db)).discrepancies).toEqual([]);
  });

  it('charges a batch from a hold all or none, one entry per match, replays included', async () => {
    const { owner } = await teamWith(1000);
    const { entry: h } = await hold(owner, 100);
    const batch = (ids: number[], amount = 25) => chargeHoldMany(db, { teamId: owner.teamId, holdId: h.id, charges: ids.map((i) => ({ amount, idempotencyKey: `${h.id}:c${i}` })) });
    const first = await batch([1, 2]);
    expect(first.map((r) => [r.entry.amount, r.replayed])).toEqual([[25, false], [25, false]]);
    await expect(batch([3, 4, 5])).rejects.toMatchObject({ status: 402 });
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 50, held: 50 });
    const second = await batch([2, 3, 4]);
    expect(second.map((r) => r.replayed)).toEqual([true, false, false]);
    expect(second[0]!.entry.id).toBe(first[1]!.entry.id);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 100, held: 0, available: 900 });
    await expect(chargeHold(db, { teamId: owner.teamId, holdId: crypto.randomUUID(), amount: 1, idempotencyKey: key() })).rejects.toMatchObject({ status: 404 });
  });

  it('releases a hold concurrently exactly once', async () => {
    const { owner } = await teamWith(100);
    const { entry: h } = await hold(owner, 100);
    const { ok } = await settle(Array.from({ length: 8 }, () => releaseHold(db, { teamId: owner.teamId, holdId: h.id })));
    expect(new Set(ok.map((r) => r.entry.id)).size).toBe(1);
    expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ available: 100, held: 0 });
  });

  it('lets 100 of 150 simultaneous charges draw a hold of 100', async () => {
    const { owner } = await teamWith(1000);
    const { entry: h } = await hold(owner, 500);
    const { ok } = await settle(Array.from({ length: 150 }, (_, i) => chargeHold(db, { teamId: owner.teamId, holdId: h.id, amount: 5, idempotencyKey: `${h.id}:${i}` })));
    expect(ok).toHaveLength(100);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 500, held: 0, available: 500 });
  });

  it("counts a hold against the member's cap, and refuses a hold the balance or the cap cannot cover", async () => {
    const { owner, member } = await teamWith(1000);
    await setCap(member, 100);
    await hold(member, 80);
    await expect(spend(member, 21)).rejects.toMatchObject({ status: 402 });
    await expect(hold(member, 21)).rejects.toMatchObject({ status: 402 });
    await expect(hold(owner, 921)).rejects.toMatchObject({ status: 402 });
  });

  it('releases holds left open by a job that died, and leaves active ones', async () => {
    const { owner } = await teamWith(1000);
    const { entry: stale } = await hold(owner, 300);
    const later = new Date(Date.now() + 2 * 3600_000);
    const { entry: fresh } = await hold(owner, 200);
    await chargeHold(db, { teamId: owner.teamId, holdId: fresh.id, amount: 5, idempotencyKey: key() });
    expect(await releaseStaleHolds(db, { now: later, idleMs: 3600_000 })).toBeGreaterThanOrEqual(2);
    expect(await releaseStaleHolds(db, { now: later, idleMs: 3600_000 })).toBe(0);
    const open = await db.selectFrom('credit_holds').select('id').where('released_at', 'is', null).where('id', 'in', [stale.id, fresh.id]).execute();
    expect(open).toEqual([]);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 5, held: 0, available: 995 });
    // Nothing idle for an hour right now: the default leaves today's holds alone.
    const { entry: active } = await hold(owner, 10);
    await releaseStaleHolds(db);
    expect(await db.selectFrom('credit_holds').select('released_at').where('id', '=', active.id).executeTakeFirstOrThrow()).toEqual({ released_at: null });
  });

  it('refunds a charge, linked to it, never more than was charged', async () => {
    const { owner, member } = await teamWith(1000);
    const { entry: charge } = await spend(member, 200);
    const part = await refundCharge(db, { teamId: owner.teamId, chargeId: charge.id, amount: 50, idempotencyKey: key('refund'), reason: 'hard bounce' });
    expect(part.entry).toMatchObject({ kind: 'refund', amount: 50, refundOf: charge.id, userId: member.userId });
    const rest = await refundCharge(db, { teamId: owner.teamId, chargeId: charge.id, idempotencyKey: key('refund'), reason: 'hard bounce' });
    expect(rest.entry.amount).toBe(150);
    await expect(refundCharge(db, { teamId: owner.teamId, chargeId: charge.id, idempotencyKey: key('refund'), reason: 'again' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await refundCharge(db, { teamId: owner.teamId, chargeId: charge.id, idempotencyKey: rest.entry.idempotencyKey, reason: 'hard bounce' })).replayed).toBe(true);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ used: 0, available: 1000 });
    expect((await get(member, '/credits/getUserCreditsUsed')).json().data.creditsUsed).toBe(0);
    const other = await teamWith(10);
    await expect(refundCharge(db, { teamId: other.owner.teamId, chargeId: charge.id, idempotencyKey: key(), reason: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('the ledger invariant', () => {
  it('keeps entries immutable', async () => {
    const { owner } = await teamWith(10);
    const { entry } = await spend(owner, 1);
    await expect(sql`update credit_ledger set amount = 0 where id = ${entry.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from credit_ledger where id = ${entry.id}`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('passes on a consistent ledger and names each discrepancy, through the CLI too', async () => {
    const lines: string[] = [];
    expect(await runCreditsCli(db, ['check'], (l) => lines.push(l)), lines.join('\n')).toBe(0);
    expect(lines[0]).toMatch(/^Ledger OK/);

    const { owner, member } = await teamWith(100);
    const { entry: h } = await holdCredits(db, { teamId: owner.teamId, userId: member.userId, action: 'bulk', amount: 40, idempotencyKey: key() });
    await db.updateTable('credit_periods').set((eb) => ({ used: eb('used', '+', 1) })).where('id', '=', h.periodId).execute();
    await db.updateTable('credit_holds').set({ remaining: 39 }).where('id', '=', h.id).execute();
    await db.updateTable('credit_member_months').set({ held: 1 }).where('user_id', '=', member.userId).execute();
    const check = await checkLedger(db);
    expect(check.ok).toBe(false);
    expect(check.discrepancies.map((d) => d.what)).toEqual([
      expect.stringMatching(/^period counters/),
      expect.stringMatching(/^a member's monthly use/),
      expect.stringMatching(/^a hold differs/),
    ]);
    const failed: string[] = [];
    expect(await runCreditsCli(db, ['check'], (l) => failed.push(l))).toBe(1);
    expect(failed.join('\n')).toMatch(/3 discrepancies[\s\S]*ledger says \{"total":100,"used":0,"held":40\}/);

    await db.updateTable('credit_periods').set((eb) => ({ used: eb('used', '-', 1) })).where('id', '=', h.periodId).execute();
    await db.updateTable('credit_holds').set({ remaining: 40 }).where('id', '=', h.id).execute();
    await db.updateTable('credit_member_months').set({ held: 40 }).where('user_id', '=', member.userId).execute();
    expect(await checkLedger(db)).toMatchObject({ ok: true });
  });

  it('grants through the CLI', async () => {
    const { owner } = await teamWith(0);
    const out: string[] = [];
    expect(await runCreditsCli(db, ['grant', '--team', owner.teamId, '--amount', '2500'], (l) => out.push(l))).toBe(0);
    expect(out[0]).toMatch(/^Granted 2500 credits/);
    expect(await getCreditsInfo(db, owner.teamId)).toMatchObject({ total: 2500, available: 2500 });
    expect(await runCreditsCli(db, ['grant', '--team', owner.teamId, '--amount=-3'], () => {})).toBe(2);
  });
});

describe('search charges', () => {
  beforeAll(async () => {
    await loadPeople(
      db,
      Array.from({ length: 5 }, (_, i) => mapPerson(PdlPerson.parse({ id: `credits-${i}`, full_name: `credit person ${i}`, location_country: 'united states' }))),
    );
  });
  const search = (user: TestUser, scroll_token?: string) =>
    t.app.inject({ method: 'POST', url: '/search/contacts', headers: { cookie: user.cookie }, payload: { params: { full_name: 'credit person', size: 2 }, ...(scroll_token ? { scroll_token } : {}) } });

  it('charges 5 credits a search run: its retries and next pages are free', async () => {
    const owner = await createOwner(db);
    const first = await search(owner);
    expect(first.statusCode, first.body).toBe(200);
    expect((await search(owner)).statusCode).toBe(200);
    const token = first.json().data.response.scroll_token;
    expect((await search(owner, token)).statusCode).toBe(200);
    expect((await search(owner, token)).statusCode).toBe(200);
    const charges = (await entriesOf(owner.teamId)).filter((e) => e.kind === 'charge');
    expect(charges.map((c) => [c.action, Number(c.amount)])).toEqual([['b2b_contact_search', CREDIT_COSTS.b2bContactSearch]]);
  });

  it('answers 402 with the spec message when the team has no credits left', async () => {
    const { owner } = await teamWith(4);
    const response = await search(owner);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({ code: 'INSUFFICIENT_CREDITS', message: MESSAGES.insufficientCredits });
  });
});
