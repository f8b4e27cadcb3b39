import { sql, type Kysely } from 'kysely';

/**
 * Messages of the synced folders. One row per (folder, UIDVALIDITY, UID), so writing a batch
 * again after a crash or a retry never duplicates. `thread_id` groups a conversation by
 * Message-ID / In-Reply-To / References; `search` is the full-text vector over subject, from,
 * to and body text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table mail_messages (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references mail_accounts(id) on delete cascade,
      folder_id uuid not null references mail_folders(id) on delete cascade,
      uidvalidity bigint not null,
      uid bigint not null,
      modseq numeric(20, 0),
      message_id text,
      in_reply_to text,
      "references" text[] not null default '{}',
      thread_id text not null,
      subject text not null default '',
      from_address text not null default '',
      from_name text not null default '',
      to_addresses jsonb not null default '[]',
      cc_addresses jsonb not null default '[]',
      sent_at timestamptz,
      snippet text not null default '',
      text_body text not null default '',
      seen boolean not null default false,
      flagged boolean not null default false,
      answered boolean not null default false,
      keywords text[] not null default '{}',
      labels text[] not null default '{}',
      attachments jsonb not null default '[]',
      search tsvector generated always as (
        to_tsvector('simple', subject || ' ' || from_name || ' ' || from_address || ' ' || left(to_addresses::text, 2000) || ' ' || left(text_body, 100000))
      ) stored,
      created_at timestamptz not null default now(),
      unique (folder_id, uidvalidity, uid)
    )`.execute(db);
  await sql`create index mail_messages_account_date_idx on mail_messages(account_id, sent_at desc)`.execute(db);
  await sql`create index mail_messages_folder_date_idx on mail_messages(folder_id, sent_at desc)`.execute(db);
  await sql`create index mail_messages_thread_idx on mail_messages(account_id, thread_id)`.execute(db);
  await sql`create index mail_messages_message_id_idx on mail_messages(account_id, message_id)`.execute(db);
  await sql`create index mail_messages_search_idx on mail_messages using gin(search)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table mail_messages`.execute(db);
}
