import { sql, type Kysely } from 'kysely';

/** Why a dynamic list's last scheduled refresh added nobody (the 402 message); null once one succeeds. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table lists add column refresh_error text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table lists drop column refresh_error`.execute(db);
}
