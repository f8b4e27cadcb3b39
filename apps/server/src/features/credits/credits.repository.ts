import type { LedgerKind } from '@leadline/shared';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CreditLedgerTable, CreditPeriodsTable } from '../../db/schema-credits.js';

export type PeriodRow = Pick<Selectable<CreditPeriodsTable>, (typeof periodColumns)[number]>;

export type LedgerRow = Selectable<CreditLedgerTable>;

export type HoldRow = {
  id: string;
  team_id: string;
  period_id: string;
  user_id: string | null;
  member_month: string;
  amount: number;
  remaining: number;
  released_at: Date | null;
  action: string;
};

const periodColumns = ['id', 'team_id', 'plan', 'starts_at', 'ends_at', 'total', 'used', 'held'] as const;

/** The team's current period: the one that started last. */
const currentPeriodOf = (db: Kysely<DB>, teamId: string) =>
  db.selectFrom('credit_periods').select(periodColumns).where('team_id', '=', teamId).orderBy('starts_at', 'desc').orderBy('created_at', 'desc').limit(1);

export async function findCurrentPeriod(db: Kysely<DB>, teamId: string): Promise<PeriodRow | undefined> {
  return currentPeriodOf(db, teamId).executeTakeFirst();
}

/** Locks the team's current period row: every spend of a team queues on it. */
export async function lockCurrentPeriod(trx: Kysely<DB>, teamId: string): Promise<PeriodRow | undefined> {
  return currentPeriodOf(trx, teamId).forUpdate().executeTakeFirst();
}

export async function lockPeriod(trx: Kysely<DB>, periodId: string): Promise<PeriodRow | undefined> {
  return trx.selectFrom('credit_periods').select(periodColumns).where('id', '=', periodId).forUpdate().executeTakeFirst();
}

export async function insertPeriod(trx: Kysely<DB>, values: { teamId: string; plan: string; startsAt: Date; endsAt: Date }): Promise<PeriodRow> {
  return trx
    .insertInto('credit_periods')
    .values({ team_id: values.teamId, plan: values.plan, starts_at: values.startsAt, ends_at: values.endsAt })
    .returning(periodColumns)
    .executeTakeFirstOrThrow();
}

export async function findSubscription(db: Kysely<DB>, teamId: string) {
  return db.selectFrom('subscriptions').select(['plan', 'renewal_date']).where('team_id', '=', teamId).executeTakeFirst();
}

export async function teamExists(db: Kysely<DB>, teamId: string): Promise<boolean> {
  return (await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst()) !== undefined;
}

/** row_to_json gives timestamps as text and bigints as numbers. */
const fromJson = (entry: LedgerRow): LedgerRow => ({ ...entry, created_at: new Date(entry.created_at), amount: Number(entry.amount), seq: Number(entry.seq) });

export async function findEntry(db: Kysely<DB>, teamId: string, id: string): Promise<LedgerRow | undefined> {
  return db.selectFrom('credit_ledger').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
}

export async function findEntryByKey(db: Kysely<DB>, teamId: string, idempotencyKey: string): Promise<LedgerRow | undefined> {
  return db.selectFrom('credit_ledger').selectAll().where('team_id', '=', teamId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * Locks a hold's period, then the hold: the same order as credit_charge_hold, so two hold
 * operations never wait on each other crosswise. A hold's period never changes.
 */
export async function lockHold(trx: Kysely<DB>, teamId: string, holdId: string): Promise<HoldRow | undefined> {
  const found = await trx.selectFrom('credit_holds').select('period_id').where('id', '=', holdId).where('team_id', '=', teamId).executeTakeFirst();
  if (!found) return undefined;
  await lockPeriod(trx, found.period_id);
  const { rows } = await sql<HoldRow>`
    select h.id, h.team_id, h.period_id, h.user_id, h.member_month, h.amount, h.remaining, h.released_at,
      (select l.action from credit_ledger l where l.id = h.id) as action
    from credit_holds h where h.id = ${holdId}
    for update of h`.execute(trx);
  const r = rows[0]!;
  return { ...r, amount: Number(r.amount), remaining: Number(r.remaining) };
}

type FunctionRow = { o_replayed: boolean; o_entry: LedgerRow };
const fromFunction = (rows: FunctionRow[]) => rows.map((r) => ({ replayed: r.o_replayed, entry: fromJson(r.o_entry) }));

/**
 * A spend ('charge') or a hold in one statement (see credit_reserve in migration 0006): locks
 * the period, answers the original entry for a used key, checks balance and member cap, writes.
 * Raises SQLSTATE LL402 when the balance or the cap falls short.
 */
export async function reserve(
  db: Kysely<DB>,
  p: { teamId: string; userId: string; kind: 'charge' | 'hold'; action: string; reason: string | null; amount: number; idempotencyKey: string; month: string },
) {
  const { rows } = await sql<FunctionRow>`
    select o_replayed, o_entry from credit_reserve(${p.teamId}::uuid, ${p.userId}::uuid, ${p.kind}::text, ${p.action}::text, ${p.reason}::text, ${p.amount}::bigint, ${p.idempotencyKey}::text, ${p.month}::text)`.execute(db);
  return fromFunction(rows)[0]!;
}

/**
 * Spends of one member in one statement, in order, as far as the balance and the member's cap
 * go (credit_reserve_many, migration 0330). Answers each entry with its key.
 */
export async function reserveMany(
  db: Kysely<DB>,
  p: { teamId: string; userId: string; action: string; charges: Array<{ amount: number; idempotencyKey: string; reason: string | null }>; month: string },
) {
  const { rows } = await sql<FunctionRow & { o_key: string }>`
    select o_key, o_replayed, o_entry from credit_reserve_many(${p.teamId}::uuid, ${p.userId}::uuid, ${p.action}::text,
      ${p.charges.map((c) => c.reason)}::text[], ${p.charges.map((c) => c.amount)}::bigint[], ${p.charges.map((c) => c.idempotencyKey)}::text[], ${p.month}::text)`.execute(db);
  return rows.map((r) => ({ key: r.o_key, replayed: r.o_replayed, entry: fromJson(r.o_entry) }));
}

/**
 * Charges drawn from a hold, one entry each, in one statement (credit_charge_hold): keys already
 * used answer their original entry. Raises LL404 (no such hold), LL409 (released) or LL402
 * (more than the hold has left), and then charges none of them.
 */
export async function chargeHold(
  db: Kysely<DB>,
  p: { teamId: string; holdId: string; charges: Array<{ amount: number; idempotencyKey: string }>; action: string | null; reason: string | null },
) {
  const { rows } = await sql<FunctionRow>`
    select o_replayed, o_entry from credit_charge_hold(${p.teamId}::uuid, ${p.holdId}::uuid,
      ${p.charges.map((c) => c.amount)}::bigint[], ${p.charges.map((c) => c.idempotencyKey)}::text[], ${p.action}::text, ${p.reason}::text)`.execute(db);
  return fromFunction(rows);
}

export async function refundedAmount(db: Kysely<DB>, chargeId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('n'))
    .where('refund_of', '=', chargeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findStaleHolds(db: Kysely<DB>, idleSince: Date, limit: number) {
  return db
    .selectFrom('credit_holds')
    .select(['id', 'team_id'])
    .where('released_at', 'is', null)
    .where('last_activity_at', '<', idleSince)
    .orderBy('last_activity_at')
    .limit(limit)
    .execute();
}

export async function findMemberMonth(db: Kysely<DB>, teamId: string, userId: string, month: string) {
  return db
    .selectFrom('team_members')
    .leftJoin('credit_member_months as m', (join) =>
      join.onRef('m.team_id', '=', 'team_members.team_id').onRef('m.user_id', '=', 'team_members.user_id').on('m.month', '=', month),
    )
    .select(['team_members.credits_cap', 'm.used', 'm.held'])
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
}

/** Credits each of these users used in the team this month (charges less refunds). */
export async function findMembersUsed(db: Kysely<DB>, teamId: string, userIds: string[], month: string) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('credit_member_months')
    .select(['user_id', 'used', 'held'])
    .where('team_id', '=', teamId)
    .where('month', '=', month)
    .where('user_id', 'in', userIds)
    .execute();
}

export type NewEntry = {
  teamId: string;
  periodId: string;
  kind: LedgerKind;
  action: string;
  reason: string | null;
  userId: string | null;
  amount: number;
  holdId: string | null;
  refundOf: string | null;
  memberMonth: string;
  idempotencyKey: string;
};

/** What an entry changes in the caches; each is a delta. */
export type Effects = {
  period: { total?: number; used?: number; held?: number };
  member?: { used?: number; held?: number };
  hold?: { kind: 'open' } | { kind: 'draw'; amount: number; release: boolean };
};

/**
 * Appends one ledger entry and applies its effects to the caches in one statement, so the
 * entry and the counters can never disagree.
 */
export async function appendEntry(trx: Kysely<DB>, e: NewEntry, effects: Effects): Promise<LedgerRow> {
  const parts: RawBuilder<unknown>[] = [
    sql`entry as (
      insert into credit_ledger (team_id, period_id, kind, action, reason, user_id, amount, hold_id, refund_of, member_month, idempotency_key)
      values (${e.teamId}, ${e.periodId}, ${e.kind}, ${e.action}, ${e.reason}, ${e.userId}, ${e.amount}, ${e.holdId}, ${e.refundOf}, ${e.memberMonth}, ${e.idempotencyKey})
      returning *)`,
    sql`period as (
      update credit_periods set total = total + ${effects.period.total ?? 0}, used = used + ${effects.period.used ?? 0}, held = held + ${effects.period.held ?? 0}
      where id = ${e.periodId} returning id)`,
  ];
  if (effects.member && e.userId) {
    const used = effects.member.used ?? 0;
    const held = effects.member.held ?? 0;
    // A check constraint sees the row an upsert proposes, so only growth may insert; a draw or
    // refund always finds the row its charge or hold created.
    parts.push(
      used >= 0 && held >= 0
        ? sql`member as (
            insert into credit_member_months as m (team_id, user_id, month, used, held)
            values (${e.teamId}, ${e.userId}, ${e.memberMonth}, ${used}, ${held})
            on conflict (team_id, user_id, month) do update set used = m.used + excluded.used, held = m.held + excluded.held
            returning 1)`
        : sql`member as (
            update credit_member_months set used = used + ${used}, held = held + ${held}
            where team_id = ${e.teamId} and user_id = ${e.userId} and month = ${e.memberMonth}
            returning 1)`,
    );
  }
  const hold = effects.hold;
  if (hold?.kind === 'open') {
    parts.push(sql`hold as (
      insert into credit_holds (id, team_id, period_id, user_id, member_month, amount, remaining)
      select id, team_id, period_id, user_id, member_month, amount, amount from entry returning 1)`);
  } else if (hold?.kind === 'draw') {
    parts.push(sql`hold as (
      update credit_holds set remaining = remaining - ${hold.amount}, last_activity_at = now()${hold.release ? sql`, released_at = now()` : sql``}
      where id = ${e.holdId} returning 1)`);
  }
  const { rows } = await sql<LedgerRow>`with ${sql.join(parts, sql`, `)} select * from entry`.execute(trx);
  return rows[0]!;
}

export type LedgerDiscrepancy = { what: string; id: string; expected: unknown; actual: unknown };

/** Each cache compared with what the ledger says it must be; any row here is a discrepancy. */
export async function findDiscrepancies(db: Kysely<DB>): Promise<LedgerDiscrepancy[]> {
  const found: LedgerDiscrepancy[] = [];
  const periods = await sql<{ id: string; total: number; used: number; held: number; l_total: number; l_used: number; l_held: number }>`
    with sums as (
      select period_id,
        coalesce(sum(amount) filter (where kind = 'grant'), 0) as total,
        coalesce(sum(amount) filter (where kind = 'charge'), 0) - coalesce(sum(amount) filter (where kind = 'refund'), 0) as used,
        coalesce(sum(amount) filter (where kind = 'hold'), 0) - coalesce(sum(amount) filter (where kind = 'charge' and hold_id is not null), 0)
          - coalesce(sum(amount) filter (where kind = 'release'), 0) as held
      from credit_ledger group by period_id)
    select coalesce(p.id, s.period_id) as id, p.total, p.used, p.held, coalesce(s.total, 0) as l_total, coalesce(s.used, 0) as l_used, coalesce(s.held, 0) as l_held
    from credit_periods p full join sums s on s.period_id = p.id
    where p.id is null or p.total <> coalesce(s.total, 0) or p.used <> coalesce(s.used, 0) or p.held <> coalesce(s.held, 0)
      or coalesce(s.used, 0) < 0 or coalesce(s.held, 0) < 0 or coalesce(s.used, 0) + coalesce(s.held, 0) > coalesce(s.total, 0)`.execute(db);
  for (const r of periods.rows) {
    found.push({
      what: 'period counters (total/used/held) differ from the ledger, or the ledger overdraws the period',
      id: r.id,
      expected: { total: Number(r.l_total), used: Number(r.l_used), held: Number(r.l_held) },
      actual: r.total === null ? 'no period row' : { total: Number(r.total), used: Number(r.used), held: Number(r.held) },
    });
  }

  const members = await sql<{ team_id: string; user_id: string; month: string; used: number | null; held: number | null; l_used: number; l_held: number }>`
    with sums as (
      select team_id, user_id, member_month as month,
        coalesce(sum(amount) filter (where kind = 'charge'), 0) - coalesce(sum(amount) filter (where kind = 'refund'), 0) as used,
        coalesce(sum(amount) filter (where kind = 'hold'), 0) - coalesce(sum(amount) filter (where kind = 'charge' and hold_id is not null), 0)
          - coalesce(sum(amount) filter (where kind = 'release'), 0) as held
      from credit_ledger where user_id is not null and kind <> 'grant' group by team_id, user_id, member_month)
    select coalesce(m.team_id, s.team_id) as team_id, coalesce(m.user_id, s.user_id) as user_id, coalesce(m.month, s.month) as month,
      m.used, m.held, coalesce(s.used, 0) as l_used, coalesce(s.held, 0) as l_held
    from credit_member_months m full join sums s on s.team_id = m.team_id and s.user_id = m.user_id and s.month = m.month
    where coalesce(m.used, 0) <> coalesce(s.used, 0) or coalesce(m.held, 0) <> coalesce(s.held, 0) or coalesce(s.used, 0) < 0 or coalesce(s.held, 0) < 0`.execute(db);
  for (const r of members.rows) {
    found.push({
      what: "a member's monthly use differs from the ledger",
      id: `${r.team_id}/${r.user_id}/${r.month}`,
      expected: { used: Number(r.l_used), held: Number(r.l_held) },
      actual: r.used === null ? 'no member row' : { used: Number(r.used), held: Number(r.held) },
    });
  }

  const holds = await sql<{ id: string; remaining: number | null; released: boolean | null; l_remaining: number | null; l_released: boolean; mismatch: boolean }>`
    with h as (
      select l.id, l.amount, l.team_id, l.period_id, l.user_id, l.member_month,
        l.amount - coalesce(sum(d.amount), 0) as remaining,
        bool_or(d.kind = 'release') is true as released,
        bool_or(d.team_id <> l.team_id or d.period_id <> l.period_id or d.user_id is distinct from l.user_id or d.member_month <> l.member_month)
          filter (where d.id is not null) is true as mismatch
      from credit_ledger l left join credit_ledger d on d.hold_id = l.id
      where l.kind = 'hold' group by l.id)
    select coalesce(c.id, h.id) as id, c.remaining, c.released_at is not null as released, h.remaining as l_remaining, coalesce(h.released, false) as l_released, coalesce(h.mismatch, false) as mismatch
    from credit_holds c full join h on h.id = c.id
    where c.id is null or h.id is null or c.remaining <> h.remaining or (c.released_at is not null) <> h.released
      or h.remaining < 0 or h.mismatch or (h.released and c.remaining <> 0)`.execute(db);
  for (const r of holds.rows) {
    found.push({
      what: r.mismatch ? 'a charge or release of a hold belongs to another team, period, member or month' : 'a hold differs from its ledger entries or was over-drawn',
      id: r.id,
      expected: { remaining: r.l_remaining === null ? null : Number(r.l_remaining), released: r.l_released },
      actual: r.remaining === null ? 'no hold row' : { remaining: Number(r.remaining), released: r.released },
    });
  }

  const refunds = await sql<{ id: string; amount: number; refunded: number; mismatch: boolean }>`
    select c.id, c.amount, sum(r.amount) as refunded,
      bool_or(r.team_id <> c.team_id or r.period_id <> c.period_id or r.user_id is distinct from c.user_id or r.member_month <> c.member_month or c.kind <> 'charge') as mismatch
    from credit_ledger r join credit_ledger c on c.id = r.refund_of
    group by c.id, c.amount
    having sum(r.amount) > c.amount or bool_or(r.team_id <> c.team_id or r.period_id <> c.period_id or r.user_id is distinct from c.user_id or r.member_month <> c.member_month or c.kind <> 'charge')`.execute(db);
  for (const r of refunds.rows) {
    found.push({ what: 'refunds exceed their charge, or do not match it', id: r.id, expected: { atMost: Number(r.amount) }, actual: { refunded: Number(r.refunded), mismatch: r.mismatch } });
  }

  const teams = await sql<{ id: string }>`select t.id from teams t where not exists (select 1 from credit_periods p where p.team_id = t.id)`.execute(db);
  for (const r of teams.rows) found.push({ what: 'a team has no credit period', id: r.id, expected: 'a period', actual: 'none' });
  return found;
}

export async function countLedger(db: Kysely<DB>) {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => [eb.fn.countAll<number>().as('entries'), eb.fn.count<number>('hold_id').as('linked')])
    .executeTakeFirstOrThrow();
  const periods = await db.selectFrom('credit_periods').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { entries: Number(row.entries), periods: Number(periods.n) };
}
