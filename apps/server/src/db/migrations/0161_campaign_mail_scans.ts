import { sql, type Kysely } from 'kysely';

/**
 * How far the campaigns' exit detection has read each mailbox's synced mail (replies,
 * automatic replies, bounces): the last message by (created_at, id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table campaign_mail_scans (
      account_id uuid primary key references mail_accounts(id) on delete cascade,
      last_created_at timestamptz not null,
      last_message_id uuid not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table campaign_mail_scans`.execute(db);
}
