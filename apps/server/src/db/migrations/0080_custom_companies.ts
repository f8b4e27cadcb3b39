import { sql, type Kysely } from 'kysely';

/**
 * Companies a team named that the company database does not hold (a company list upload's
 * unmatched names). They are the team's own, never rows of the shared `companies` table, and a
 * company list holds them beside database companies (`list_custom_companies`). The company
 * fields start empty and `match_status` 'not_found': an enrichment can fill them in later.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table custom_companies (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      name text not null,
      match_status text not null default 'not_found' check (match_status in ('not_found', 'enriched')),
      domain text,
      industry text,
      headquarters_country text,
      employee_count integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index custom_companies_team_name_idx on custom_companies(team_id, name)`.execute(db);
  await sql`
    create table list_custom_companies (
      list_id uuid not null references lists(id) on delete cascade,
      custom_company_id uuid not null references custom_companies(id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (list_id, custom_company_id)
    )`.execute(db);
  await sql`create index list_custom_companies_company_idx on list_custom_companies(custom_company_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table list_custom_companies`.execute(db);
  await sql`drop table custom_companies`.execute(db);
}
