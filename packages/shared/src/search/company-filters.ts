import type { FilterKey, FilterOption, FilterRange, SearchFilters } from './filters.js';
import { isFilterActive } from './normalize.js';

/**
 * The company fields a filter can test (columns of `companies`, named as PDL's company schema
 * where it has a name: `size`, `industry`, `inferred_revenue`, `type`, `location.name`...).
 */
export type CompanyOptionField = 'name' | 'domain' | 'industry' | 'size' | 'inferred_revenue' | 'type' | 'headquarters_country' | 'headquarters_continent' | 'location_name';
export type CompanyRangeField = 'employee_count' | 'total_funding_raised';

type UserFilterKey = Exclude<FilterKey, 'job_start_date'>;
type OptionKey = { [K in FilterKey]: SearchFilters[K] extends FilterOption[] | undefined ? K : never }[FilterKey];
type RangeKey = { [K in FilterKey]: SearchFilters[K] extends FilterRange | undefined ? K : never }[FilterKey];

/** What a filter becomes on the Companies tab: a test of a company field, or nothing. */
export type CompanyMeaning =
  | { kind: 'options'; field: CompanyOptionField }
  | { kind: 'range'; field: CompanyRangeField }
  /** Keywords match the company's name, domain or industry. */
  | { kind: 'keywords' };

const options = (field: CompanyOptionField): CompanyMeaning => ({ kind: 'options', field });
const range = (field: CompanyRangeField): CompanyMeaning => ({ kind: 'range', field });

/**
 * Every filter's meaning for companies (null: it describes the person, not a company). A
 * person's location becomes the headquarters' location; the current company's filters test
 * the company itself. Department, past jobs, skills and the like have no company meaning.
 */
export const COMPANY_MEANING: Readonly<Record<FilterKey, CompanyMeaning | null>> = {
  full_name: null,
  keywords: { kind: 'keywords' },
  location_country: options('headquarters_country'),
  location_name: options('location_name'),
  location_continent: options('headquarters_continent'),
  job_title: null,
  job_title_levels: null,
  sex: null,
  languages: null,
  skills: null,
  inferred_years_experience: null,
  months_in_current_role: null,
  job_start_date: null,
  certifications: null,
  education_school: null,
  education_degrees: null,
  work_email: null,
  mobile_phone: null,
  personal_emails: null,
  linkedin_url: null,
  github_url: null,
  github_username: null,
  facebook_url: null,

  job_company_name: options('name'),
  job_title_role: null,
  job_title_sub_role: null,
  industry: options('industry'),
  job_company_location_name: options('location_name'),
  job_company_location_country: options('headquarters_country'),
  job_company_location_continent: options('headquarters_continent'),
  job_company_size: options('size'),
  job_company_website: options('domain'),
  job_company_inferred_revenue: options('inferred_revenue'),
  job_company_total_funding_raised: range('total_funding_raised'),
  job_company_employee_count: range('employee_count'),
  job_company_type: options('type'),

  experience_company_name: null,
  experience_company_location_name: null,
  experience_company_location_country: null,
  experience_company_location_continent: null,
  experience_title: null,
  experience_title_levels: null,
  experience_title_role: null,
  experience_title_sub_role: null,
  experience_company_type: null,
  experience_company_industry: null,
  experience_company_website: null,
};

/** True when the filter narrows the Companies tab too. */
export const appliesToCompanies = (key: FilterKey): boolean => COMPANY_MEANING[key] !== null;

/** The note the filter panel shows on a filter the Companies tab ignores. */
export const NOT_APPLIED_TO_COMPANIES = 'Not applied to companies';

/** One test of a company search; clauses are all required (several may test the same field). */
export type CompanyClause =
  | { kind: 'options'; field: CompanyOptionField; options: FilterOption[]; from: OptionKey }
  | { kind: 'range'; field: CompanyRangeField; range: FilterRange; from: RangeKey }
  | { kind: 'keywords'; text: string; from: 'keywords' };

export type CompanyFilterPlan = {
  /** The tests of the company search, in the order of the filter model. */
  clauses: CompanyClause[];
  /** Active filters the company search applies, and those it leaves out. */
  applied: UserFilterKey[];
  notApplied: UserFilterKey[];
};

/**
 * The people search filters as a company search (issue 18, item 6): each active filter becomes
 * the clause its company meaning says, or is listed as not applied. Pure; the server compiles the
 * clauses to SQL, the filter panel shows `applied` and `notApplied`.
 */
export function companyFilterPlan(filters: SearchFilters): CompanyFilterPlan {
  const plan: CompanyFilterPlan = { clauses: [], applied: [], notApplied: [] };
  for (const key of Object.keys(COMPANY_MEANING) as FilterKey[]) {
    const value = filters[key];
    if (!isFilterActive(value)) continue;
    const meaning = COMPANY_MEANING[key];
    // job_start_date is derived from months in current role: it is never a filter of its own on screen.
    const shown = key === 'job_start_date' ? null : key;
    if (!meaning) {
      if (shown && !plan.notApplied.includes(shown)) plan.notApplied.push(shown);
      continue;
    }
    if (meaning.kind === 'options') plan.clauses.push({ kind: 'options', field: meaning.field, options: value as FilterOption[], from: key as OptionKey });
    else if (meaning.kind === 'range') plan.clauses.push({ kind: 'range', field: meaning.field, range: value as FilterRange, from: key as RangeKey });
    else plan.clauses.push({ kind: 'keywords', text: value as string, from: 'keywords' });
    if (shown) plan.applied.push(shown);
  }
  return plan;
}
