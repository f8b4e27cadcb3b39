import { sql, type Kysely } from 'kysely';

/**
 * Requests sent with an `Idempotency-Key` header: the first one runs and its answer is kept for a
 * day; a replay of the same key by the same user answers that answer again instead of running.
 * `status` is null while the first request is still running; `attempt` names the request that
 * holds the key, so one that was taken over (it seemed dead) cannot overwrite the answer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table idempotency_keys (
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      key text not null,
      route text not null,
      request_hash text not null,
      attempt uuid not null,
      status int,
      response jsonb,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      primary key (team_id, user_id, key)
    )`.execute(db);
  await sql`create index idempotency_keys_age_idx on idempotency_keys(team_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
