import { sql, type Kysely } from 'kysely';

/** A team's ideal customer profiles: a name unique in the team whatever its case, and search filters. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table icp_filters (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      created_by uuid references users(id) on delete set null,
      created_by_name text not null,
      name text not null,
      filters jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index icp_filters_team_name_idx on icp_filters(team_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table icp_filters`.execute(db);
}
