import { sql, type Kysely } from 'kysely';

/**
 * Many spends of one member in one statement (a campaign tick pays for the emails it plans), set
 * at a time: credit_reserve's rules for each key, in order. A key used already answers its
 * original entry; the new ones are charged in order as far as the balance and the member's
 * monthly cap go, and the rest are not charged (the caller sees which by their absence).
 * One statement writes them all (ledger rows, the period, the member's month) whatever the count;
 * the period row is locked first, as credit_reserve locks it, so the two never interleave.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function credit_reserve_many(p_team uuid, p_user uuid, p_action text, p_reasons text[], p_amounts bigint[], p_keys text[], p_month text)
    returns table (o_key text, o_replayed boolean, o_entry json) language plpgsql as $$
    declare
      v_period credit_periods%rowtype;
      v_cap integer;
      v_member bigint;
    begin
      select * into v_period from credit_periods where team_id = p_team order by starts_at desc, created_at desc limit 1 for update;
      return query select l.idempotency_key, true, row_to_json(l) from credit_ledger l where l.team_id = p_team and l.idempotency_key = any(p_keys);
      if v_period.id is null then
        return;
      end if;
      select tm.credits_cap into v_cap from team_members tm where tm.team_id = p_team and tm.user_id = p_user and tm.status = 'ACTIVE';
      select m.used + m.held into v_member from credit_member_months m where m.team_id = p_team and m.user_id = p_user and m.month = p_month;
      return query
        with paid as (
          select k.key, k.amount, k.reason, k.n from (
            select k.*, sum(k.amount) over (order by k.n) as running
            from unnest(p_keys, p_amounts, p_reasons) with ordinality as k(key, amount, reason, n)
            where not exists (select 1 from credit_ledger l where l.team_id = p_team and l.idempotency_key = k.key)
          ) k
          where k.running <= v_period.total - v_period.used - v_period.held
            and (v_cap is null or coalesce(v_member, 0) + k.running <= v_cap)
        ), period as (
          update credit_periods set used = used + (select sum(amount) from paid) where id = v_period.id and exists (select 1 from paid)
        ), member as (
          insert into credit_member_months as m (team_id, user_id, month, used, held)
          select p_team, p_user, p_month, sum(p.amount), 0 from paid p having count(*) > 0
          on conflict (team_id, user_id, month) do update set used = m.used + excluded.used
        ), inserted as (
          insert into credit_ledger (team_id, period_id, kind, action, reason, user_id, amount, member_month, idempotency_key)
          select p_team, v_period.id, 'charge', p_action, p.reason, p_user, p.amount, p_month, p.key from paid p order by p.n
          returning *
        )
        select i.idempotency_key, false, row_to_json(i) from inserted i;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists credit_reserve_many`.execute(db);
}
