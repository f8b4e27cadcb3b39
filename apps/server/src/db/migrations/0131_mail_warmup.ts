import { sql, type Kysely } from 'kysely';

/**
 * Warm-up (issue 21): a mailbox in warm-up exchanges small messages with the other mailboxes of
 * the pool (its team's, and other teams' that share theirs) on a daily ramp. `mail_warmups` is
 * a mailbox's warm-up state; `mail_warmup_messages` each warm-up message sent, where it landed
 * at its recipient (inbox or junk) and when it was tended (read, flagged, replied, rescued from
 * junk). `mail_messages.warmup` marks the synced copies, which the inbox does not show.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table mail_warmups (
      account_id uuid primary key references mail_accounts(id) on delete cascade,
      status text not null check (status in ('active', 'paused')),
      shared_pool boolean not null default false,
      first_name text not null,
      last_name text not null,
      started_at timestamptz not null default now(),
      paused_reason text,
      charged_month text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table mail_warmup_messages (
      id uuid primary key default gen_random_uuid(),
      token text not null unique,
      sender_account_id uuid not null references mail_accounts(id) on delete cascade,
      recipient_account_id uuid not null references mail_accounts(id) on delete cascade,
      message_id text not null,
      subject text not null,
      is_reply boolean not null default false,
      wants_reply boolean not null default false,
      sent_at timestamptz not null default now(),
      landed text check (landed in ('inbox', 'junk')),
      tended_at timestamptz
    )`.execute(db);
  await sql`create index mail_warmup_messages_sender_idx on mail_warmup_messages(sender_account_id, sent_at desc)`.execute(db);
  await sql`create index mail_warmup_messages_untended_idx on mail_warmup_messages(recipient_account_id, sent_at) where tended_at is null`.execute(db);
  await sql`alter table mail_messages add column warmup boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_messages drop column warmup`.execute(db);
  await sql`drop table mail_warmup_messages`.execute(db);
  await sql`drop table mail_warmups`.execute(db);
}
