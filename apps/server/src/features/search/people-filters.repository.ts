import { wildcardToLikePattern, type FilterOption, type FilterRange, type SearchFilters } from '@leadline/shared';
import { sql, type RawBuilder } from 'kysely';
import { escapeLike } from '../../lib/sql.js';

/**
 * Compiles normalized search filters into SQL conditions. People filters run on
 * `people_search` (migration 0004): equality and overlap filters become codes tested against its
 * `terms` array, "contains" filters use its trigram-indexed text columns, and the few filters on
 * columns it does not carry test the person's `people` row. Include means "any of", exclude
 * means "none of"; a person with no value for a field is never excluded by it.
 */
type Condition = RawBuilder<boolean>;
type Options = FilterOption[] | undefined;

const split = (options: Options) => ({
  include: (options ?? []).filter((o) => o.status !== 'exclude').map((o) => o.value),
  exclude: (options ?? []).filter((o) => o.status === 'exclude').map((o) => o.value),
});

const arrayParam = (values: string[]) => sql`${values}::text[]`;

/** A (field, value) pair of `search_terms`; see `people_terms()` in migration 0004. */
export type Term = { field: string; value: string };
/** Codes of the terms that exist, by `termKey`. A value no one has has no code. */
export type TermCodes = ReadonlyMap<string, number>;
export const termKey = (field: string, value: string) => `${field}\u0000${value}`;

/** Longer values are not coded (migration 0004), so no one is found by them. */
const TERM_MAX = 1000;

/** A condition on `terms`, built once the codes of its values are known. */
type TermTest = { field: string; include: string[]; exclude: string[] };
type Part = Condition | TermTest;
const isTermTest = (part: Part): part is TermTest => 'field' in part;

/**
 * field = any of / none of the values, for one-valued fields and arrays alike. Values are stored
 * lower-cased as PDL does (bands such as '$1M-$10M' keep their list spelling, `exact`).
 */
function terms(field: string, options: Options, exact = false): TermTest[] {
  const { include, exclude } = split(options);
  const norm = (list: string[]) => (exact ? list : list.map((v) => v.toLowerCase()));
  return include.length || exclude.length ? [{ field, include: norm(include), exclude: norm(exclude) }] : [];
}

/** Past-job fields match any entry of `experience`, each field on its own. */
const experience = (path: string, options: Options) => terms(`experience.${path}`, options);

/**
 * Codes one intarray query may hold. Its evaluation recurses once per `&`: on PGlite a query of
 * 10,000 codes answered no row and one of 13,000 never returned, so a longer set (hundreds of
 * values in many fields) keeps a test per field.
 */
const QUERY_INT_MAX_CODES = 1_000;

/**
 * Every term test of a filter set as one intarray query on `terms` (migration 0320), e.g.
 * `(5 | 6) & 9 & !12`: any of the included codes of each field, none of the excluded ones. The
 * GIN index then decides the excluded codes too, so only matching rows are read from the heap.
 * A query must include something for the index to answer it; excluded codes alone are tested on
 * each row. An included field none of whose values exists matches no one.
 */
function termConditions(tests: TermTest[], codes: TermCodes): Condition[] {
  const codesOf = (test: TermTest, values: string[]) => values.flatMap((v) => codes.get(termKey(test.field, v)) ?? []);
  const included: number[][] = [];
  const excluded: number[] = [];
  for (const test of tests) {
    if (test.include.length) {
      const include = codesOf(test, test.include);
      if (include.length === 0) return [sql<boolean>`false`];
      included.push(include);
    }
    excluded.push(...codesOf(test, test.exclude));
  }
  if (included.length === 0) return excluded.length ? [sql<boolean>`not (people_search.terms && ${excluded}::integer[])`] : [];
  if (included.flat().length + excluded.length > QUERY_INT_MAX_CODES) {
    const overlaps = included.map((any) => sql<boolean>`people_search.terms && ${any}::integer[]`);
    return excluded.length ? [...overlaps, sql<boolean>`not (people_search.terms && ${excluded}::integer[])`] : overlaps;
  }
  const query = [...included.map((any) => `(${any.join(' | ')})`), ...excluded.map((code) => `!${code}`)].join(' & ');
  return [sql<boolean>`people_search.terms @@ ${query}::query_int`];
}

/** The same test with the codes looked up inside the statement (the planner then cannot see them). */
function termConditionInline(test: TermTest): Condition[] {
  const codesOf = (values: string[]) => sql`array(select code from search_terms where field = ${test.field} and value = any(${arrayParam(values)}))`;
  const out: Condition[] = [];
  if (test.include.length) out.push(sql<boolean>`people_search.terms && ${codesOf(test.include)}`);
  if (test.exclude.length) out.push(sql<boolean>`not (people_search.terms && ${codesOf(test.exclude)})`);
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
  return [
    sql<boolean>`(people_search.job_title ilike ${pattern} or people_search.full_name ilike ${pattern} or people_search.job_company_name ilike ${pattern})`,
  ];
}

function experienceTitle(options: Options): Condition[] {
  const { include, exclude } = split(options);
  const matches = (values: string[]) =>
    sql`exists (select 1 from unnest(people_search.experience_titles) title where title ilike any(${arrayParam(values.map((v) => `%${escapeLike(v)}%`))}))`;
  const out: Condition[] = [];
  if (include.length) out.push(sql<boolean>`${matches(include)}`);
  if (exclude.length) out.push(sql<boolean>`not ${matches(exclude)}`);
  return out;
}

/** Conditions on columns only `people` has, tested on the person's row there. */
function onPeopleRow(conditions: Condition[]): Condition[] {
  if (conditions.length === 0) return [];
  return [sql<boolean>`exists (select 1 from people where people.id = people_search.id and ${sql.join(conditions, sql` and `)})`];
}

export type PeopleQuery = {
  /** The terms whose codes `conditions` needs. */
  terms: Term[];
  conditions(codes: TermCodes): Condition[];
  /** The same conditions, looking the codes up themselves. */
  inlineConditions(): Condition[];
};

/**
 * Conditions on `people` for other features' queries (dynamic lists): the person is among the
 * `people_search` rows matching the filters. Search itself uses `peopleSearchQuery`.
 */
export function peopleConditions(f: SearchFilters): Condition[] {
  const conditions = peopleSearchQuery(f).inlineConditions();
  if (conditions.length === 0) return [];
  return [sql<boolean>`people.id in (select people_search.id from people_search where ${sql.join(conditions, sql` and `)})`];
}

/** People filters as conditions on `people_search`, built once the codes of `terms` are known. */
export function peopleSearchQuery(f: SearchFilters): PeopleQuery {
  const parts: Part[] = [
    ...contains('people_search.full_name', f.full_name),
    ...keywords(f.keywords),
    ...terms('location_country', f.location_country),
    ...terms('location_name', f.location_name),
    ...containsAny('people_search.job_title', f.job_title),
    ...terms('job_title_levels', f.job_title_levels),
    ...terms('sex', f.sex),
    ...terms('languages', f.languages),
    ...terms('skills', f.skills),
    ...range('people_search.inferred_years_experience', f.inferred_years_experience),
    ...(f.job_start_date ? [sql<boolean>`people_search.job_start_date >= ${f.job_start_date}`] : []),
    ...terms('certifications', f.certifications),
    ...terms('education_schools', f.education_school),
    ...terms('education_degrees', f.education_degrees),
    ...(f.work_email ? [sql<boolean>`people_search.has_work_email`] : []),
    ...(f.mobile_phone ? [sql<boolean>`people_search.has_mobile_phone`] : []),
    ...(f.personal_emails ? [sql<boolean>`people_search.has_personal_emails`] : []),
    ...onPeopleRow([
      ...equalsText('people.linkedin_url', f.linkedin_url),
      ...equalsText('people.github_url', f.github_url),
      ...equalsText('people.github_username', f.github_username),
      ...equalsText('people.facebook_url', f.facebook_url),
    ]),
    ...experienceTitle(f.experience_title),

    ...terms('job_company_name', f.job_company_name),
    ...terms('job_title_role', f.job_title_role),
    ...terms('job_title_sub_role', f.job_title_sub_role),
    ...terms('job_company_industry', f.industry),
    ...terms('job_company_location_name', f.job_company_location_name),
    ...terms('job_company_location_country', f.job_company_location_country),
    ...terms('job_company_size', f.job_company_size, true),
    ...terms('job_company_website', f.job_company_website),
    ...terms('job_company_inferred_revenue', f.job_company_inferred_revenue, true),
    ...range('people_search.job_company_total_funding_raised', f.job_company_total_funding_raised),
    ...range('people_search.job_company_employee_count', f.job_company_employee_count),
    ...terms('job_company_type', f.job_company_type),

    ...experience('company.name', f.experience_company_name),
    ...experience('company.location.name', f.experience_company_location_name),
    ...experience('company.location.country', f.experience_company_location_country),
    ...experience('title.levels', f.experience_title_levels),
    ...experience('title.role', f.experience_title_role),
    ...experience('title.sub_role', f.experience_title_sub_role),
    ...experience('company.type', f.experience_company_type),
    ...experience('company.industry', f.experience_company_industry),
    ...experience('company.website', f.experience_company_website),
  ];
  const tests = parts.filter(isTermTest);
  const others = parts.filter((part): part is Condition => !isTermTest(part));
  return {
    terms: tests.flatMap((t) => [...t.include, ...t.exclude].filter((v) => v.length <= TERM_MAX).map((value) => ({ field: t.field, value }))),
    conditions: (codes) => [...termConditions(tests, codes), ...others],
    inlineConditions: () => parts.flatMap((part) => (isTermTest(part) ? termConditionInline(part) : [part])),
  };
}
