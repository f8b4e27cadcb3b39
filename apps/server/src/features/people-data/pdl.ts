import { z } from 'zod';
import type { Company, EducationEntry, ExperienceEntry, Person } from '../../db/schema-people.js';
import { revenueBounds } from './pdl-values.js';

/*
 * People Data Labs records (person and company schemas, docs.peopledatalabs.com) mapped to our
 * rows. Validation is lenient about what is missing or unknown and strict about types: a field
 * of the wrong type makes the whole line bad rather than half-loaded.
 */

const TEXT_MAX = 1000;
/** Values that land in btree indexes (pdl_id, country, domain) stay far below the index row limit. */
const KEY_MAX = 200;
const INT_MAX = 2_147_483_647;

const text = z.string().max(TEXT_MAX).nullish();
const key = z.string().max(KEY_MAX).nullish();
const texts = z.array(z.string().max(TEXT_MAX)).max(1000).nullish();
const int = z.number().int().min(0).max(INT_MAX).nullish();
const usd = z.number().min(0).max(Number.MAX_SAFE_INTEGER).nullish();
/** Bundles without contact data answer `true` where the address or number would be. */
const contact = z.union([z.string().max(TEXT_MAX), z.boolean()]).nullish();
/** `languages` and `certifications` are objects with a name; older dumps have plain strings. */
const named = z.array(z.union([z.string().max(TEXT_MAX), z.object({ name: text })])).max(1000).nullish();

const location = z.object({ name: text, country: key, continent: text, locality: text, region: text }).nullish();

const education = z.object({
  school: z.object({ name: text }).nullish(),
  degrees: texts,
  majors: texts,
  start_date: text,
  end_date: text,
});

const experience = z.object({
  title: z.object({ name: text, levels: texts, role: text, sub_role: text }).nullish(),
  company: z
    .object({ id: key, name: text, website: text, size: text, industry: text, type: text, location })
    .nullish(),
  start_date: text,
  end_date: text,
  is_primary: z.boolean().nullish(),
});

export const PdlPerson = z.object({
  id: key,
  full_name: text,
  first_name: text,
  last_name: text,
  sex: text,
  job_title: text,
  job_title_role: text,
  job_title_sub_role: text,
  job_title_levels: texts,
  job_company_id: key,
  job_company_name: text,
  job_company_website: text,
  job_company_size: text,
  job_company_employee_count: int,
  job_company_inferred_revenue: text,
  job_company_total_funding_raised: usd,
  job_company_industry: text,
  job_company_type: text,
  job_company_location_name: text,
  job_company_location_country: key,
  job_company_location_continent: text,
  job_start_date: text,
  location_name: text,
  location_country: key,
  location_continent: text,
  location_locality: text,
  location_region: text,
  skills: texts,
  languages: named,
  certifications: named,
  education: z.array(education).max(100).nullish(),
  experience: z.array(experience).max(200).nullish(),
  inferred_years_experience: int,
  linkedin_url: text,
  linkedin_username: text,
  github_url: text,
  github_username: text,
  facebook_url: text,
  work_email: contact,
  personal_emails: z.union([texts, z.boolean()]),
  mobile_phone: contact,
}).refine((p) => Boolean(p.full_name || p.first_name || p.last_name), { message: 'a person needs a full_name', path: ['full_name'] });
export type PdlPerson = z.input<typeof PdlPerson>;

export const PdlCompany = z.object({
  id: key,
  name: z.string().max(TEXT_MAX),
  website: text,
  industry: text,
  size: text,
  employee_count: int,
  linkedin_employee_count: int,
  inferred_revenue: text,
  total_funding_raised: usd,
  type: text,
  location,
  linkedin_url: text,
  founded: z.number().int().min(0).max(9999).nullish(),
});
export type PdlCompany = z.input<typeof PdlCompany>;

/**
 * A `people` row as the loader inserts it: every column but the generated id and creation time,
 * JSON columns as values (the loader writes them). `job_company_id` is resolved at load time.
 */
export type PersonRow = Omit<Person, 'id' | 'created_at'>;

/** A `companies` row as the loader inserts it. */
export type CompanyRow = Omit<Company, 'id' | 'created_at'>;

/** A person row plus how to find their current employer among the loaded companies. */
export type MappedPerson = { row: PersonRow; company: { pdlId: string | null; domain: string | null } };

export type ParsedRecord =
  | { kind: 'person'; person: MappedPerson }
  | { kind: 'company'; company: CompanyRow }
  | { kind: 'bad'; reason: string };

/** Validates and maps one decoded JSON line; a company record has `name` and no `full_name`. */
export function parsePdlRecord(value: unknown): ParsedRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'bad', reason: 'not a JSON object' };
  if ('name' in value && !('full_name' in value)) {
    const parsed = PdlCompany.safeParse(value);
    return parsed.success ? { kind: 'company', company: mapCompany(parsed.data) } : { kind: 'bad', reason: describe(parsed.error) };
  }
  const parsed = PdlPerson.safeParse(value);
  return parsed.success ? { kind: 'person', person: mapPerson(parsed.data) } : { kind: 'bad', reason: describe(parsed.error) };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length ? issue.path.join('.') : 'record'}: ${issue.message}`;
}

export function mapPerson(p: z.output<typeof PdlPerson>): MappedPerson {
  const education = (p.education ?? []).map(mapEducation);
  const fullName = lower(p.full_name) ?? (lower([p.first_name, p.last_name].filter(Boolean).join(' ')) || null);
  const row: PersonRow = {
    pdl_id: clean(p.id),
    full_name: fullName,
    first_name: lower(p.first_name),
    last_name: lower(p.last_name),
    job_title: lower(p.job_title),
    job_title_role: lower(p.job_title_role),
    job_title_sub_role: lower(p.job_title_sub_role),
    job_title_levels: distinctLower(p.job_title_levels),
    job_company_id: null,
    job_company_name: lower(p.job_company_name),
    job_company_website: domainOf(p.job_company_website),
    job_company_size: clean(p.job_company_size),
    job_company_employee_count: p.job_company_employee_count ?? null,
    job_company_inferred_revenue: clean(p.job_company_inferred_revenue),
    job_company_total_funding_raised: roundOrNull(p.job_company_total_funding_raised),
    job_company_industry: lower(p.job_company_industry),
    job_company_type: lower(p.job_company_type),
    job_company_location_name: lower(p.job_company_location_name),
    job_company_location_country: lower(p.job_company_location_country),
    job_company_location_continent: lower(p.job_company_location_continent),
    location_name: lower(p.location_name),
    location_country: lower(p.location_country),
    location_continent: lower(p.location_continent),
    location_locality: lower(p.location_locality),
    location_region: lower(p.location_region),
    skills: distinctLower(p.skills),
    languages: distinctLower(names(p.languages)),
    certifications: distinctLower(names(p.certifications)),
    education,
    education_schools: distinctLower(education.map((e) => e.school?.name)),
    education_degrees: distinctLower(education.flatMap((e) => e.degrees)),
    experience: (p.experience ?? []).map(mapExperience),
    sex: lower(p.sex),
    inferred_years_experience: p.inferred_years_experience ?? null,
    job_start_date: clean(p.job_start_date),
    linkedin_url: urlOf(p.linkedin_url),
    linkedin_username: lower(p.linkedin_username),
    github_url: urlOf(p.github_url),
    github_username: lower(p.github_username),
    facebook_url: urlOf(p.facebook_url),
    work_email: typeof p.work_email === 'string' ? lower(p.work_email) : null,
    personal_emails: Array.isArray(p.personal_emails) ? distinctLower(p.personal_emails) : [],
    mobile_phone: typeof p.mobile_phone === 'string' ? clean(p.mobile_phone) : null,
    has_work_email: false,
    has_personal_emails: false,
    has_mobile_phone: false,
  };
  row.has_work_email = row.work_email !== null || p.work_email === true;
  row.has_personal_emails = row.personal_emails.length > 0 || p.personal_emails === true;
  row.has_mobile_phone = row.mobile_phone !== null || p.mobile_phone === true;
  return { row, company: { pdlId: clean(p.job_company_id), domain: row.job_company_website } };
}

export function mapCompany(c: z.output<typeof PdlCompany>): CompanyRow {
  const inferredRevenue = clean(c.inferred_revenue);
  const bounds = revenueBounds(inferredRevenue);
  return {
    pdl_id: clean(c.id),
    name: lower(c.name) ?? '',
    domain: domainOf(c.website),
    industry: lower(c.industry),
    size: clean(c.size),
    employee_count: c.employee_count ?? null,
    inferred_revenue: inferredRevenue,
    revenue_lower_usd: bounds.lowerUsd,
    revenue_upper_usd: bounds.upperUsd,
    total_funding_raised: roundOrNull(c.total_funding_raised),
    type: lower(c.type),
    headquarters_country: lower(c.location?.country),
    headquarters_continent: lower(c.location?.continent),
    location_name: lower(c.location?.name),
    linkedin_url: urlOf(c.linkedin_url),
    linkedin_employee_count: c.linkedin_employee_count ?? null,
    founded: c.founded ?? null,
  };
}

function mapEducation(e: z.output<typeof education>): EducationEntry {
  return {
    school: e.school ? { name: lower(e.school.name) } : null,
    degrees: distinctLower(e.degrees),
    majors: distinctLower(e.majors),
    start_date: clean(e.start_date),
    end_date: clean(e.end_date),
  };
}

function mapExperience(e: z.output<typeof experience>): ExperienceEntry {
  const company = e.company;
  return {
    title: e.title
      ? { name: lower(e.title.name), levels: distinctLower(e.title.levels), role: lower(e.title.role), sub_role: lower(e.title.sub_role) }
      : null,
    company: company
      ? {
          name: lower(company.name),
          website: domainOf(company.website),
          size: clean(company.size),
          industry: lower(company.industry),
          type: lower(company.type),
          location: company.location
            ? { name: lower(company.location.name), country: lower(company.location.country), continent: lower(company.location.continent) }
            : null,
        }
      : null,
    start_date: clean(e.start_date),
    end_date: clean(e.end_date),
    is_primary: e.is_primary ?? false,
  };
}

// PostgreSQL text cannot hold NUL, and jsonb refuses unpaired surrogates: either would fail a
// whole batch, so they are removed here, where one line's problem stays that line's.
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/;
const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Trimmed, storable text; empty becomes null. */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const storable = UNSTORABLE.test(value) ? value.replace(NUL_OR_LONE_SURROGATE, '') : value;
  const trimmed = storable.trim();
  return trimmed === '' ? null : trimmed;
}

/** PDL stores text lower-cased; doing the same keeps one spelling per value for search and counts. */
function lower(value: string | null | undefined): string | null {
  return clean(value)?.toLowerCase() ?? null;
}

function distinctLower(values: readonly (string | null | undefined)[] | null | undefined): string[] {
  if (!values || values.length === 0) return [];
  const out = new Set<string>();
  for (const value of values) {
    const v = lower(value);
    if (v !== null) out.add(v);
  }
  return [...out];
}

function names(values: z.output<typeof named>): string[] {
  return (values ?? []).map((v) => (typeof v === 'string' ? v : v.name ?? '')).filter((v) => v !== '');
}

function roundOrNull(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value);
}

/** `https://www.Acme.com/about` -> `acme.com`, PDL's form of a website. */
export function domainOf(value: string | null | undefined): string | null {
  const v = lower(value);
  if (v === null) return null;
  const host = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^www\./, '').split(/[/?#]/)[0]!.replace(/:\d+$/, '');
  return host === '' || host.length > 253 ? null : host;
}

/** PDL writes profile URLs without scheme or `www.`: `linkedin.com/in/jane-doe`. */
function urlOf(value: string | null | undefined): string | null {
  const v = lower(value);
  if (v === null) return null;
  return v.replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '') || null;
}
