import { sql, type Kysely } from 'kysely';

/**
 * Whether a synced message says it was sent by a machine (Auto-Submitted other than "no",
 * X-Autoreply, X-Autorespond, Precedence: auto_reply): a campaign treats it as an automatic
 * reply, which postpones a lead instead of stopping it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_messages add column auto_submitted boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table mail_messages drop column auto_submitted`.execute(db);
}
