import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Campaigns: a draft's settings and steps, its audience (lists) and senders (mailboxes); each
 * enrolled (or skipped) contact as a lead with its next step and when it is due; each email as a
 * send whose Message-ID is recorded before the SMTP conversation, one per (lead, step); the
 * team's suppression list; and a lead's timeline.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table campaigns (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      created_by uuid references users(id) on delete set null,
      name text not null,
      status text not null default 'draft' check (status in ('draft', 'active', 'paused', 'completed', 'archived')),
      status_reason text,
      schedule jsonb not null,
      daily_limit integer not null,
      min_gap_seconds integer not null,
      jitter_seconds integer not null,
      auto_reply_delay_days integer not null,
      allow_active_elsewhere boolean not null default false,
      track_opens boolean not null default false,
      track_clicks boolean not null default false,
      launched_at timestamptz,
      completed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index campaigns_team_idx on campaigns(team_id, created_at desc)`.execute(db);
  await sql`create index campaigns_active_idx on campaigns(id) where status = 'active'`.execute(db);

  await sql`
    create table campaign_lists (
      campaign_id uuid not null references campaigns(id) on delete cascade,
      list_id uuid not null references lists(id) on delete cascade,
      primary key (campaign_id, list_id)
    )`.execute(db);
  await sql`create index campaign_lists_list_idx on campaign_lists(list_id)`.execute(db);

  await sql`
    create table campaign_mailboxes (
      campaign_id uuid not null references campaigns(id) on delete cascade,
      account_id uuid not null references mail_accounts(id) on delete cascade,
      primary key (campaign_id, account_id)
    )`.execute(db);
  await sql`create index campaign_mailboxes_account_idx on campaign_mailboxes(account_id)`.execute(db);

  await sql`
    create table campaign_steps (
      id uuid primary key default gen_random_uuid(),
      campaign_id uuid not null references campaigns(id) on delete cascade,
      position integer not null,
      type text not null check (type in ('email', 'linkedin_request', 'linkedin_message', 'call', 'task')),
      delay_days integer not null,
      business_days boolean not null default false,
      subject text,
      body text,
      variants jsonb,
      new_thread boolean not null default false,
      unique (campaign_id, position)
    )`.execute(db);

  await sql`
    create table campaign_leads (
      id uuid primary key default gen_random_uuid(),
      campaign_id uuid not null references campaigns(id) on delete cascade,
      team_id uuid not null references teams(id) on delete cascade,
      contact_id uuid not null references contacts(id) on delete cascade,
      email text,
      status text not null check (status in ('active', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'skipped')),
      skip_reason text,
      next_position integer,
      next_at timestamptz,
      mailbox_id uuid references mail_accounts(id) on delete set null,
      thread_subject text,
      thread_message_ids text[] not null default '{}',
      soft_bounces integer not null default 0,
      last_sent_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (campaign_id, contact_id)
    )`.execute(db);
  await sql`create index campaign_leads_due_idx on campaign_leads(next_at) where status = 'active'`.execute(db);
  await sql`create index campaign_leads_contact_idx on campaign_leads(team_id, contact_id) where status = 'active'`.execute(db);
  await sql`create index campaign_leads_email_idx on campaign_leads(team_id, lower(email))`.execute(db);

  await sql`
    create table campaign_sends (
      id uuid primary key default gen_random_uuid(),
      campaign_id uuid not null references campaigns(id) on delete cascade,
      lead_id uuid not null references campaign_leads(id) on delete cascade,
      team_id uuid not null references teams(id) on delete cascade,
      step_position integer not null,
      variant integer not null default 0,
      mailbox_id uuid references mail_accounts(id) on delete set null,
      message_id text not null unique,
      to_address text not null,
      subject text not null,
      body text not null,
      in_reply_to text,
      "references" text[] not null default '{}',
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'cancelled')),
      attempts integer not null default 0,
      charge_id uuid,
      error text,
      due_at timestamptz not null,
      sent_at timestamptz,
      opened_at timestamptz,
      clicked_at timestamptz,
      replied_at timestamptz,
      bounced_at timestamptz,
      unsubscribed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (lead_id, step_position)
    )`.execute(db);
  await sql`create index campaign_sends_mailbox_idx on campaign_sends(mailbox_id, due_at desc)`.execute(db);
  await sql`create index campaign_sends_campaign_idx on campaign_sends(campaign_id, step_position)`.execute(db);

  await sql`
    create table campaign_lead_events (
      id uuid primary key default gen_random_uuid(),
      lead_id uuid not null references campaign_leads(id) on delete cascade,
      kind text not null,
      detail text,
      step_position integer,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index campaign_lead_events_lead_idx on campaign_lead_events(lead_id, at)`.execute(db);

  await sql`
    create table suppressions (
      team_id uuid not null references teams(id) on delete cascade,
      email text not null,
      reason text not null,
      created_at timestamptz not null default now(),
      primary key (team_id, email)
    )`.execute(db);

  await sql`insert into app_secrets (name, value) values ('campaign_links', ${crypto.randomBytes(32).toString('hex')}) on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from app_secrets where name = 'campaign_links'`.execute(db);
  await sql`drop table suppressions, campaign_lead_events, campaign_sends, campaign_leads, campaign_steps, campaign_mailboxes, campaign_lists, campaigns`.execute(db);
}
