import { wildcardToLikePattern, type FilterOption, type FilterRange, type SearchFilters } from '@leadline/shared';
import { sql, type RawBuilder } from 'kysely';
import { escapeLike } from '../../lib/sql.js';

/**
 * Compiles normalized search filters into SQL conditions on `people`. Include means "any of",
 * exclude means "none of"; a person with no value for a field is never excluded by it.
 */
type Condition = RawBuilder<boolean>;
type Options = FilterOption[] | undefined;

const split = (options: Options) => ({
  include: (options ?? []).filter((o) => o.status !== 'exclude').map((o) => o.value),
  exclude: (options ?? []).filter((o) => o.status === 'exclude').map((o) => o.value),
});

const arrayParam = (values: string[]) => sql`${values}::text[]`;

/**
 * column = any of / none of the values. The loader stores values lower-cased as PDL does (bands
 * such as '$1M-$10M' keep their list spelling, `exact`), so the plain column can use its index.
 */
function equalsAny(column: string, options: Options, exact = false): Condition[] {
  const { include, exclude } = split(options);
  const values = (list: string[]) => arrayParam(exact ? list : list.map((v) => v.toLowerCase()));
  const col = sql.ref(column);
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`${col} = any(${values(include)})`);
  if (exclude.length) out.push(sql<boolean>`(${col} is null or ${col} <> all(${values(exclude)}))`);
  return out;
}

/** The column contains any of / none of the values (case-insensitive, typed `%` and `_` literal). */
function containsAny(column: string, options: Options): Condition[] {
  const { include, exclude } = split(options);
  const patterns = (values: string[]) => arrayParam(values.map((v) => `%${escapeLike(v)}%`));
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`${sql.ref(column)} ilike any(${patterns(include)})`);
  if (exclude.length) out.push(sql<boolean>`(${sql.ref(column)} is null or not (${sql.ref(column)} ilike any(${patterns(exclude)})))`);
  return out;
}

/** A text[] column overlaps any of / none of the values. */
function overlaps(column: string, options: Options): Condition[] {
  const { include, exclude } = split(options);
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`${sql.ref(column)} && ${arrayParam(include.map((v) => v.toLowerCase()))}`);
  if (exclude.length) out.push(sql<boolean>`not (${sql.ref(column)} && ${arrayParam(exclude.map((v) => v.toLowerCase()))})`);
  return out;
}

function range(column: string, r: FilterRange | undefined): Condition[] {
  const out: Condition[] = [];
  if (r?.min != null) out.push(sql<boolean>`${sql.ref(column)} >= ${r.min}`);
  if (r?.max != null) out.push(sql<boolean>`${sql.ref(column)} <= ${r.max}`);
  return out;
}

function contains(column: string, text: string | undefined): Condition[] {
  return text ? [sql<boolean>`${sql.ref(column)} ilike ${`%${escapeLike(text)}%`}`] : [];
}

function equalsText(column: string, text: string | undefined): Condition[] {
  return text ? [sql<boolean>`${sql.ref(column)} = ${text.toLowerCase()}`] : [];
}

/**
 * Keywords match the title, the name or the company; `*` and `?` are wildcards. These three
 * columns carry trigram indexes, so the match is an index union rather than a scan of every row.
 */
function keywords(text: string | undefined): Condition[] {
  if (!text) return [];
  const pattern = `%${wildcardToLikePattern(text)}%`;
  return [sql<boolean>`(people.job_title ilike ${pattern} or people.full_name ilike ${pattern} or people.job_company_name ilike ${pattern})`];
}

/** A JSON path into one `experience` entry, as containment objects: {company: {name: v}}. */
type ExperiencePath = readonly string[];
const nest = (path: ExperiencePath, value: unknown): unknown =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

/**
 * Past-job filters match any entry of `experience` (each field on its own), through jsonb
 * containment so the GIN index on `experience` serves them.
 */
function experienceEquals(path: ExperiencePath, options: Options, asArray = false): Condition[] {
  const { include, exclude } = split(options);
  const contain = (values: string[]) =>
    sql.join(values.map((v) => sql`people.experience @> ${JSON.stringify([nest(path, asArray ? [v.toLowerCase()] : v.toLowerCase())])}::jsonb`), sql` or `);
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`(${contain(include)})`);
  if (exclude.length) out.push(sql<boolean>`not (${contain(exclude)})`);
  return out;
}

function experienceTitle(options: Options): Condition[] {
  const { include, exclude } = split(options);
  const matches = (values: string[]) =>
    sql`exists (select 1 from jsonb_array_elements(people.experience) e
      where e->'title'->>'name' ilike any(${arrayParam(values.map((v) => `%${escapeLike(v)}%`))}))`;
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`${matches(include)}`);
  if (exclude.length) out.push(sql<boolean>`not ${matches(exclude)}`);
  return out;
}

export function peopleConditions(f: SearchFilters): Condition[] {
  return [
    ...contains('people.full_name', f.full_name),
    ...keywords(f.keywords),
    ...equalsAny('people.location_country', f.location_country),
    ...equalsAny('people.location_name', f.location_name),
    ...containsAny('people.job_title', f.job_title),
    ...overlaps('people.job_title_levels', f.job_title_levels),
    ...equalsAny('people.sex', f.sex),
    ...overlaps('people.languages', f.languages),
    ...overlaps('people.skills', f.skills),
    ...range('people.inferred_years_experience', f.inferred_years_experience),
    ...(f.job_start_date ? [sql<boolean>`people.job_start_date >= ${f.job_start_date}`] : []),
    ...overlaps('people.certifications', f.certifications),
    ...overlaps('people.education_schools', f.education_school),
    ...overlaps('people.education_degrees', f.education_degrees),
    ...(f.work_email ? [sql<boolean>`people.has_work_email`] : []),
    ...(f.mobile_phone ? [sql<boolean>`people.has_mobile_phone`] : []),
    ...(f.personal_emails ? [sql<boolean>`people.has_personal_emails`] : []),
    ...equalsText('people.linkedin_url', f.linkedin_url),
    ...equalsText('people.github_url', f.github_url),
    ...equalsText('people.github_username', f.github_username),
    ...equalsText('people.facebook_url', f.facebook_url),

    ...equalsAny('people.job_company_name', f.job_company_name),
    ...equalsAny('people.job_title_role', f.job_title_role),
    ...equalsAny('people.job_title_sub_role', f.job_title_sub_role),
    ...equalsAny('people.job_company_industry', f.industry),
    ...equalsAny('people.job_company_location_name', f.job_company_location_name),
    ...equalsAny('people.job_company_location_country', f.job_company_location_country),
    ...equalsAny('people.job_company_size', f.job_company_size, true),
    ...equalsAny('people.job_company_website', f.job_company_website),
    ...equalsAny('people.job_company_inferred_revenue', f.job_company_inferred_revenue, true),
    ...range('people.job_company_total_funding_raised', f.job_company_total_funding_raised),
    ...range('people.job_company_employee_count', f.job_company_employee_count),
    ...equalsAny('people.job_company_type', f.job_company_type),

    ...experienceEquals(['company', 'name'], f.experience_company_name),
    ...experienceEquals(['company', 'location', 'name'], f.experience_company_location_name),
    ...experienceEquals(['company', 'location', 'country'], f.experience_company_location_country),
    ...experienceTitle(f.experience_title),
    ...experienceEquals(['title', 'levels'], f.experience_title_levels, true),
    ...experienceEquals(['title', 'role'], f.experience_title_role),
    ...experienceEquals(['title', 'sub_role'], f.experience_title_sub_role),
    ...experienceEquals(['company', 'type'], f.experience_company_type),
    ...experienceEquals(['company', 'industry'], f.experience_company_industry),
    ...experienceEquals(['company', 'website'], f.experience_company_website),
  ];
}

/** Company search uses the company-level filters on `companies`. */
export function companyConditions(f: SearchFilters): Condition[] {
  return [
    ...equalsAny('companies.name', f.job_company_name),
    ...equalsAny('companies.domain', f.job_company_website),
    ...equalsAny('companies.industry', f.industry),
    ...equalsAny('companies.size', f.job_company_size, true),
    ...equalsAny('companies.inferred_revenue', f.job_company_inferred_revenue, true),
    ...equalsAny('companies.headquarters_country', f.job_company_location_country),
    ...equalsAny('companies.location_name', f.job_company_location_name),
    ...equalsAny('companies.type', f.job_company_type),
    ...range('companies.employee_count', f.job_company_employee_count),
    ...range('companies.total_funding_raised', f.job_company_total_funding_raised),
  ];
}
