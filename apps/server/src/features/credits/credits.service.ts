import {
  AppError,
  creditStatusLevel,
  MESSAGES,
  notFound,
  planCredits,
  STARTING_PLAN,
  type CreditsInfo,
  type LedgerKind,
  type UserCreditsUsed,
} from '@leadline/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import * as repo from './credits.repository.js';

/**
 * The credits ledger. Every grant, charge, hold, release and refund is one immutable entry with
 * a unique (per team) idempotency key; the caches beside it change in the same statement. Each
 * operation takes the period's row lock first, so a team's spends queue on one row, and then
 * checks the key, so a replay (even a concurrent one) answers the original entry.
 *
 * Every function takes `db` or a transaction: pass your transaction to make the credits move
 * together with the work they pay for (then a failure of yours rolls the entry back too).
 */

export type LedgerEntry = {
  id: string;
  kind: LedgerKind;
  action: string;
  reason: string | null;
  amount: number;
  teamId: string;
  userId: string | null;
  periodId: string;
  holdId: string | null;
  refundOf: string | null;
  memberMonth: string;
  idempotencyKey: string;
  createdAt: Date;
};
/** `replayed`: the key had been used already; the entry is the original one and nothing changed. */
export type LedgerResult = { entry: LedgerEntry; replayed: boolean };

export type SpendInput = {
  teamId: string;
  userId: string;
  /** What the credits pay for, e.g. 'b2b_contact_search' or 'enrichment_phone'. */
  action: string;
  amount: number;
  idempotencyKey: string;
  reason?: string;
};
export type HoldInput = SpendInput;
export type ChargeHoldInput = { teamId: string; holdId: string; amount: number; idempotencyKey: string; action?: string; reason?: string };
export type ReleaseHoldInput = { teamId: string; holdId: string; reason?: string };
export type RefundInput = { teamId: string; chargeId: string; idempotencyKey: string; reason: string; /** Default: all that is not refunded yet. */ amount?: number };
export type GrantInput = { teamId: string; amount: number; idempotencyKey: string; reason: string; action?: string; userId?: string | null };

/** A calendar month in UTC: the unit of a member's credits cap. */
export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export const insufficientCredits = () => new AppError('INSUFFICIENT_CREDITS', MESSAGES.insufficientCredits);
const keyReused = () => new AppError('CONFLICT', 'This idempotency key was already used for another credits operation.');

const present = (row: repo.LedgerRow): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  action: row.action,
  reason: row.reason,
  amount: Number(row.amount),
  teamId: row.team_id,
  userId: row.user_id,
  periodId: row.period_id,
  holdId: row.hold_id,
  refundOf: row.refund_of,
  memberMonth: row.member_month,
  idempotencyKey: row.idempotency_key,
  createdAt: row.created_at,
});

function assertAmount(amount: number, field = 'amount') {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new AppError('VALIDATION_FAILED', `${field}: must be a positive whole number of credits`, { field });
}

function assertKey(key: string) {
  if (!key || key.length > 500) throw new AppError('VALIDATION_FAILED', 'idempotencyKey: must be 1 to 500 characters', { field: 'idempotencyKey' });
}

/** The original entry, if it is the same operation; a different one under the same key is a conflict. */
function replay(existing: repo.LedgerRow, expected: { kind: LedgerKind; amount?: number; userId?: string | null; holdId?: string | null; refundOf?: string | null }): LedgerResult {
  const same =
    existing.kind === expected.kind &&
    (expected.amount === undefined || Number(existing.amount) === expected.amount) &&
    (expected.userId === undefined || existing.user_id === expected.userId) &&
    (expected.holdId === undefined || existing.hold_id === expected.holdId) &&
    (expected.refundOf === undefined || existing.refund_of === expected.refundOf);
  if (!same) throw keyReused();
  return { entry: present(existing), replayed: true };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Runs `work` in the caller's transaction or a new one. On our own transaction a lost race on
 * the idempotency key (possible only across two periods of a team) is retried once, and the
 * retry answers the winner's entry.
 */
async function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    try {
      return await work(db);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'A concurrent credits operation used the same idempotency key; retry.', { cause: error });
      throw error;
    }
  }
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.transaction().execute(work);
  }
}

/** Direct spend: checks the team balance and the member's monthly cap, then charges. 402 if either falls short. */
export async function spendCredits(db: Kysely<DB>, input: SpendInput): Promise<LedgerResult> {
  return reserve(db, input, 'charge');
}

/**
 * Several spends of one member in one statement, in order, as far as the balance and the
 * member's cap go: answers the results of the keys charged (or replayed), by key; a key missing
 * from the answer was not charged because the credits ran out before it. Inside a transaction,
 * the charges commit with it.
 */
export async function spendCreditsMany(
  db: Kysely<DB>,
  input: { teamId: string; userId: string; action: string; charges: Array<{ amount: number; idempotencyKey: string; reason?: string }> },
): Promise<Map<string, LedgerResult>> {
  for (const charge of input.charges) {
    assertAmount(charge.amount);
    assertKey(charge.idempotencyKey);
  }
  if (input.charges.length === 0) return new Map();
  const rows = await repo
    .reserveMany(db, {
      teamId: input.teamId,
      userId: input.userId,
      action: input.action,
      charges: input.charges.map((c) => ({ amount: c.amount, idempotencyKey: c.idempotencyKey, reason: c.reason ?? null })),
      month: monthOf(new Date()),
    })
    .catch((error: unknown) => {
      throw ledgerError(error);
    });
  const amounts = new Map(input.charges.map((c) => [c.idempotencyKey, c.amount]));
  return new Map(
    rows.map((row) => [row.key, row.replayed ? replay(row.entry, { kind: 'charge', amount: amounts.get(row.key)!, userId: input.userId, holdId: null }) : { entry: present(row.entry), replayed: false }]),
  );
}

/**
 * Holds the most a bulk job could cost, against the balance and the member's cap like a spend.
 * The entry id is the hold id for `chargeHold` and `releaseHold`.
 */
export async function holdCredits(db: Kysely<DB>, input: HoldInput): Promise<LedgerResult> {
  return reserve(db, input, 'hold');
}

async function reserve(db: Kysely<DB>, input: SpendInput, kind: 'charge' | 'hold'): Promise<LedgerResult> {
  assertAmount(input.amount);
  assertKey(input.idempotencyKey);
  return retryKeyRace(db, async () => {
    const result = await repo.reserve(db, { ...input, reason: input.reason ?? null, kind, month: monthOf(new Date()) });
    if (result.replayed) return replay(result.entry, { kind, amount: input.amount, userId: input.userId, holdId: null });
    return { entry: present(result.entry), replayed: false };
  });
}

/** The ledger functions' SQLSTATEs as AppErrors. */
function ledgerError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'LL402') return insufficientCredits();
  if (code === 'LL409') return new AppError('CONFLICT', 'This credit hold is already released.');
  if (code === 'LL404') return notFound('Credit hold');
  return error;
}

/** One-statement operations: outside a transaction, a lost race on a key is retried and then replays. */
async function retryKeyRace<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) && !db.isTransaction) {
      try {
        return await work();
      } catch (again) {
        throw ledgerError(again);
      }
    }
    throw ledgerError(error);
  }
}

/** Charges an accurate match from a hold. More than the hold has left is a 402; a released hold a 409. */
export async function chargeHold(db: Kysely<DB>, input: ChargeHoldInput): Promise<LedgerResult> {
  const [result] = await chargeHoldMany(db, { teamId: input.teamId, holdId: input.holdId, charges: [input], ...(input.action ? { action: input.action } : {}), ...(input.reason ? { reason: input.reason } : {}) });
  return result!;
}

/**
 * Charges several accurate matches from a hold in one statement, one entry each (a bulk job's
 * batch). All or none: if the hold cannot cover them all, or is released, nothing is charged.
 */
export async function chargeHoldMany(
  db: Kysely<DB>,
  input: { teamId: string; holdId: string; charges: Array<{ amount: number; idempotencyKey: string }>; action?: string; reason?: string },
): Promise<LedgerResult[]> {
  if (input.charges.length === 0) return [];
  input.charges.forEach((c, i) => {
    assertAmount(c.amount, `charges.${i}.amount`);
    assertKey(c.idempotencyKey);
  });
  return retryKeyRace(db, async () => {
    const results = await repo.chargeHold(db, { ...input, action: input.action ?? null, reason: input.reason ?? null });
    return results.map((r, i) =>
      r.replayed ? replay(r.entry, { kind: 'charge', amount: input.charges[i]!.amount, holdId: input.holdId }) : { entry: present(r.entry), replayed: false },
    );
  });
}

/** Gives back what a hold has left. Exactly once: a second release answers the first. */
export async function releaseHold(db: Kysely<DB>, input: ReleaseHoldInput): Promise<LedgerResult> {
  const idempotencyKey = `release:${input.holdId}`;
  return inTransaction(db, async (trx) => {
    const hold = await repo.lockHold(trx, input.teamId, input.holdId);
    if (!hold) throw notFound('Credit hold');
    const existing = await repo.findEntryByKey(trx, input.teamId, idempotencyKey);
    if (existing) return replay(existing, { kind: 'release', holdId: hold.id });
    const rest = hold.remaining;
    const row = await repo.appendEntry(
      trx,
      {
        teamId: input.teamId,
        periodId: hold.period_id,
        kind: 'release',
        action: hold.action,
        reason: input.reason ?? null,
        userId: hold.user_id,
        amount: rest,
        holdId: hold.id,
        refundOf: null,
        memberMonth: hold.member_month,
        idempotencyKey,
      },
      { period: { held: -rest }, member: { held: -rest }, hold: { kind: 'draw', amount: rest, release: true } },
    );
    return { entry: present(row), replayed: false };
  });
}

/** Reverses (part of) a charge; the refund links to it and never exceeds what is left of it. */
export async function refundCharge(db: Kysely<DB>, input: RefundInput): Promise<LedgerResult> {
  assertKey(input.idempotencyKey);
  if (input.amount !== undefined) assertAmount(input.amount);
  return inTransaction(db, async (trx) => {
    const charge = await repo.findEntry(trx, input.teamId, input.chargeId);
    if (!charge || charge.kind !== 'charge') throw notFound('Charge');
    await repo.lockPeriod(trx, charge.period_id);
    const existing = await repo.findEntryByKey(trx, input.teamId, input.idempotencyKey);
    if (existing) return replay(existing, { kind: 'refund', refundOf: charge.id, ...(input.amount !== undefined ? { amount: input.amount } : {}) });
    const left = Number(charge.amount) - (await repo.refundedAmount(trx, charge.id));
    const amount = input.amount ?? left;
    if (left <= 0) throw new AppError('CONFLICT', 'This charge is already refunded.');
    if (amount > left) throw new AppError('CONFLICT', `Only ${left} credits of this charge are left to refund.`);
    const row = await repo.appendEntry(
      trx,
      {
        teamId: input.teamId,
        periodId: charge.period_id,
        kind: 'refund',
        action: charge.action,
        reason: input.reason,
        userId: charge.user_id,
        amount,
        holdId: null,
        refundOf: charge.id,
        memberMonth: charge.member_month,
        idempotencyKey: input.idempotencyKey,
      },
      { period: { used: -amount }, member: { used: -amount } },
    );
    return { entry: present(row), replayed: false };
  });
}

/** Adds credits to the team's current period (a purchase, or an owner of a self-hosted install). */
export async function grantCredits(db: Kysely<DB>, input: GrantInput): Promise<LedgerResult> {
  assertAmount(input.amount);
  assertKey(input.idempotencyKey);
  return inTransaction(db, async (trx) => {
    let period = await repo.lockCurrentPeriod(trx, input.teamId);
    if (!period) {
      if (!(await repo.teamExists(trx, input.teamId))) throw notFound('Team');
      const subscription = await repo.findSubscription(trx, input.teamId);
      const now = new Date();
      const ends = subscription && subscription.renewal_date > now ? subscription.renewal_date : new Date(now.getTime() + 30 * 86_400_000);
      await repo.insertPeriod(trx, { teamId: input.teamId, plan: subscription?.plan ?? STARTING_PLAN, startsAt: now, endsAt: ends });
      period = (await repo.lockCurrentPeriod(trx, input.teamId))!;
    }
    const existing = await repo.findEntryByKey(trx, input.teamId, input.idempotencyKey);
    if (existing) return replay(existing, { kind: 'grant', amount: input.amount });
    const row = await repo.appendEntry(
      trx,
      {
        teamId: input.teamId,
        periodId: period.id,
        kind: 'grant',
        action: input.action ?? 'manual_grant',
        reason: input.reason,
        userId: input.userId ?? null,
        amount: input.amount,
        holdId: null,
        refundOf: null,
        memberMonth: monthOf(new Date()),
        idempotencyKey: input.idempotencyKey,
      },
      { period: { total: input.amount } },
    );
    return { entry: present(row), replayed: false };
  });
}

/**
 * Opens a team's credit period with its plan's credits (`credits` when the period's grant is not
 * the plan's monthly one, as for a yearly plan or an expired trial); call it in the transaction
 * that creates the team, or that renews its plan.
 */
export async function startTeamCredits(db: Kysely<DB>, input: { teamId: string; plan: string; startsAt: Date; endsAt: Date; credits?: number }) {
  return inTransaction(db, async (trx) => {
    const period = await repo.insertPeriod(trx, input);
    const credits = input.credits ?? planCredits(input.plan);
    if (credits > 0) {
      await repo.appendEntry(
        trx,
        {
          teamId: input.teamId,
          periodId: period.id,
          kind: 'grant',
          action: 'plan_credits',
          reason: `Plan credits (${input.plan}) for the period`,
          userId: null,
          amount: credits,
          holdId: null,
          refundOf: null,
          memberMonth: monthOf(input.startsAt),
          idempotencyKey: `period-grant:${period.id}`,
        },
        { period: { total: credits } },
      );
    }
    return { periodId: period.id, credits };
  });
}

export const STALE_HOLD_AFTER_MS = 60 * 60 * 1000;

/** Releases holds no charge has touched for `idleMs` (a bulk job that died); answers how many. */
export async function releaseStaleHolds(db: Kysely<DB>, options: { idleMs?: number; now?: Date } = {}): Promise<number> {
  const idleSince = new Date((options.now ?? new Date()).getTime() - (options.idleMs ?? STALE_HOLD_AFTER_MS));
  let released = 0;
  for (;;) {
    const holds = await repo.findStaleHolds(db, idleSince, 100);
    for (const hold of holds) {
      const result = await releaseHold(db, { teamId: hold.team_id, holdId: hold.id, reason: 'Released after its job went quiet' });
      if (!result.replayed) released += 1;
    }
    if (holds.length < 100) return released;
  }
}

const emptyInfo = (now: Date): CreditsInfo => ({
  used: 0,
  available: 0,
  total: 0,
  held: 0,
  startDate: now.toISOString(),
  endDate: now.toISOString(),
  plan: STARTING_PLAN,
  level: 'critical',
});

/** The team's current period as the footer, the credits card and the banners show it. */
export async function getCreditsInfo(db: Kysely<DB>, teamId: string): Promise<CreditsInfo> {
  const period = await repo.findCurrentPeriod(db, teamId);
  if (!period) return emptyInfo(new Date());
  const total = Number(period.total);
  const used = Number(period.used);
  const held = Number(period.held);
  const available = total - used - held;
  return {
    used,
    available,
    total,
    held,
    startDate: period.starts_at.toISOString(),
    endDate: period.ends_at.toISOString(),
    plan: period.plan,
    level: creditStatusLevel({ available, total }),
  };
}

/** The member's use this calendar month (UTC) against their cap. */
export async function getUserCreditsUsed(db: Kysely<DB>, teamId: string, userId: string, now = new Date()): Promise<UserCreditsUsed> {
  const month = monthOf(now);
  const row = await repo.findMemberMonth(db, teamId, userId, month);
  const start = new Date(`${month}-01T00:00:00.000Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return {
    creditsUsed: Number(row?.used ?? 0),
    creditsHeld: Number(row?.held ?? 0),
    creditsCap: row?.credits_cap ?? null,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
  };
}

/** Credits each user used in the team this month, for the members table. */
export async function membersCreditsUsed(db: Kysely<DB>, teamId: string, userIds: string[], now = new Date()): Promise<Map<string, number>> {
  const rows = await repo.findMembersUsed(db, teamId, userIds, monthOf(now));
  return new Map(rows.map((r) => [r.user_id, Number(r.used)]));
}

export type LedgerCheck = { ok: boolean; entries: number; periods: number; discrepancies: repo.LedgerDiscrepancy[] };

/** Proves the caches equal the ledger (and the ledger never overdraws); `npm run credits:check` runs it. */
export async function checkLedger(db: Kysely<DB>): Promise<LedgerCheck> {
  const [discrepancies, counts] = [await repo.findDiscrepancies(db), await repo.countLedger(db)];
  return { ok: discrepancies.length === 0, ...counts, discrepancies };
}
