import { sql, type Kysely } from 'kysely';

const NOT_READ =
  'Not read yet: onboarding recorded this profile before the knowledge hub could read sites. Add a site or a text to read it, or save the company step of onboarding again.';

/**
 * The company step's knowledge profile now lives in the knowledge hub. Each profile onboarding
 * stored becomes the member's knowledge profile (their default when they have none), and
 * onboarding keeps only which profile it created, so that saving the step again updates that
 * one. A moved profile has no crawl job (a migration cannot enqueue one): it says it was not
 * read yet, and adding content reads it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table onboarding_knowledge_profiles (
      team_id uuid primary key references teams(id) on delete cascade,
      profile_id uuid not null references knowledge_profiles(id) on delete cascade
    )`.execute(db);
  // A profile whose member was deleted goes to the team's owner.
  await sql`
    with moved as (
      select o.team_id, coalesce(o.user_id, (select u.id from users u where u.team_id = o.team_id and u.permission = 'TEAM_OWNER' order by u.created_at limit 1)) as user_id,
             o.profile_name, o.root_urls, o.created_at
        from onboarding_profiles o
    ),
    inserted as (
      insert into knowledge_profiles (team_id, user_id, profile_name, is_default, root_urls, status, error, created_at)
      select team_id, user_id, profile_name,
             not exists (select 1 from knowledge_profiles k where k.user_id = moved.user_id and k.is_default),
             root_urls, 'failed', ${NOT_READ}, created_at
        from moved
       where user_id is not null
      returning id, team_id
    )
    insert into onboarding_knowledge_profiles (team_id, profile_id) select team_id, id from inserted`.execute(db);
  await sql`drop table onboarding_profiles`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
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
    insert into onboarding_profiles (team_id, user_id, profile_name, root_urls, created_at)
    select l.team_id, k.user_id, k.profile_name, k.root_urls, k.created_at
      from onboarding_knowledge_profiles l join knowledge_profiles k on k.id = l.profile_id`.execute(db);
  await sql`drop table onboarding_knowledge_profiles`.execute(db);
}
