import { sql, type Kysely } from 'kysely';

/**
 * The sender's postal address (CAN-SPAM), kept with the company settings and appended to every
 * campaign email; and a campaign's choice to show the unsubscribe link in its footer (the
 * List-Unsubscribe header is always sent). Shown by default, as before this option existed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table teams add column sender_postal_address text`.execute(db);
  await sql`alter table campaigns add column unsubscribe_footer boolean not null default true`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table campaigns drop column unsubscribe_footer`.execute(db);
  await sql`alter table teams drop column sender_postal_address`.execute(db);
}
