import { sql, type Kysely } from 'kysely';

/**
 * A campaign's LinkedIn, call and task steps, until those features exist, become tasks a person
 * marks done (one per lead and step); a lead marked interested ends as `interested`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table campaign_tasks (
      id uuid primary key default gen_random_uuid(),
      campaign_id uuid not null references campaigns(id) on delete cascade,
      lead_id uuid not null references campaign_leads(id) on delete cascade,
      team_id uuid not null references teams(id) on delete cascade,
      step_position integer not null,
      type text not null,
      instructions text,
      status text not null default 'open' check (status in ('open', 'done', 'cancelled')),
      done_by uuid references users(id) on delete set null,
      done_at timestamptz,
      created_at timestamptz not null default now(),
      unique (lead_id, step_position)
    )`.execute(db);
  await sql`create index campaign_tasks_open_idx on campaign_tasks(campaign_id, created_at) where status = 'open'`.execute(db);
  await sql`alter table campaign_leads drop constraint campaign_leads_status_check`.execute(db);
  await sql`
    alter table campaign_leads add constraint campaign_leads_status_check
      check (status in ('active', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'skipped', 'failed', 'interested'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table campaign_tasks`.execute(db);
  await sql`alter table campaign_leads drop constraint campaign_leads_status_check`.execute(db);
  await sql`
    alter table campaign_leads add constraint campaign_leads_status_check
      check (status in ('active', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'skipped', 'failed'))`.execute(db);
}
