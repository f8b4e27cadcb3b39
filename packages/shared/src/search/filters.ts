import { z } from 'zod';
import { int32, safeInteger, storableText, text, trimmedText } from '../primitives.js';
import {
  COMPANY_SIZES,
  COMPANY_TYPES,
  CONTINENTS,
  COUNTRIES,
  DEGREES,
  DEPARTMENTS,
  GENDERS,
  JOB_LEVELS,
  REVENUE_BANDS,
  SUB_DEPARTMENTS,
  canonicalValue,
} from './enums.js';
import { SavedSearchTitle } from './saved-search-title.js';

/** Most values one multi-select may hold; a continent expands to at most ~55 countries. */
export const MAX_FILTER_VALUES = 500;
const MAX_TEXT = 500;

export const FilterStatus = z.enum(['include', 'exclude']);
export type FilterStatus = z.infer<typeof FilterStatus>;

function filterOption<V extends z.ZodType<string>>(value: V) {
  return z.object({
    label: storableText().max(MAX_TEXT),
    value,
    status: FilterStatus.default('include'),
  });
}

/**
 * Values the user may type freely (job titles, company names): cleaned by normalization. They may
 * also be picked from the people database's values, so only what cannot be stored is refused.
 */
export const FilterOption = filterOption(storableText().max(MAX_TEXT));
export type FilterOption = z.infer<typeof FilterOption>;
export type FilterOptionInput = z.input<typeof FilterOption>;

/** Fixed vocabularies accept any case and spacing but store the canonical spelling. */
function enumOption<const T extends readonly string[]>(values: T) {
  return filterOption(
    text()
      .transform((v) => canonicalValue(v, values))
      .pipe(z.enum(values)),
  );
}

function multi<T extends z.ZodType>(option: T) {
  return z.array(option).max(MAX_FILTER_VALUES).optional();
}

/** A range over an `integer` column; `MoneyRange` for amounts a `bigint` column holds. */
export const FilterRange = z.object({
  min: int32().nullable().optional(),
  max: int32().nullable().optional(),
});
export type FilterRange = z.infer<typeof FilterRange>;
export const MoneyRange = z.object({
  min: safeInteger().nullable().optional(),
  max: safeInteger().nullable().optional(),
});

const freeText = text().max(MAX_TEXT).optional();
const mustHave = z.boolean().optional();
const freeMulti = multi(FilterOption);
const continents = multi(enumOption(CONTINENTS));
const levels = multi(enumOption(JOB_LEVELS));
const departments = multi(enumOption(DEPARTMENTS));
const subDepartments = multi(enumOption(SUB_DEPARTMENTS));
const companyTypes = multi(enumOption(COMPANY_TYPES));

/**
 * The one filter model of spec/prospecting.md §3, stored as it is by saved searches, ICPs and
 * dynamic lists. Keys are PDL field names with dots made underscores (see FILTER_FIELDS for the
 * dotted names). Unknown keys are dropped.
 */
export const SearchFilters = z.object({
  full_name: freeText,
  keywords: freeText,
  location_country: freeMulti,
  location_name: freeMulti,
  location_continent: continents,
  job_title: freeMulti,
  job_title_levels: levels,
  sex: multi(enumOption(GENDERS)),
  languages: freeMulti,
  skills: freeMulti,
  inferred_years_experience: FilterRange.optional(),
  /** Whole months; normalization turns it into `job_start_date`. */
  months_in_current_role: int32().min(0).max(1200).optional(),
  /** 'YYYY-MM': the earliest current-job start date kept. Produced by normalization. */
  job_start_date: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the YYYY-MM format')
    .optional(),
  certifications: freeMulti,
  education_school: freeMulti,
  education_degrees: multi(enumOption(DEGREES)),
  work_email: mustHave,
  mobile_phone: mustHave,
  personal_emails: mustHave,
  linkedin_url: freeText,
  github_url: freeText,
  github_username: freeText,
  facebook_url: freeText,

  job_company_name: freeMulti,
  job_title_role: departments,
  job_title_sub_role: subDepartments,
  industry: freeMulti,
  job_company_location_name: freeMulti,
  job_company_location_country: freeMulti,
  job_company_location_continent: continents,
  job_company_size: multi(enumOption(COMPANY_SIZES)),
  job_company_website: freeMulti,
  job_company_inferred_revenue: multi(enumOption(REVENUE_BANDS)),
  job_company_total_funding_raised: MoneyRange.optional(),
  job_company_employee_count: FilterRange.optional(),
  job_company_type: companyTypes,

  experience_company_name: freeMulti,
  experience_company_location_name: freeMulti,
  experience_company_location_country: freeMulti,
  experience_company_location_continent: continents,
  experience_title: freeMulti,
  experience_title_levels: levels,
  experience_title_role: departments,
  experience_title_sub_role: subDepartments,
  experience_company_type: companyTypes,
  experience_company_industry: freeMulti,
  experience_company_website: freeMulti,
});
export type SearchFilters = z.infer<typeof SearchFilters>;
export type SearchFiltersInput = z.input<typeof SearchFilters>;
export type FilterKey = keyof SearchFilters;

/** The filters a new search starts with: people in the United States. */
export const DEFAULT_SEARCH_FILTERS: SearchFilters = {
  location_country: [{ label: 'United States', value: 'united states', status: 'include' }],
};

/** Fields whose options `GET /autocomplete/{field}` serves from the database. */
export const AutocompleteField = z.enum([
  'job_title',
  'job_company_name',
  'job_company_website',
  'industry',
  'location_name',
  'skills',
  'languages',
  'certifications',
  'education_school',
]);
export type AutocompleteField = z.infer<typeof AutocompleteField>;
export const AutocompleteParams = z.object({ field: AutocompleteField });
export const AutocompleteQuery = z.object({ query: trimmedText().max(200).default('') });
export const AutocompleteResponse = z.object({
  data: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type AutocompleteResponse = z.infer<typeof AutocompleteResponse>;

export type FilterSection = 'people' | 'company' | 'past_job';
export type FilterGroup = 'main' | 'more_filters';
export type FilterKind = 'text' | 'multi' | 'location' | 'range' | 'boolean' | 'months';

export interface FilterFieldMeta {
  key: Exclude<FilterKey, 'job_start_date'>;
  /** The PDL field the filter applies to, dotted as PDL writes it. */
  pdlField: string;
  label: string;
  section: FilterSection;
  group: FilterGroup;
  kind: FilterKind;
  supportsExclude: boolean;
  /** Options come from the database through this autocomplete field... */
  autocomplete?: AutocompleteField;
  /** ...or from this fixed list of stored values (label them with `toLabel`). */
  options?: readonly string[];
}

type FieldArgs = Omit<FilterFieldMeta, 'supportsExclude' | 'pdlField'> & { pdlField?: string };

function field(args: FieldArgs): FilterFieldMeta {
  return {
    ...args,
    pdlField: args.pdlField ?? args.key,
    supportsExclude: args.kind === 'multi' || args.kind === 'location',
  };
}

const P = { section: 'people', group: 'main' } as const;
const PM = { section: 'people', group: 'more_filters' } as const;
const C = { section: 'company', group: 'main' } as const;
const X = { section: 'past_job', group: 'main' } as const;

/**
 * Every user-facing filter in screen order (spec §2). `job_start_date` is absent: it is derived
 * from `months_in_current_role` by normalization, never typed in.
 */
export const FILTER_FIELDS: readonly FilterFieldMeta[] = [
  field({ ...P, key: 'full_name', label: 'Full Name', kind: 'text' }),
  field({ ...P, key: 'location_country', label: 'Country', kind: 'location', options: COUNTRIES }),
  field({ ...P, key: 'location_name', label: 'Location', kind: 'location', autocomplete: 'location_name' }),
  field({ ...P, key: 'location_continent', label: 'Continent', kind: 'location', options: CONTINENTS }),
  field({ ...P, key: 'keywords', label: 'Keywords', kind: 'text' }),
  field({ ...P, key: 'job_title', label: 'Job Title', kind: 'multi', autocomplete: 'job_title' }),
  field({ ...P, key: 'job_title_levels', label: 'Job Level', kind: 'multi', options: JOB_LEVELS }),
  field({ ...PM, key: 'sex', label: 'Gender', kind: 'multi', options: GENDERS }),
  field({
    ...PM,
    key: 'languages',
    pdlField: 'languages.name',
    label: 'Languages',
    kind: 'multi',
    autocomplete: 'languages',
  }),
  field({ ...PM, key: 'skills', label: 'Skills', kind: 'multi', autocomplete: 'skills' }),
  field({ ...PM, key: 'inferred_years_experience', label: 'Years of Experience', kind: 'range' }),
  field({
    ...PM,
    key: 'months_in_current_role',
    pdlField: 'job_start_date',
    label: 'Months in Current Role',
    kind: 'months',
  }),
  field({
    ...PM,
    key: 'certifications',
    pdlField: 'certifications.name',
    label: 'Certification',
    kind: 'multi',
    autocomplete: 'certifications',
  }),
  field({
    ...PM,
    key: 'education_school',
    pdlField: 'education.school.name',
    label: 'School',
    kind: 'multi',
    autocomplete: 'education_school',
  }),
  field({
    ...PM,
    key: 'education_degrees',
    pdlField: 'education.degrees',
    label: 'Degree Type',
    kind: 'multi',
    options: DEGREES,
  }),
  field({ ...PM, key: 'work_email', label: 'Work Email', kind: 'boolean' }),
  field({ ...PM, key: 'mobile_phone', label: 'Mobile Phone', kind: 'boolean' }),
  field({ ...PM, key: 'personal_emails', label: 'Personal Email', kind: 'boolean' }),
  field({ ...PM, key: 'linkedin_url', label: 'LinkedIn URL', kind: 'text' }),
  field({ ...PM, key: 'github_url', label: 'GitHub URL', kind: 'text' }),
  field({ ...PM, key: 'github_username', label: 'GitHub Username', kind: 'text' }),
  field({ ...PM, key: 'facebook_url', label: 'Facebook URL', kind: 'text' }),

  field({ ...C, key: 'job_company_name', label: 'Company Name', kind: 'multi', autocomplete: 'job_company_name' }),
  field({ ...C, key: 'job_title_role', label: 'Department', kind: 'multi', options: DEPARTMENTS }),
  field({ ...C, key: 'job_title_sub_role', label: 'Sub Department', kind: 'multi', options: SUB_DEPARTMENTS }),
  field({ ...C, key: 'industry', label: 'Industry', kind: 'multi', autocomplete: 'industry' }),
  field({
    ...C,
    key: 'job_company_location_name',
    label: 'Company Location',
    kind: 'location',
    autocomplete: 'location_name',
  }),
  field({ ...C, key: 'job_company_location_country', label: 'Company Country', kind: 'location', options: COUNTRIES }),
  field({
    ...C,
    key: 'job_company_location_continent',
    label: 'Company Continent',
    kind: 'location',
    options: CONTINENTS,
  }),
  field({ ...C, key: 'job_company_size', label: 'Company Size', kind: 'multi', options: COMPANY_SIZES }),
  field({
    ...C,
    key: 'job_company_website',
    label: 'Company Website',
    kind: 'multi',
    autocomplete: 'job_company_website',
  }),
  field({ ...C, key: 'job_company_inferred_revenue', label: 'Revenue', kind: 'multi', options: REVENUE_BANDS }),
  field({ ...C, key: 'job_company_total_funding_raised', label: 'Funding', kind: 'range' }),
  field({ ...C, key: 'job_company_employee_count', label: 'Actual Employee Range', kind: 'range' }),
  field({ ...C, key: 'job_company_type', label: 'Company Type', kind: 'multi', options: COMPANY_TYPES }),

  field({
    ...X,
    key: 'experience_company_name',
    pdlField: 'experience.company.name',
    label: 'Past Company Name',
    kind: 'multi',
    autocomplete: 'job_company_name',
  }),
  field({
    ...X,
    key: 'experience_company_location_name',
    pdlField: 'experience.company.location.name',
    label: 'Past Company Location',
    kind: 'location',
    autocomplete: 'location_name',
  }),
  field({
    ...X,
    key: 'experience_company_location_country',
    pdlField: 'experience.company.location.country',
    label: 'Past Company Country',
    kind: 'location',
    options: COUNTRIES,
  }),
  field({
    ...X,
    key: 'experience_company_location_continent',
    pdlField: 'experience.company.location.continent',
    label: 'Past Company Continent',
    kind: 'location',
    options: CONTINENTS,
  }),
  field({
    ...X,
    key: 'experience_title',
    pdlField: 'experience.title.name',
    label: 'Past Job Title',
    kind: 'multi',
    autocomplete: 'job_title',
  }),
  field({
    ...X,
    key: 'experience_title_levels',
    pdlField: 'experience.title.levels',
    label: 'Past Job Level',
    kind: 'multi',
    options: JOB_LEVELS,
  }),
  field({
    ...X,
    key: 'experience_title_role',
    pdlField: 'experience.title.role',
    label: 'Past Department',
    kind: 'multi',
    options: DEPARTMENTS,
  }),
  field({
    ...X,
    key: 'experience_title_sub_role',
    pdlField: 'experience.title.sub_role',
    label: 'Past Sub Department',
    kind: 'multi',
    options: SUB_DEPARTMENTS,
  }),
  field({
    ...X,
    key: 'experience_company_type',
    pdlField: 'experience.company.type',
    label: 'Past Company Listing',
    kind: 'multi',
    options: COMPANY_TYPES,
  }),
  field({
    ...X,
    key: 'experience_company_industry',
    pdlField: 'experience.company.industry',
    label: 'Past Company Industry',
    kind: 'multi',
    autocomplete: 'industry',
  }),
  field({
    ...X,
    key: 'experience_company_website',
    pdlField: 'experience.company.website',
    label: 'Past Company Website',
    kind: 'multi',
    autocomplete: 'job_company_website',
  }),
];

export const SEARCH_PAGE_SIZE = { default: 25, max: 100 } as const;

/** `POST /search/contacts`: the filters and the page size travel together in `params`. */
export const SearchRequest = z.object({
  params: SearchFilters.extend({
    size: int32().min(1).max(SEARCH_PAGE_SIZE.max).default(SEARCH_PAGE_SIZE.default),
  }),
  scroll_token: text().min(1).max(2000).nullish(),
  /**
   * The search the screen runs by itself when it opens. The server honours it only for the
   * first page of the opening filters (a free preview, see `isOpeningSearch`); otherwise it is
   * metered like any search.
   */
  preview: z.boolean().optional(),
});
export type SearchRequest = z.infer<typeof SearchRequest>;
export type SearchRequestInput = z.input<typeof SearchRequest>;

/** Email statuses of spec §4; the UI groups them as verified, do not email and risky. */
export const ProspectEmailStatus = z.enum([
  'valid',
  'personal',
  'hq',
  'invalid',
  'do_not_mail',
  'catch-all',
  'unknown',
  'unverified',
]);
export type ProspectEmailStatus = z.infer<typeof ProspectEmailStatus>;

/** `source`: the enrichment provider that found it (absent for uploaded values). */
export const ProspectEmail = z.object({
  email: z.string(),
  status: ProspectEmailStatus,
  source: z.string().optional(),
  /** When an email validation checked it (ISO time); absent until then. */
  verifiedAt: z.string().optional(),
});
export type ProspectEmail = z.infer<typeof ProspectEmail>;
/** Phone status is 'valid' or anything else (spec §4), so it stays a string. */
export const ProspectPhone = z.object({ phoneNumber: z.string(), status: z.string(), source: z.string().optional() });
export type ProspectPhone = z.infer<typeof ProspectPhone>;

/** One search result row (spec §3 "Prospect"). */
export const Prospect = z.object({
  /** The person's id in the people database. */
  _id: z.string(),
  /** The team's contact id for this person once saved or enriched, else null. */
  contact: z.string().nullable(),
  full_name: z.string().nullable(),
  job_title: z.string().nullable(),
  job_company_name: z.string().nullable(),
  job_company_website: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  location_name: z.string().nullable(),
  industry: z.string().nullable(),
  emails: z.array(ProspectEmail),
  primaryEmail: z.string().nullable(),
  phones: z.array(ProspectPhone),
  primaryPhone: z.string().nullable(),
  /** ISO timestamps of the last enrichment of each kind, null when never enriched. */
  lastEmailEnrichment: z.string().nullable(),
  lastPhoneEnrichment: z.string().nullable(),
  /** True for a team-uploaded (custom) contact rather than a database person. */
  isCustom: z.boolean(),
  /** True when the person is already saved in one of the team's lists. */
  savedProfile: z.boolean(),
  /** Which contact channels the database holds for the person (revealed by enrichment). */
  hasWorkEmail: z.boolean(),
  hasPersonalEmails: z.boolean(),
  hasMobilePhone: z.boolean(),
});
export type Prospect = z.infer<typeof Prospect>;

/** A company as the search results show it (spec §3 "Company row"). */
export const CompanyResult = z.object({
  _id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  industry: z.string().nullable(),
  estimatedRevenueLowerBoundUSD: z.number().nullable(),
  estimatedRevenueHigherBoundUSD: z.number().nullable(),
  headQuartersCountry: z.string().nullable(),
  linkedInHeadCount: z.number().int().nullable(),
});
export type CompanyResult = z.infer<typeof CompanyResult>;

/** Counting stops here; beyond it `total` is a lower bound. */
export const TOTAL_EXACT_LIMIT = 10_000;

export const SearchResponse = z.object({
  data: z.object({
    response: z.object({
      data: z.array(Prospect),
      total: z.number().int().nonnegative(),
      total_is_lower_bound: z.boolean(),
      /** Null when there is no further page. */
      scroll_token: z.string().nullable(),
      /** The normalized filters the server actually applied. */
      appliedFilters: SearchFilters,
    }),
  }),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/** `POST /search/companies`: the same paging as people, with Company rows. */
export const CompanySearchResponse = z.object({
  data: z.object({
    response: z.object({
      data: z.array(CompanyResult),
      total: z.number().int().nonnegative(),
      total_is_lower_bound: z.boolean(),
      scroll_token: z.string().nullable(),
      appliedFilters: SearchFilters,
    }),
  }),
});
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>;

/** `POST /search/save`. */
export const SaveSearchBody = z.object({
  title: SavedSearchTitle,
  filters: SearchFilters,
});
export type SaveSearchBody = z.infer<typeof SaveSearchBody>;
export type SaveSearchBodyInput = z.input<typeof SaveSearchBody>;

export const SavedSearchDto = z.object({
  _id: z.string(),
  title: z.string(),
  filters: SearchFilters,
  createdAt: z.string(),
});
export type SavedSearchDto = z.infer<typeof SavedSearchDto>;
/** `GET /search/save`. */
export const SavedSearchListResponse = z.object({ data: z.array(SavedSearchDto) });
export const SaveSearchResponse = z.object({ data: SavedSearchDto });

export const SAVED_SEARCH_DUPLICATE =
  'A saved search with this name already exists. Please choose a different name!';

/** Messages of spec §7 and §8 for the search screen, verbatim. */
export const SEARCH_MESSAGES = {
  savedSearchDuplicate: SAVED_SEARCH_DUPLICATE,
  noProspects: "We couldn't find any prospects. Try again with different filters!",
  searchFailed: 'Failed to search prospects',
  savedSearchesFetchFailed: 'There was an error fetching your saved searches. Please try again later!',
  saveFiltersFailed: 'There was an error trying to save the filters. Please try again later!',
  searchSaved: 'Search saved successfully!',
  optionsLoadFailed: 'There was an error trying to load the options. Please try again later!',
  noOptions: 'No options found.',
  cannotEnrich: 'Prospects without LinkedIn URL or Full Name & Company cannot be enriched',
} as const;

/** A 504 from search is retried this many times, this far apart (spec §4). */
export const SEARCH_RETRY = { attempts: 3, delayMs: 3000 } as const;
export const SEARCH_SIDEBAR_WIDTH = { open: 350, closed: 58 } as const;
