import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the inbox's views that are not one folder: favorites (flagged, any folder) and
 * unread messages of a folder, each newest first, so their first page reads a few index
 * entries instead of sorting the mailbox. Full-text search uses the GIN index of 0052.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index mail_messages_flagged_idx on mail_messages(account_id, sent_at desc) where flagged`.execute(db);
  await sql`create index mail_messages_unread_idx on mail_messages(folder_id, sent_at desc) where not seen`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index mail_messages_unread_idx`.execute(db);
  await sql`drop index mail_messages_flagged_idx`.execute(db);
}
