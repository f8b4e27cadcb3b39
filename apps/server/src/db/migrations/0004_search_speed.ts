import { sql, type Kysely } from 'kysely';

/**
 * Search runs on `people_search`, a narrow copy of each person's filter fields (about 300 bytes
 * a row against 1,750 in `people`): every value that filters by equality or overlap becomes an
 * integer code in one `terms` array with a GIN index, and the three text columns searched by
 * "contains" keep their trigram indexes. Counts and id pages are computed there; `people` is
 * read only for the rows of a page. Triggers on `people` keep it in sync; bulk loads switch them
 * off and fill it in one statement (features/people-data/bulk-load.ts).
 */
const SCALAR_TERMS = [
  'location_country', 'location_name', 'sex', 'job_company_name', 'job_title_role', 'job_title_sub_role',
  'job_company_industry', 'job_company_location_name', 'job_company_location_country', 'job_company_size',
  'job_company_website', 'job_company_inferred_revenue', 'job_company_type',
];
const ARRAY_TERMS = ['job_title_levels', 'languages', 'skills', 'certifications', 'education_schools', 'education_degrees'];
const EXPERIENCE_TERMS = {
  'company.name': `e->'company'->>'name'`,
  'company.location.name': `e->'company'->'location'->>'name'`,
  'company.location.country': `e->'company'->'location'->>'country'`,
  'title.role': `e->'title'->>'role'`,
  'title.sub_role': `e->'title'->>'sub_role'`,
  'company.type': `e->'company'->>'type'`,
  'company.industry': `e->'company'->>'industry'`,
  'company.website': `e->'company'->>'website'`,
};

/** The entries of an experience value as rows `e`; a value that is not an array has none. */
const entriesOf = (column: string) => `jsonb_array_elements(case jsonb_typeof(${column}) when 'array' then ${column} else '[]' end) e`;

export async function up(db: Kysely<any>): Promise<void> {
  // One code per (field, value). Values longer than 1,000 characters are not coded (no btree
  // could hold them, and no one filters by them).
  await sql`
    create table search_terms (
      code integer generated always as identity primary key,
      field text not null,
      value text not null,
      unique (field, value)
    )`.execute(db);

  // The (field, value) pairs a person is found by. Field names are the people columns, and
  // `experience.<path>` for the past-job fields (any entry of experience, each field on its own).
  // Written as one unnest of two parallel arrays: PostgreSQL 15 fails to plan the inlined
  // UNION ALL form ("variable not found in subplan target list").
  const fields: string[] = [];
  const values: string[] = [];
  for (const column of SCALAR_TERMS) {
    fields.push(`array['${column}']`);
    values.push(`array[p.${column}]`);
  }
  for (const column of ARRAY_TERMS) {
    fields.push(`array_fill('${column}'::text, array[cardinality(p.${column})])`);
    values.push(`p.${column}`);
  }
  const entries = entriesOf('p.experience');
  for (const [path, expression] of Object.entries(EXPERIENCE_TERMS)) {
    fields.push(`array_fill('experience.${path}'::text, array[jsonb_array_length(case jsonb_typeof(p.experience) when 'array' then p.experience else '[]' end)])`);
    values.push(`array(select ${expression} from ${entries})`);
  }
  const levels = `array(select l from ${entries}, jsonb_array_elements_text(case jsonb_typeof(e->'title'->'levels') when 'array' then e->'title'->'levels' else '[]' end) l)`;
  fields.push(`array_fill('experience.title.levels'::text, array[cardinality(${levels})])`);
  values.push(levels);
  await sql`
    create function people_terms(p people) returns table (field text, value text)
    language sql immutable parallel safe as $$
      select t.field, t.value from unnest(${sql.raw(fields.join(' || '))}, ${sql.raw(values.join(' || '))}) t(field, value)
      where t.value is not null and length(t.value) <= 1000
    $$`.execute(db);

  await sql`
    create table people_search (
      id uuid primary key,
      terms integer[] not null,
      full_name text,
      job_title text,
      job_company_name text,
      experience_titles text[] not null,
      inferred_years_experience integer,
      job_start_date text,
      job_company_employee_count integer,
      job_company_total_funding_raised bigint,
      has_work_email boolean not null,
      has_personal_emails boolean not null,
      has_mobile_phone boolean not null
    )`.execute(db);

  // A person's search row; the codes of its terms must exist already.
  await sql`
    create function people_search_row(p people) returns setof people_search
    language sql stable rows 1 as $$
      select p.id,
        array(select distinct c.code from people_terms(p) t join search_terms c on c.field = t.field and c.value = t.value order by 1),
        p.full_name, p.job_title, p.job_company_name,
        array(select e->'title'->>'name' from ${sql.raw(entriesOf('p.experience'))} where e->'title'->>'name' is not null),
        p.inferred_years_experience, p.job_start_date, p.job_company_employee_count, p.job_company_total_funding_raised,
        p.has_work_email, p.has_personal_emails, p.has_mobile_phone
    $$`.execute(db);

  // Sync by statement, through transition tables: one set-based insert per loader batch.
  await sql`
    create function people_search_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from people_search s using old_rows o where s.id = o.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into search_terms (field, value)
          select distinct t.field, t.value from new_rows n, people_terms(n) t order by 1, 2
          on conflict do nothing;
        insert into people_search select r.* from new_rows n, people_search_row(n) r;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create function people_search_truncate() returns trigger language plpgsql as $$ begin truncate people_search; return null; end $$`.execute(db);
  await sql`create trigger people_search_insert after insert on people referencing new table as new_rows for each statement execute function people_search_sync()`.execute(db);
  await sql`create trigger people_search_update after update on people referencing old table as old_rows new table as new_rows for each statement execute function people_search_sync()`.execute(db);
  await sql`create trigger people_search_delete after delete on people referencing old table as old_rows for each statement execute function people_search_sync()`.execute(db);
  await sql`create trigger people_search_truncate after truncate on people for each statement execute function people_search_truncate()`.execute(db);

  // Fill from the people already there, in id order so that paging by id reads the table in order.
  await sql`set local maintenance_work_mem = '256MB'`.execute(db).catch(() => {});
  await sql`
    insert into search_terms (field, value)
    select distinct t.field, t.value from people p, people_terms(p) t order by 1, 2`.execute(db);
  await sql`
    insert into people_search select r.* from people p, people_search_row(p) r order by p.id`.execute(db);

  await sql`create index people_search_terms_gin on people_search using gin (terms)`.execute(db);
  await sql`create index people_search_full_name_trgm on people_search using gin (full_name gin_trgm_ops)`.execute(db);
  await sql`create index people_search_job_title_trgm on people_search using gin (job_title gin_trgm_ops)`.execute(db);
  await sql`create index people_search_company_name_trgm on people_search using gin (job_company_name gin_trgm_ops)`.execute(db);

  // Search no longer reads these; each was paid again on every load.
  for (const index of ['people_country_idx', 'people_levels_gin', 'people_skills_gin', 'people_job_title_trgm', 'people_full_name_trgm', 'people_company_name_trgm', 'people_experience_gin']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
