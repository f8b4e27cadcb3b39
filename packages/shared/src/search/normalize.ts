import { CONTINENT_COUNTRIES, DEPARTMENT_SUB_DEPARTMENTS, canonicalValue, toLabel } from './enums.js';
import { FILTER_FIELDS, type FilterFieldMeta, type FilterStatus, type SearchFilters } from './filters.js';

/** The common shape of every multi-select and location value. */
interface Option {
  label: string;
  value: string;
  status: FilterStatus;
}

interface Range {
  min?: number | null;
  max?: number | null;
}

const OPTION_FIELDS = FILTER_FIELDS.filter((f) => f.kind === 'multi' || f.kind === 'location');
const RANGE_KEYS = FILTER_FIELDS.filter((f) => f.kind === 'range').map((f) => f.key);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOption(value: unknown): value is Option {
  return isPlainObject(value) && typeof value.value === 'string';
}

function isSetNumber(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value);
}

function isNonZero(value: unknown): boolean {
  return isSetNumber(value) && value !== 0;
}

// Trim and drop empty values -------------------------------------------------------------------

function cleanOptions(options: readonly unknown[]): Option[] {
  return options
    .filter(isOption)
    .map((o) => ({ ...o, value: o.value.trim() }))
    .filter((o) => o.value !== '')
    .map((o) => ({ ...o, label: (typeof o.label === 'string' ? o.label.trim() : '') || toLabel(o.value) }));
}

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'boolean') return value || undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const options = cleanOptions(value);
    return options.length > 0 ? options : undefined;
  }
  if (isPlainObject(value)) return isSetNumber(value.min) || isSetNumber(value.max) ? value : undefined;
  return undefined;
}

/**
 * Trims text and option values and drops what is empty: blank text, empty lists, options with a
 * blank value, ranges with neither end set, and `false` must-have flags (false means "no filter").
 * A blank option label falls back to the label of its value.
 */
export function trimAndDropEmpty(filters: SearchFilters): SearchFilters {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    const cleaned = cleanValue(value);
    if (cleaned !== undefined) out[key] = cleaned;
  }
  // Each cleaned value keeps the shape it came with, so the record is still SearchFilters.
  return out as SearchFilters;
}

// Ranges ---------------------------------------------------------------------------------------

/** What a range input box holds: a negative, empty or unreadable entry becomes 0. */
export function clampRangeInput(input: string | number | null | undefined): number {
  const n = typeof input === 'string' ? Number(input.trim()) : (input ?? Number.NaN);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Swaps the ends of a range whose min is greater than its max. */
export function orderRange<R extends Range>(range: R): R {
  const { min, max } = range;
  if (isSetNumber(min) && isSetNumber(max) && min > max) return { ...range, min: max, max: min };
  return range;
}

/**
 * Clamps each set end with `clampRangeInput`, leaves unset ends open, orders the ends, and
 * answers undefined when the range filters nothing (no non-zero end).
 */
export function normalizeRange(range: Range): { min?: number; max?: number } | undefined {
  const ordered = orderRange({
    min: isSetNumber(range.min) ? clampRangeInput(range.min) : undefined,
    max: isSetNumber(range.max) ? clampRangeInput(range.max) : undefined,
  });
  if (!isNonZero(ordered.min) && !isNonZero(ordered.max)) return undefined;
  return {
    ...(ordered.min !== undefined && { min: ordered.min }),
    ...(ordered.max !== undefined && { max: ordered.max }),
  };
}

function normalizeRanges(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = { ...filters };
  for (const key of RANGE_KEYS) {
    const range = filters[key];
    if (!isPlainObject(range)) continue;
    const normalized = normalizeRange(range);
    if (normalized) Object.assign(out, { [key]: normalized });
    else delete out[key];
  }
  return out;
}

// Profile URLs ---------------------------------------------------------------------------------

interface UrlParts {
  host: string;
  path: string[];
}

function urlParts(input: string): UrlParts {
  const bare = input
    .trim()
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[?#]/)[0] ?? '';
  const [host = '', ...path] = bare.split('/');
  return { host: host.replace(/^www\./, ''), path: path.filter((segment) => segment !== '') };
}

function joinParts({ host, path }: UrlParts): string {
  return [host, ...path].join('/');
}

/** A lone word such as 'john-doe' is a profile name, not a URL. */
function isBareName({ host, path }: UrlParts): boolean {
  return host !== '' && !host.includes('.') && path.length === 0;
}

const LINKEDIN_HOST = /^(?:[a-z]{2,3}\.|m\.|mobile\.)?linkedin\.com$/;
const LINKEDIN_PROFILE_KINDS = new Set(['in', 'company', 'school', 'showcase']);

/**
 * PDL's short form of a LinkedIn URL: 'https://www.linkedin.com/in/John-Doe-123/?x=1' →
 * 'linkedin.com/in/john-doe-123', 'uk.linkedin.com/company/acme/about' → 'linkedin.com/company/acme'.
 * A lone name is taken as a personal profile; anything else comes back cleaned but not reshaped.
 */
export function shortLinkedInUrl(input: string): string {
  const parts = urlParts(input);
  if (isBareName(parts)) return `linkedin.com/in/${parts.host}`;
  if (!LINKEDIN_HOST.test(parts.host)) return joinParts(parts);
  const [kind, slug] = parts.path;
  if (kind && slug && LINKEDIN_PROFILE_KINDS.has(kind)) return `linkedin.com/${kind}/${slug}`;
  return joinParts({ host: 'linkedin.com', path: parts.path });
}

function githubLogin(parts: UrlParts): string | undefined {
  if (parts.host === 'github.com') return parts.path[0];
  return isBareName(parts) ? parts.host : undefined;
}

/** PDL's short form of a GitHub URL: 'https://github.com/Octo-Cat/repo' → 'github.com/octo-cat'. */
export function shortGithubUrl(input: string): string {
  const parts = urlParts(input);
  const login = githubLogin(parts);
  return login ? `github.com/${login}` : joinParts(parts);
}

/** The lowercase GitHub login in a URL, '@name' or a plain name. */
export function githubUsername(input: string): string {
  const parts = urlParts(input);
  return githubLogin(parts) ?? joinParts(parts);
}

/** Reduces `linkedin_url`, `github_url` and `github_username` to the forms PDL stores. */
export function shortenProfileUrls(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = { ...filters };
  if (filters.linkedin_url !== undefined) out.linkedin_url = shortLinkedInUrl(filters.linkedin_url);
  if (filters.github_url !== undefined) out.github_url = shortGithubUrl(filters.github_url);
  if (filters.github_username !== undefined) out.github_username = githubUsername(filters.github_username);
  return out;
}

// Months in current role -----------------------------------------------------------------------

/** The 'YYYY-MM' of the calendar month `months` before `now`, in UTC. */
export function yearMonthMonthsAgo(months: number, now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const year = String(start.getUTCFullYear()).padStart(4, '0');
  const month = String(start.getUTCMonth() + 1).padStart(2, '0');
  return `${year}-${month}`;
}

/**
 * Turns `months_in_current_role` = N into `job_start_date` = now − N months: the search keeps
 * people whose current job started that month or later, i.e. at most N months in the role.
 * 0 (or less) is ignored, leaving any `job_start_date` already given untouched.
 */
export function applyMonthsInCurrentRole(filters: SearchFilters, now: Date): SearchFilters {
  const { months_in_current_role: months, ...rest } = filters;
  if (months === undefined || !Number.isFinite(months) || months <= 0) return rest;
  return { ...rest, job_start_date: yearMonthMonthsAgo(Math.floor(months), now) };
}

// Options: spelling, merge and continents ------------------------------------------------------

/**
 * Keeps one option per value, compared ignoring case, where it first appeared; when a value is
 * both included and excluded, the exclusion wins.
 */
export function mergeOptions<T extends Option>(options: readonly T[]): T[] {
  const byValue = new Map<string, T>();
  for (const option of options) {
    const key = option.value.trim().toLowerCase();
    const seen = byValue.get(key);
    if (!seen) byValue.set(key, option);
    else if (option.status === 'exclude') byValue.set(key, { ...seen, status: 'exclude' });
  }
  return [...byValue.values()];
}

/**
 * Spells every option value as stored (see `canonicalValue`): the field's own option when one
 * matches ('Germany' → 'germany', '$1m-$10m' → '$1M-$10M'), else lowercase, then merges repeats.
 */
export function canonicalizeOptions(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = { ...filters };
  for (const meta of OPTION_FIELDS) {
    const options: unknown = filters[meta.key];
    if (!Array.isArray(options)) continue;
    const spelled = options.filter(isOption).map((o) => ({ ...o, value: canonicalValue(o.value, meta.options) }));
    Object.assign(out, { [meta.key]: mergeOptions(spelled) });
  }
  return out;
}

function countriesOf(continent: string): readonly string[] {
  const byContinent: Readonly<Record<string, readonly string[]>> = CONTINENT_COUNTRIES;
  return byContinent[continent.trim().toLowerCase()] ?? [];
}

/** The country options of some continent options, each keeping its continent's status. */
export function continentsToCountries(continents: readonly Option[]): Option[] {
  return continents.flatMap((continent) =>
    countriesOf(continent.value).map((country) => ({
      label: toLabel(country),
      value: country,
      status: continent.status,
    })),
  );
}

const CONTINENT_TO_COUNTRY = [
  ['location_continent', 'location_country'],
  ['job_company_location_continent', 'job_company_location_country'],
  ['experience_company_location_continent', 'experience_company_location_country'],
] as const;

/**
 * Replaces each continent filter by its countries, added to the matching country filter with the
 * continent's status, so "Europe or United States" is one country list. Exclusions win.
 */
export function expandContinents(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = { ...filters };
  for (const [continentKey, countryKey] of CONTINENT_TO_COUNTRY) {
    const continents = filters[continentKey];
    if (continents === undefined) continue;
    delete out[continentKey];
    if (continents.length === 0) continue;
    out[countryKey] = mergeOptions([...(filters[countryKey] ?? []), ...continentsToCountries(continents)]);
  }
  return out;
}

// Departments ----------------------------------------------------------------------------------

function subDepartmentsOf(department: string): readonly string[] {
  const byDepartment: Readonly<Record<string, readonly string[]>> = DEPARTMENT_SUB_DEPARTMENTS;
  return byDepartment[department] ?? [];
}

/**
 * Keeps the sub-department options that belong to an included department. With no department
 * included none is kept, as on the screen, where sub-departments are picked under departments.
 */
export function keepSubDepartmentsUnderDepartments<T extends Option>(
  departments: readonly Option[] | undefined,
  subDepartments: readonly T[],
): T[] {
  const allowed = new Set(
    (departments ?? []).filter((d) => d.status === 'include').flatMap((d) => subDepartmentsOf(d.value)),
  );
  return subDepartments.filter((s) => allowed.has(s.value));
}

const DEPARTMENT_TO_SUB = [
  ['job_title_role', 'job_title_sub_role'],
  ['experience_title_role', 'experience_title_sub_role'],
] as const;

function applySubDepartmentRule(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = { ...filters };
  for (const [departmentKey, subKey] of DEPARTMENT_TO_SUB) {
    const subDepartments = filters[subKey];
    if (subDepartments) out[subKey] = keepSubDepartmentsUnderDepartments(filters[departmentKey], subDepartments);
  }
  return out;
}

// Active filters -------------------------------------------------------------------------------

/** Non-blank text, a non-empty list, a range with a non-zero end, `true`, or a non-zero number. */
export function isFilterActive(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0;
  if (isPlainObject(value)) return isNonZero(value.min) || isNonZero(value.max);
  return false;
}

/** How many filters are set, for the 'N filters applied' badge. */
export function countActiveFilters(filters: SearchFilters): number {
  return Object.values(filters).filter(isFilterActive).length;
}

function dropInactive(filters: SearchFilters): SearchFilters {
  // Removing keys never changes the type of the ones left.
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => isFilterActive(value))) as SearchFilters;
}

// Whole model ----------------------------------------------------------------------------------

/**
 * The filters the server compiles to SQL (spec §5): trimmed, empties dropped, profile URLs
 * shortened, months in role turned into a start month, option values spelled as stored and merged
 * (exclusion wins), continents expanded to countries, sub-departments kept under their
 * departments, ranges clamped and ordered. Pure and idempotent for a given `now`.
 */
export function normalizeFilters(filters: SearchFilters, now: Date = new Date()): SearchFilters {
  const steps: Array<(f: SearchFilters) => SearchFilters> = [
    trimAndDropEmpty,
    shortenProfileUrls,
    (f) => applyMonthsInCurrentRole(f, now),
    canonicalizeOptions,
    expandContinents,
    applySubDepartmentRule,
    normalizeRanges,
    dropInactive,
  ];
  return steps.reduce((current, step) => step(current), filters);
}

// Keyword wildcards ----------------------------------------------------------------------------

const LIKE_REPLACEMENTS: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '%': '\\%',
  _: '\\_',
  '*': '%',
  '?': '_',
};

/**
 * A SQL LIKE pattern (used with ESCAPE '\') for keyword text: '*' matches any run of characters,
 * '?' one character, and a '%', '_' or '\' the user typed matches itself.
 */
export function wildcardToLikePattern(text: string): string {
  return text.replace(/[\\%_*?]/g, (ch) => LIKE_REPLACEMENTS[ch] ?? ch);
}

export function hasWildcard(text: string): boolean {
  return /[*?]/.test(text);
}

// Prospects, filter search, saved searches -----------------------------------------------------

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** Spec §5 "Prospect quality": a LinkedIn URL, or both a full name and a company name. */
export function prospectCanBeEnriched(prospect: {
  linkedin_url?: string | null;
  full_name?: string | null;
  job_company_name?: string | null;
}): boolean {
  return hasText(prospect.linkedin_url) || (hasText(prospect.full_name) && hasText(prospect.job_company_name));
}

export interface FilterSearchResult {
  matches: FilterFieldMeta[];
  /** True when a match sits in the 'more_filters' group, which the screen then opens. */
  opensMoreFilters: boolean;
}

/** The filters whose label contains the typed term, ignoring case; a blank term matches none. */
export function searchFilterMatches(
  query: string,
  fields: readonly FilterFieldMeta[] = FILTER_FIELDS,
): FilterSearchResult {
  const term = query.trim().toLowerCase();
  const matches = term === '' ? [] : fields.filter((f) => f.label.toLowerCase().includes(term));
  return { matches, opensMoreFilters: matches.some((f) => f.group === 'more_filters') };
}

/** Spec §5: a saved-search name equal to an existing one, trimmed and ignoring case, is taken. */
export function isSavedSearchTitleTaken(title: string, existingTitles: readonly string[]): boolean {
  const wanted = title.trim().toLowerCase();
  return existingTitles.some((existing) => existing.trim().toLowerCase() === wanted);
}
