import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Secrets shared by every process of an installation (web and workers alike).
  await sql`create table app_secrets (name text primary key, value text not null)`.execute(db);
  await sql`insert into app_secrets (name, value) values ('search_token', ${crypto.randomBytes(32).toString('hex')})`.execute(db);

  await sql`
    create table saved_searches (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      title text not null,
      filters jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index saved_searches_title_idx on saved_searches(user_id, lower(title))`.execute(db);

  // Autocomplete with an empty query lists a field's most common values.
  await sql`create index search_values_top_idx on search_values(field, count desc)`.execute(db);

  // Past-job filters are jsonb containment tests on `experience`.
  await sql`create index people_experience_gin on people using gin (experience jsonb_path_ops)`.execute(db);
}
