import { sql, type Kysely } from 'kysely';

/**
 * API keys: only the SHA-256 of a key is kept, with its first and last four characters for the
 * masked list, so a dump of this table holds no usable key. `window_started_at` and
 * `window_calls` count the calls of the current minute for the per-key rate limit, in the row
 * that authenticates them, so every web process shares one count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table api_keys (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      key_hash text not null unique,
      key_first text not null,
      key_last text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      window_started_at timestamptz not null default now(),
      window_calls integer not null default 0
    )`.execute(db);
  await sql`create index api_keys_team_idx on api_keys(team_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
}
