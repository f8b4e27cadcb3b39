import { sql, type Kysely } from 'kysely';

/**
 * Each team's logo, as the PNG the server re-encoded from the upload (never the uploaded bytes).
 * `version` changes with each upload, so the logo's address changes and caches refresh.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table team_logos (
      team_id uuid primary key references teams(id) on delete cascade,
      png bytea not null,
      version text not null,
      updated_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table team_logos`.execute(db);
}
