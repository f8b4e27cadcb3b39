import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists citext`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);

  await sql`
    create table teams (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      website text,
      logo_url text,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email citext not null unique,
      password_hash text not null,
      team_id uuid not null references teams(id),
      permission text check (permission in ('TEAM_OWNER')),
      onboarding_step text not null default 'finished',
      completed_onboarding_tours text[] not null default '{}',
      are_personal_emails_priority boolean not null default false,
      database_type text not null default 'premium',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index users_team_idx on users(team_id)`.execute(db);

  await sql`
    create table team_members (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid references users(id) on delete cascade,
      name text not null,
      email citext not null,
      role text not null check (role in ('ADMIN', 'MEMBER')),
      status text not null check (status in ('ACTIVE', 'INVITED', 'REJECTED')),
      credits_cap integer,
      invited_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (team_id, email)
    )`.execute(db);
  await sql`create index team_members_email_idx on team_members(email) where status = 'INVITED'`.execute(db);
  await sql`create unique index team_members_one_active_team on team_members(user_id) where status = 'ACTIVE'`.execute(db);

  await sql`
    create table sessions (
      token_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      user_agent text
    )`.execute(db);
  await sql`create index sessions_user_idx on sessions(user_id)`.execute(db);

  await sql`
    create table subscriptions (
      team_id uuid primary key references teams(id) on delete cascade,
      plan text not null,
      status text not null check (status in ('active', 'trialing', 'canceled', 'past_due')),
      renewal_date timestamptz not null,
      is_planned_for_cancellation boolean not null default false
    )`.execute(db);

  await sql`
    create table job_progress (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      kind text not null,
      state text not null check (state in ('queued', 'running', 'completed', 'failed', 'cancelled')),
      done integer not null default 0,
      total integer,
      error_count integer not null default 0,
      errors jsonb not null default '[]',
      result jsonb,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index job_progress_team_idx on job_progress(team_id, created_at desc)`.execute(db);
}
