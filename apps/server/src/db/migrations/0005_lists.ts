import { sql, type Kysely } from 'kysely';

/**
 * Lists and the team's own contacts. A contact is the team's copy of a person (from the people
 * database, `person_id`) or a custom contact from an import (`source_import_id` + `source_row`,
 * which makes a retried import insert each row once). List membership is a pair table, so saving the
 * same contact twice into a list is a no-op.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table uploads (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      file_name text not null,
      file_type text not null,
      size_bytes bigint not null,
      path text not null,
      headers jsonb not null default '[]',
      row_count integer not null default 0,
      blank_counts jsonb not null default '[]',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index uploads_team_idx on uploads(team_id, created_at desc)`.execute(db);

  await sql`
    create table lists (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      name text not null,
      entity_type text not null check (entity_type in ('contactList', 'companyList')),
      is_dynamic boolean not null default false,
      filters jsonb,
      completion_status text not null default 'complete' check (completion_status in ('processing', 'complete')),
      created_by uuid references users(id) on delete set null,
      generated_by_system boolean not null default false,
      sequences_count integer not null default 0,
      contacts_count integer not null default 0,
      companies_count integer not null default 0,
      total_with_personal_email integer not null default 0,
      total_with_professional_email integer not null default 0,
      total_with_linkedin integer not null default 0,
      total_with_valid_phone integer not null default 0,
      new_since_refresh integer not null default 0,
      refreshed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index lists_team_created_idx on lists(team_id, created_at desc)`.execute(db);
  await sql`create index lists_team_name_idx on lists(team_id, lower(name))`.execute(db);

  await sql`
    create table contacts (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references teams(id) on delete cascade,
      person_id uuid references people(id) on delete set null,
      is_custom boolean not null default false,
      source_import_id uuid,
      source_row integer,
      full_name text,
      first_name text,
      last_name text,
      job_title text,
      level text,
      department text,
      sub_department text,
      company_name text,
      company_domain text,
      linkedin_url text,
      industry text,
      city text,
      state text,
      country text,
      emails jsonb not null default '[]',
      primary_email text,
      phones jsonb not null default '[]',
      primary_phone text,
      last_email_enrichment timestamptz,
      last_phone_enrichment timestamptz,
      crm_data jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index contacts_team_person_idx on contacts(team_id, person_id) where person_id is not null`.execute(db);
  await sql`create unique index contacts_source_row_idx on contacts(source_import_id, source_row) where source_import_id is not null`.execute(db);

  await sql`
    create table list_contacts (
      list_id uuid not null references lists(id) on delete cascade,
      contact_id uuid not null references contacts(id) on delete cascade,
      page_context text,
      added_at timestamptz not null default now(),
      primary key (list_id, contact_id)
    )`.execute(db);
  await sql`create index list_contacts_contact_idx on list_contacts(contact_id)`.execute(db);

  await sql`
    create table list_companies (
      list_id uuid not null references lists(id) on delete cascade,
      company_id uuid not null references companies(id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (list_id, company_id)
    )`.execute(db);

  // Uploads and enrichment match rows to the people database by LinkedIn URL, or by name and company.
  await sql`create index people_linkedin_url_idx on people(linkedin_url)`.execute(db);
  await sql`create index people_name_company_idx on people(full_name, job_company_name)`.execute(db);
  await sql`create index companies_lower_name_idx on companies(lower(name))`.execute(db);
}
