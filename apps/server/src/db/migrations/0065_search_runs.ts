import { sql, type Kysely } from 'kysely';

/**
 * A search run (docs/decisions.md, "Search metering"): the set of filters a member paid for,
 * by the hash of its identity. While a run is younger than the window, every page of that
 * search and every list filled from it costs nothing more. Rows of runs older than the window
 * are deleted when the member starts a new run.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table search_runs (
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      filters_hash text not null,
      run_id uuid not null default gen_random_uuid(),
      started_at timestamptz not null default now(),
      primary key (team_id, user_id, filters_hash)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table search_runs`.execute(db);
}
