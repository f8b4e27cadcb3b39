import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Integrations: one row per team and service (HubSpot, Salesforce, Zapier, Slack), with its
 * tokens sealed (lib/crypto/secret-box.ts) and its settings; at most one CRM per team. A CRM
 * record remembers which CRM object a contact became, so a second push updates it. A sync run is
 * one push or pull: its cursor lets a retried job go on where the last attempt stopped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table integrations (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      service text not null check (service in ('hubspot', 'salesforce', 'zapier', 'slack')),
      is_crm boolean generated always as (service in ('hubspot', 'salesforce')) stored,
      connected_by uuid references users(id) on delete set null,
      account_email text,
      portal_id text,
      instance_url text,
      access_token text,
      refresh_token text,
      token_expires_at timestamptz,
      settings jsonb not null default '{}',
      user_for_sync_id uuid references users(id) on delete set null,
      last_pull_at timestamptz,
      last_push_at timestamptz,
      pull_lease_until timestamptz,
      pull_lease_run uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (team_id, service)
    )`.execute(db);
  await sql`create unique index integrations_one_crm_idx on integrations(team_id) where is_crm`.execute(db);

  await sql`
    create table crm_records (
      contact_id uuid not null references contacts(id) on delete cascade,
      service text not null,
      team_id uuid not null references teams(id) on delete cascade,
      external_id text not null,
      updated_at timestamptz not null default now(),
      primary key (contact_id, service)
    )`.execute(db);
  await sql`create unique index crm_records_external_idx on crm_records(team_id, service, external_id)`.execute(db);

  await sql`
    create table sync_runs (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      service text not null,
      direction text not null check (direction in ('push', 'pull')),
      params jsonb not null default '{}',
      cursor text,
      list_id uuid references lists(id) on delete set null,
      progress_id uuid,
      pushed int not null default 0,
      failed int not null default 0,
      skipped int not null default 0,
      state text not null default 'running' check (state in ('running', 'completed', 'failed', 'skipped')),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`create index sync_runs_team_idx on sync_runs(team_id, created_at desc)`.execute(db);

  await sql`insert into app_secrets (name, value) values ('oauth_state', ${crypto.randomBytes(32).toString('hex')})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from app_secrets where name = 'oauth_state'`.execute(db);
  await sql`drop table sync_runs`.execute(db);
  await sql`drop table crm_records`.execute(db);
  await sql`drop table integrations`.execute(db);
}
