import type { ColumnType, Generated, Selectable } from 'kysely';

/** Written as a JSON string, read back parsed. */
type Json<T> = ColumnType<T, string | undefined, string>;
/** Postgres array columns with a '{}' default: optional on insert. */
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export type EducationEntry = {
  school: { name: string | null } | null;
  degrees: string[];
  majors: string[];
  start_date: string | null;
  end_date: string | null;
};

export type ExperienceEntry = {
  title: { name: string | null; levels: string[]; role: string | null; sub_role: string | null } | null;
  company: {
    name: string | null;
    website: string | null;
    size: string | null;
    industry: string | null;
    type: string | null;
    location: { name: string | null; country: string | null; continent: string | null } | null;
  } | null;
  start_date: string | null;
  end_date: string | null;
  is_primary: boolean;
};

/** A company, in People Data Labs' company shape (`domain` is PDL's `website`). */
export interface CompaniesTable {
  id: Generated<string>;
  pdl_id: string | null;
  name: string;
  domain: string | null;
  industry: string | null;
  size: string | null;
  employee_count: number | null;
  inferred_revenue: string | null;
  revenue_lower_usd: number | null;
  revenue_upper_usd: number | null;
  total_funding_raised: number | null;
  type: string | null;
  headquarters_country: string | null;
  headquarters_continent: string | null;
  location_name: string | null;
  linkedin_url: string | null;
  linkedin_employee_count: number | null;
  founded: number | null;
  created_at: Generated<Date>;
}

/** A person, with People Data Labs' field names so a PDL dump loads as it is. */
export interface PeopleTable {
  id: Generated<string>;
  pdl_id: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  job_title_role: string | null;
  job_title_sub_role: string | null;
  job_title_levels: TextArray;
  job_company_id: string | null;
  job_company_name: string | null;
  job_company_website: string | null;
  job_company_size: string | null;
  job_company_employee_count: number | null;
  job_company_inferred_revenue: string | null;
  job_company_total_funding_raised: number | null;
  job_company_industry: string | null;
  job_company_type: string | null;
  job_company_location_name: string | null;
  job_company_location_country: string | null;
  job_company_location_continent: string | null;
  location_name: string | null;
  location_country: string | null;
  location_continent: string | null;
  location_locality: string | null;
  location_region: string | null;
  skills: TextArray;
  languages: TextArray;
  certifications: TextArray;
  education: Json<EducationEntry[]>;
  education_schools: TextArray;
  education_degrees: TextArray;
  experience: Json<ExperienceEntry[]>;
  sex: string | null;
  inferred_years_experience: number | null;
  job_start_date: string | null;
  linkedin_url: string | null;
  linkedin_username: string | null;
  github_url: string | null;
  github_username: string | null;
  facebook_url: string | null;
  work_email: string | null;
  personal_emails: TextArray;
  mobile_phone: string | null;
  has_work_email: Generated<boolean>;
  has_personal_emails: Generated<boolean>;
  has_mobile_phone: Generated<boolean>;
  created_at: Generated<Date>;
}

/** Distinct values of a filter field with the number of people carrying each, for autocomplete. */
export interface SearchValuesTable {
  field: string;
  value: string;
  count: number;
}

export type Person = Selectable<PeopleTable>;
export type Company = Selectable<CompaniesTable>;

export interface SavedSearchesTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  title: string;
  filters: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
}

/** One term a person is found by (migration 0004): a people column or `experience.<path>`, and a value. */
export interface SearchTermsTable {
  code: Generated<number>;
  field: string;
  value: string;
}

/** A person's search row (migration 0004): the codes of its terms and the columns filters compare. */
export interface PeopleSearchTable {
  id: string;
  terms: number[];
  full_name: string | null;
  job_title: string | null;
  job_company_name: string | null;
  experience_titles: string[];
  inferred_years_experience: number | null;
  job_start_date: string | null;
  job_company_employee_count: number | null;
  job_company_total_funding_raised: number | null;
  has_work_email: boolean;
  has_personal_emails: boolean;
  has_mobile_phone: boolean;
}

/** One row (migration 0300): bumped by every statement that writes people's search rows, term codes or companies. */
export interface SearchDataVersionTable {
  id: Generated<boolean>;
  version: Generated<string>;
}

/** Secondary indexes a bulk load dropped, to be made again when it ends (migration 0011). */
export interface BulkLoadIndexesTable {
  name: string;
  definition: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}
