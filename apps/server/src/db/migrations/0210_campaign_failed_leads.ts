import { sql, type Kysely } from 'kysely';

/** A lead whose email the mail server refused (or that kept failing) ends as `failed`; its send keeps the server's reason. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table campaign_leads drop constraint campaign_leads_status_check`.execute(db);
  await sql`
    alter table campaign_leads add constraint campaign_leads_status_check
      check (status in ('active', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'skipped', 'failed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table campaign_leads drop constraint campaign_leads_status_check`.execute(db);
  await sql`
    alter table campaign_leads add constraint campaign_leads_status_check
      check (status in ('active', 'completed', 'replied', 'bounced', 'unsubscribed', 'stopped', 'skipped'))`.execute(db);
}
