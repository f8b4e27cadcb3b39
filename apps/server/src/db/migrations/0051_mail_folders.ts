import { sql, type Kysely } from 'kysely';

/**
 * The IMAP folders a mailbox syncs, with the server's sync state: UIDVALIDITY (a change means
 * the UIDs were renumbered), UIDNEXT and HIGHESTMODSEQ (CONDSTORE: flag changes since then).
 * `synced_uid_min` is the lowest UID of the first (newest-first) sync done so far, so a
 * restarted sync goes on below it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table mail_folders (
      id uuid primary key default gen_random_uuid(),
      account_id uuid not null references mail_accounts(id) on delete cascade,
      path text not null,
      special_use text check (special_use in ('inbox', 'sent', 'archive', 'junk', 'trash')),
      uidvalidity bigint,
      uidnext bigint,
      highestmodseq numeric(20, 0),
      first_sync_done boolean not null default false,
      synced_at timestamptz,
      unique (account_id, path)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table mail_folders`.execute(db);
}
