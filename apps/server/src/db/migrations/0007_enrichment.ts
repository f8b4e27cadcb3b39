import { sql, type Kysely } from 'kysely';

/**
 * Enrichment runs. A run is one single enrichment or one bulk job; its items are the contacts it
 * looks up, each reaching exactly one final state (found, not_found, skipped or failed) in the
 * same transaction as the contact's new data and the credits it is charged, so a crashed job
 * resumes with the items still pending and never charges or writes an item twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table enrichment_runs (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      enrich_type text not null check (enrich_type in ('all', 'phone', 'email')),
      source text not null,
      list_id uuid references lists(id) on delete set null,
      progress_id uuid,
      hold_id uuid,
      credits_held bigint not null default 0,
      state text not null default 'running' check (state in ('running', 'completed', 'failed')),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index enrichment_runs_team_idx on enrichment_runs(team_id, created_at desc)`.execute(db);

  await sql`
    create table enrichment_items (
      run_id uuid not null references enrichment_runs(id) on delete cascade,
      seq int not null,
      contact_id uuid not null references contacts(id) on delete cascade,
      kinds text[] not null,
      state text not null default 'pending' check (state in ('pending', 'found', 'not_found', 'skipped', 'failed')),
      credits_charged int not null default 0,
      sources jsonb not null default '[]',
      error text,
      finished_at timestamptz,
      primary key (run_id, seq),
      unique (run_id, contact_id)
    )`.execute(db);
  await sql`create index enrichment_items_pending_idx on enrichment_items(run_id, seq) where state = 'pending'`.execute(db);
  await sql`create index enrichment_items_contact_idx on enrichment_items(contact_id)`.execute(db);

  // Look-ups of the local provider: a LinkedIn URL, or a full name with the company name.
  await sql`create index if not exists people_linkedin_idx on people(linkedin_url)`.execute(db);
  await sql`create index if not exists people_name_company_idx on people(full_name, job_company_name)`.execute(db);
  // The pattern finder learns a domain's address pattern from the work emails already known there.
  await sql`create index if not exists people_work_email_domain_idx on people(split_part(work_email, '@', 2)) where work_email is not null`.execute(db);
}
