import { sql, type Kysely } from 'kysely';

/**
 * The views over several folders ("all mail", favorites) count from an index too, as one folder
 * does since 0290. Their count read the table before: "all mail" by a sequential scan (40 ms with
 * 1,000,000 messages), favorites through the flagged index with one table page per row (10,000
 * pages, 320 ms). These indexes hold every column those counts and pages filter on, so an
 * index-only scan answers them; the flagged one replaces 0100's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index mail_messages_account_page_idx on mail_messages (account_id, sent_at desc, id desc) include (folder_id, seen) where not warmup`.execute(db);
  await sql`create index mail_messages_flagged_page_idx on mail_messages (account_id, sent_at desc, id desc) include (folder_id, seen) where flagged and not warmup`.execute(db);
  await sql`drop index mail_messages_flagged_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index mail_messages_flagged_idx on mail_messages(account_id, sent_at desc) where flagged`.execute(db);
  await sql`drop index mail_messages_flagged_page_idx`.execute(db);
  await sql`drop index mail_messages_account_page_idx`.execute(db);
}
