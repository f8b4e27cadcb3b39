import { sql, type Kysely } from 'kysely';

/**
 * What onboarding records before the features that use it exist: the team's default knowledge
 * profile (its root URLs, which the knowledge hub takes over) and the allowed domains of website
 * visitor tracking.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table onboarding_profiles (
      team_id uuid primary key references teams(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      profile_name text not null,
      root_urls jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table website_allowed_domains (
      team_id uuid not null references teams(id) on delete cascade,
      domain text not null,
      created_at timestamptz not null default now(),
      primary key (team_id, domain)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table website_allowed_domains`.execute(db);
  await sql`drop table onboarding_profiles`.execute(db);
}
