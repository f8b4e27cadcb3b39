import { sql, type Kysely } from 'kysely';

/**
 * Mailboxes a team member connected (Gmail, Outlook or any IMAP/SMTP server). The password or
 * token is sealed with the installation's secret box (lib/crypto/secret-box.ts); the status
 * says whether the last login worked, and why not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table mail_accounts (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      email_address text not null,
      name text not null default '',
      title text not null default '',
      provider text not null check (provider in ('imap', 'gmail', 'outlook')),
      imap_host text not null,
      imap_port integer not null,
      imap_secure boolean not null,
      smtp_host text not null,
      smtp_port integer not null,
      smtp_secure boolean not null,
      username text not null,
      secret text not null,
      daily_capacity integer not null default 30 check (daily_capacity between 1 and 100),
      is_active boolean not null default true,
      status text not null default 'connected' check (status in ('connected', 'disconnected')),
      status_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (team_id, email_address)
    )`.execute(db);
  await sql`create index mail_accounts_user_idx on mail_accounts(user_id)`.execute(db);
  await sql`create index mail_accounts_connected_idx on mail_accounts(status) where status = 'connected'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table mail_accounts`.execute(db);
}
