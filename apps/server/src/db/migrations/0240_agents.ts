import { sql, type Kysely } from 'kysely';

/**
 * Agents: a member's saved instructions run on a schedule (a list builder adding search matches
 * to a list, or a research agent answering a question per account of a list), their runs with
 * progress and cost, and what each run produced: the people it added, and each account's
 * answer (the agent's column on its list, one answer per account, the newest run's).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table agents (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      kind text not null check (kind in ('list_builder', 'research')),
      name text not null,
      instructions text not null,
      list_id uuid references lists(id) on delete set null,
      profile_id uuid references knowledge_profiles(id) on delete set null,
      schedule text not null check (schedule in ('manual', 'hourly', 'daily', 'weekly')),
      max_results integer not null default 25,
      paused boolean not null default false,
      next_run_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index agents_team_idx on agents(team_id, created_at)`.execute(db);
  await sql`create index agents_due_idx on agents(next_run_at) where not paused and next_run_at is not null`.execute(db);
  await sql`
    create table agent_runs (
      id uuid primary key default gen_random_uuid(),
      agent_id uuid not null references agents(id) on delete cascade,
      team_id uuid not null references teams(id) on delete cascade,
      trigger text not null check (trigger in ('schedule', 'manual')),
      status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed')),
      progress_done integer not null default 0,
      progress_total integer,
      results integer not null default 0,
      credits_charged integer not null default 0,
      attempts integer not null default 0,
      filters jsonb,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index agent_runs_agent_idx on agent_runs(agent_id, created_at desc)`.execute(db);
  // One run at a time per agent: a tick and a "Run now" cannot both start one.
  await sql`create unique index agent_runs_one_open_idx on agent_runs(agent_id) where status in ('queued', 'running')`.execute(db);
  await sql`
    create table agent_run_contacts (
      run_id uuid not null references agent_runs(id) on delete cascade,
      contact_id uuid not null references contacts(id) on delete cascade,
      primary key (run_id, contact_id)
    )`.execute(db);
  await sql`
    create table agent_answers (
      agent_id uuid not null references agents(id) on delete cascade,
      contact_id uuid not null references contacts(id) on delete cascade,
      run_id uuid not null references agent_runs(id) on delete cascade,
      answer text not null,
      answered_at timestamptz not null default now(),
      primary key (agent_id, contact_id)
    )`.execute(db);
  await sql`create index agent_answers_run_idx on agent_answers(run_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table agent_answers, agent_run_contacts, agent_runs, agents`.execute(db);
}
