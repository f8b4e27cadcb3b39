import { sql, type Kysely } from 'kysely';

/** A team's own campaign templates: named copies of a sequence's steps (built-in ones live in code). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table campaign_templates (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      created_by uuid references users(id) on delete set null,
      name text not null,
      description text,
      steps jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index campaign_templates_team_name_idx on campaign_templates(team_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table campaign_templates`.execute(db);
}
