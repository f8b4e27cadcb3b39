import { sql, type Kysely } from 'kysely';

/**
 * The prospect database: people and companies in People Data Labs' shape, plus the
 * autocomplete table of distinct filter values. Indexes are few on purpose: every one of them
 * is paid again on each bulk load.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table companies (
      id uuid primary key default gen_random_uuid(),
      pdl_id text unique,
      name text not null,
      domain text,
      industry text,
      size text,
      employee_count integer,
      inferred_revenue text,
      revenue_lower_usd bigint,
      revenue_upper_usd bigint,
      total_funding_raised bigint,
      type text,
      headquarters_country text,
      headquarters_continent text,
      location_name text,
      linkedin_url text,
      linkedin_employee_count integer,
      founded integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index companies_domain_idx on companies(domain)`.execute(db);
  await sql`create index companies_name_trgm on companies using gin (name gin_trgm_ops)`.execute(db);

  // has_* are stored, not generated: PDL bundles without contact data answer `true` in place of
  // the address or number, so "has one" is known while the value itself is not.
  await sql`
    create table people (
      id uuid primary key default gen_random_uuid(),
      pdl_id text unique,
      full_name text,
      first_name text,
      last_name text,
      job_title text,
      job_title_role text,
      job_title_sub_role text,
      job_title_levels text[] not null default '{}',
      job_company_id uuid references companies(id) on delete set null,
      job_company_name text,
      job_company_website text,
      job_company_size text,
      job_company_employee_count integer,
      job_company_inferred_revenue text,
      job_company_total_funding_raised bigint,
      job_company_industry text,
      job_company_type text,
      job_company_location_name text,
      job_company_location_country text,
      job_company_location_continent text,
      location_name text,
      location_country text,
      location_continent text,
      location_locality text,
      location_region text,
      skills text[] not null default '{}',
      languages text[] not null default '{}',
      certifications text[] not null default '{}',
      education jsonb not null default '[]',
      education_schools text[] not null default '{}',
      education_degrees text[] not null default '{}',
      experience jsonb not null default '[]',
      sex text,
      inferred_years_experience integer,
      job_start_date text,
      linkedin_url text,
      linkedin_username text,
      github_url text,
      github_username text,
      facebook_url text,
      work_email text,
      personal_emails text[] not null default '{}',
      mobile_phone text,
      has_work_email boolean not null default false,
      has_personal_emails boolean not null default false,
      has_mobile_phone boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  // Country is the most used filter; with id it also gives a stable keyset for paging.
  await sql`create index people_country_idx on people(location_country, id)`.execute(db);
  await sql`create index people_company_idx on people(job_company_id)`.execute(db);
  await sql`create index people_levels_gin on people using gin (job_title_levels)`.execute(db);
  await sql`create index people_skills_gin on people using gin (skills)`.execute(db);
  await sql`create index people_job_title_trgm on people using gin (job_title gin_trgm_ops)`.execute(db);
  await sql`create index people_full_name_trgm on people using gin (full_name gin_trgm_ops)`.execute(db);
  await sql`create index people_company_name_trgm on people using gin (job_company_name gin_trgm_ops)`.execute(db);

  // One row per distinct value of a filter field, with how many people carry it: autocomplete
  // reads this small table instead of scanning millions of people.
  await sql`
    create table search_values (
      field text not null,
      value text not null,
      count integer not null,
      primary key (field, value)
    )`.execute(db);
  // btree_gin lets the field equality and the trigram match use one index.
  await sql`create index search_values_value_trgm on search_values using gin (field, value gin_trgm_ops)`.execute(db);
}
