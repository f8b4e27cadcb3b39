import { sql, type Kysely } from 'kysely';

/**
 * The credits ledger. `credit_ledger` is append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE) and is the truth; `credit_periods` (counters), `credit_member_months` and
 * `credit_holds` are caches of it that change in the same transaction as each entry, and
 * `checkLedger` proves they equal the ledger. No foreign keys to teams or users: a deleted team
 * keeps its history, and nothing ever has to delete a ledger row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table credit_periods (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null,
      plan text not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      total bigint not null default 0,
      used bigint not null default 0,
      held bigint not null default 0,
      created_at timestamptz not null default now(),
      constraint credit_periods_never_overdrawn check (used >= 0 and held >= 0 and used + held <= total)
    )`.execute(db);
  await sql`create index credit_periods_team_idx on credit_periods(team_id, starts_at desc, created_at desc)`.execute(db);

  await sql`
    create table credit_ledger (
      id uuid primary key default gen_random_uuid(),
      seq bigint generated always as identity,
      team_id uuid not null,
      period_id uuid not null references credit_periods(id),
      kind text not null check (kind in ('grant', 'charge', 'hold', 'release', 'refund')),
      action text not null,
      reason text,
      user_id uuid,
      amount bigint not null check (amount >= 0),
      hold_id uuid references credit_ledger(id),
      refund_of uuid references credit_ledger(id),
      member_month text not null check (member_month ~ '^[0-9]{4}-[0-9]{2}$'),
      idempotency_key text not null,
      created_at timestamptz not null default now(),
      constraint credit_ledger_key unique (team_id, idempotency_key),
      constraint credit_ledger_positive check (kind = 'release' or amount > 0),
      constraint credit_ledger_release_has_hold check (kind <> 'release' or hold_id is not null),
      constraint credit_ledger_hold_link check (kind in ('charge', 'release') or hold_id is null),
      constraint credit_ledger_refund_link check ((kind = 'refund') = (refund_of is not null))
    )`.execute(db);
  // A hold is released exactly once.
  await sql`create unique index credit_ledger_one_release on credit_ledger(hold_id) where kind = 'release'`.execute(db);
  await sql`create index credit_ledger_hold_idx on credit_ledger(hold_id) where hold_id is not null`.execute(db);
  await sql`create index credit_ledger_refund_idx on credit_ledger(refund_of) where refund_of is not null`.execute(db);
  await sql`create index credit_ledger_period_idx on credit_ledger(period_id)`.execute(db);

  await sql`
    create function credit_ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'credit_ledger is append-only: add a refund or release entry instead';
    end
    $$`.execute(db);
  await sql`create trigger credit_ledger_no_change before update or delete on credit_ledger for each row execute function credit_ledger_append_only()`.execute(db);
  await sql`create trigger credit_ledger_no_truncate before truncate on credit_ledger for each statement execute function credit_ledger_append_only()`.execute(db);

  await sql`
    create table credit_member_months (
      team_id uuid not null,
      user_id uuid not null,
      month text not null,
      used bigint not null default 0,
      held bigint not null default 0,
      primary key (team_id, user_id, month),
      check (used >= 0 and held >= 0)
    )`.execute(db);

  await sql`
    create table credit_holds (
      id uuid primary key references credit_ledger(id),
      team_id uuid not null,
      period_id uuid not null,
      user_id uuid,
      member_month text not null,
      amount bigint not null,
      remaining bigint not null check (remaining >= 0),
      released_at timestamptz,
      created_at timestamptz not null default now(),
      last_activity_at timestamptz not null default now()
    )`.execute(db);
  // Not on last_activity_at: each charge updates it, and an indexed column would stop the updates
  // of a busy hold from being HOT. Open holds are few; the stale-hold sweep filters them.
  await sql`create index credit_holds_open_idx on credit_holds(team_id) where released_at is null`.execute(db);

  // The two hot paths run as one statement each (one round trip, one fresh snapshot per inner
  // statement): a spend or hold, and charges drawn from a hold. Both lock the period row first,
  // then read the idempotency key and the member's month, so concurrent calls queue and a replay
  // sees the original. Failures raise LL402 (insufficient credits) or LL409 (hold released), and
  // nothing of the statement remains.
  await sql`
    create function credit_reserve(p_team uuid, p_user uuid, p_kind text, p_action text, p_reason text, p_amount bigint, p_key text, p_month text)
    returns table (o_replayed boolean, o_entry json) language plpgsql as $$
    declare
      v_period credit_periods%rowtype;
      v_existing credit_ledger%rowtype;
      v_entry credit_ledger%rowtype;
      v_cap integer;
      v_used bigint;
      v_held bigint;
    begin
      select * into v_period from credit_periods where team_id = p_team order by starts_at desc, created_at desc limit 1 for update;
      select * into v_existing from credit_ledger where team_id = p_team and idempotency_key = p_key;
      if found then
        return query select true, row_to_json(v_existing);
        return;
      end if;
      if v_period.id is null or v_period.total - v_period.used - v_period.held < p_amount then
        raise exception 'insufficient credits' using errcode = 'LL402';
      end if;
      select tm.credits_cap into v_cap from team_members tm where tm.team_id = p_team and tm.user_id = p_user and tm.status = 'ACTIVE';
      select m.used, m.held into v_used, v_held from credit_member_months m where m.team_id = p_team and m.user_id = p_user and m.month = p_month;
      if v_cap is not null and coalesce(v_used, 0) + coalesce(v_held, 0) + p_amount > v_cap then
        raise exception 'member credits cap reached' using errcode = 'LL402';
      end if;
      insert into credit_ledger (team_id, period_id, kind, action, reason, user_id, amount, member_month, idempotency_key)
      values (p_team, v_period.id, p_kind, p_action, p_reason, p_user, p_amount, p_month, p_key)
      returning * into v_entry;
      if p_kind = 'charge' then
        update credit_periods set used = used + p_amount where id = v_period.id;
        insert into credit_member_months as m (team_id, user_id, month, used, held) values (p_team, p_user, p_month, p_amount, 0)
        on conflict (team_id, user_id, month) do update set used = m.used + excluded.used;
      else
        update credit_periods set held = held + p_amount where id = v_period.id;
        insert into credit_member_months as m (team_id, user_id, month, used, held) values (p_team, p_user, p_month, 0, p_amount)
        on conflict (team_id, user_id, month) do update set held = m.held + excluded.held;
        insert into credit_holds (id, team_id, period_id, user_id, member_month, amount, remaining)
        values (v_entry.id, p_team, v_period.id, p_user, p_month, p_amount, p_amount);
      end if;
      return query select false, row_to_json(v_entry);
    end
    $$`.execute(db);

  await sql`
    create function credit_charge_hold(p_team uuid, p_hold uuid, p_amounts bigint[], p_keys text[], p_action text, p_reason text)
    returns table (o_replayed boolean, o_entry json) language plpgsql as $$
    declare
      v_period_id uuid;
      v_hold credit_holds%rowtype;
      v_action text;
      v_existing credit_ledger%rowtype;
      v_entry credit_ledger%rowtype;
      v_total bigint := 0;
      i integer;
    begin
      select period_id into v_period_id from credit_holds where id = p_hold and team_id = p_team;
      if not found then
        raise exception 'credit hold not found' using errcode = 'LL404';
      end if;
      perform 1 from credit_periods where id = v_period_id for update;
      select * into v_hold from credit_holds where id = p_hold for update;
      select action into v_action from credit_ledger where id = p_hold;
      for i in 1 .. coalesce(array_length(p_amounts, 1), 0) loop
        select * into v_existing from credit_ledger where team_id = p_team and idempotency_key = p_keys[i];
        if found then
          return query select true, row_to_json(v_existing);
          continue;
        end if;
        if v_hold.released_at is not null then
          raise exception 'credit hold already released' using errcode = 'LL409';
        end if;
        if p_amounts[i] > v_hold.remaining - v_total then
          raise exception 'charge exceeds the hold' using errcode = 'LL402';
        end if;
        insert into credit_ledger (team_id, period_id, kind, action, reason, user_id, amount, hold_id, member_month, idempotency_key)
        values (p_team, v_hold.period_id, 'charge', coalesce(p_action, v_action), p_reason, v_hold.user_id, p_amounts[i], p_hold, v_hold.member_month, p_keys[i])
        returning * into v_entry;
        v_total := v_total + p_amounts[i];
        return query select false, row_to_json(v_entry);
      end loop;
      if v_total > 0 then
        update credit_holds set remaining = remaining - v_total, last_activity_at = now() where id = p_hold;
        update credit_periods set used = used + v_total, held = held - v_total where id = v_hold.period_id;
        if v_hold.user_id is not null then
          update credit_member_months set used = used + v_total, held = held - v_total
          where team_id = p_team and user_id = v_hold.user_id and month = v_hold.member_month;
        end if;
      end if;
    end
    $$`.execute(db);

  // Existing teams get the period and the plan credits a new team gets: from their creation to
  // their renewal date, with their plan's monthly credits (the plan table as of this migration).
  await sql`
    with periods as (
      insert into credit_periods (team_id, plan, starts_at, ends_at, total)
      select t.id, coalesce(s.plan, 'hobby'), t.created_at, greatest(coalesce(s.renewal_date, t.created_at + interval '7 days'), t.created_at),
        case coalesce(s.plan, 'hobby') when 'hobby' then 15000 when 'solopreneur' then 100000 when 'startup' then 400000 else 0 end
      from teams t left join subscriptions s on s.team_id = t.id
      returning id, team_id, plan, total
    )
    insert into credit_ledger (team_id, period_id, kind, action, reason, amount, member_month, idempotency_key)
    select team_id, id, 'grant', 'plan_credits', 'Plan credits (' || plan || ') for the current period', total,
      to_char(now() at time zone 'UTC', 'YYYY-MM'), 'period-grant:' || id
    from periods where total > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists credit_holds, credit_member_months`.execute(db);
  await sql`drop table if exists credit_ledger`.execute(db);
  await sql`drop function if exists credit_reserve, credit_charge_hold, credit_ledger_append_only`.execute(db);
  await sql`drop table if exists credit_periods`.execute(db);
}
