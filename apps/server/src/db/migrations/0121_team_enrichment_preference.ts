import { sql, type Kysely } from 'kysely';

/**
 * The enrichment preference (spec/settings.md §3: arePersonalEmailsPriority, databaseType)
 * belongs to the team: kept on each user, a member who joined after a change priced enrichment
 * with the defaults. Each team takes its owner's current values.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table teams
      add column are_personal_emails_priority boolean not null default false,
      add column database_type text not null default 'premium'
  `.execute(db);
  await sql`
    update teams t
       set are_personal_emails_priority = u.are_personal_emails_priority, database_type = u.database_type
      from users u
     where u.team_id = t.id and u.permission = 'TEAM_OWNER'
  `.execute(db);
  await sql`alter table users drop column are_personal_emails_priority, drop column database_type`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table users
      add column are_personal_emails_priority boolean not null default false,
      add column database_type text not null default 'premium'
  `.execute(db);
  await sql`
    update users u
       set are_personal_emails_priority = t.are_personal_emails_priority, database_type = t.database_type
      from teams t
     where t.id = u.team_id
  `.execute(db);
  await sql`alter table teams drop column are_personal_emails_priority, drop column database_type`.execute(db);
}
