import { sql, type Kysely } from 'kysely';

/**
 * The inbox's page and its capped count, for one folder or several, read only this index: the
 * count of a folder holding most of a mailbox (INBOX) otherwise read 10,000 rows of the table
 * (a sequential scan, 60 ms with 1,000,000 messages), because `warmup` is not in
 * (folder_id, sent_at desc). `id` is the order's tie-break and the count's column; `seen` lets
 * the unread and read filters count from the index too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index mail_messages_folder_page_idx on mail_messages (folder_id, sent_at desc, id desc) include (seen) where not warmup`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index mail_messages_folder_page_idx`.execute(db);
}
