import { describe, expect, it } from 'vitest';
import {
  CompanyResult,
  DEFAULT_SEARCH_FILTERS,
  FILTER_FIELDS,
  FilterOption,
  MAX_FILTER_VALUES,
  Prospect,
  SAVED_SEARCH_DUPLICATE,
  SaveSearchBody,
  SEARCH_MESSAGES,
  SEARCH_RETRY,
  SEARCH_SIDEBAR_WIDTH,
  SearchFilters,
  SearchRequest,
  SearchResponse,
  TOTAL_EXACT_LIMIT,
  type FilterFieldMeta,
  type FilterKind,
} from './filters.js';

const include = (value: string) => ({ label: value, value, status: 'include' as const });

describe('FilterOption', () => {
  it('defaults the status to include when it is missing', () => {
    expect(FilterOption.parse({ label: 'Berlin', value: 'berlin' }).status).toBe('include');
  });

  it('keeps exclude when the client sends it', () => {
    expect(FilterOption.parse({ label: 'Berlin', value: 'berlin', status: 'exclude' }).status).toBe('exclude');
  });

  it('rejects a status when it is neither include nor exclude', () => {
    expect(FilterOption.safeParse({ label: 'Berlin', value: 'berlin', status: 'maybe' }).success).toBe(false);
  });
});

describe('SearchFilters', () => {
  it('accepts every field of spec §3 when all are set', () => {
    const all = {
      full_name: 'Ada Lovelace',
      keywords: 'saas*',
      location_country: [include('germany')],
      location_name: [include('berlin, berlin, germany')],
      location_continent: [include('europe')],
      job_title: [include('cto')],
      job_title_levels: [include('cxo')],
      sex: [include('female')],
      languages: [include('german')],
      skills: [include('python')],
      inferred_years_experience: { min: 2, max: 10 },
      months_in_current_role: 6,
      job_start_date: '2024-01',
      certifications: [include('aws')],
      education_school: [include('mit')],
      education_degrees: [include('masters')],
      work_email: true,
      mobile_phone: true,
      personal_emails: false,
      linkedin_url: 'linkedin.com/in/ada',
      github_url: 'github.com/ada',
      github_username: 'ada',
      facebook_url: 'facebook.com/ada',
      job_company_name: [include('acme')],
      job_title_role: [include('engineering')],
      job_title_sub_role: [include('software')],
      industry: [include('computer software')],
      job_company_location_name: [include('berlin, berlin, germany')],
      job_company_location_country: [include('germany')],
      job_company_location_continent: [include('europe')],
      job_company_size: [include('51-200')],
      job_company_website: [include('acme.com')],
      job_company_inferred_revenue: [include('$1M-$10M')],
      job_company_total_funding_raised: { min: 1_000_000 },
      job_company_employee_count: { max: 500 },
      job_company_type: [include('private')],
      experience_company_name: [include('globex')],
      experience_company_location_name: [include('paris, ile-de-france, france')],
      experience_company_location_country: [include('france')],
      experience_company_location_continent: [include('europe')],
      experience_title: [include('engineer')],
      experience_title_levels: [include('senior')],
      experience_title_role: [include('engineering')],
      experience_title_sub_role: [include('data')],
      experience_company_type: [include('public')],
      experience_company_industry: [include('internet')],
      experience_company_website: [include('globex.com')],
    };
    expect(SearchFilters.parse(all)).toEqual(all);
  });

  it('drops unknown keys when parsing', () => {
    expect(SearchFilters.parse({ full_name: 'Ada', favourite_colour: 'blue' })).toEqual({ full_name: 'Ada' });
  });

  it('stores enumerated values lowercase when the client sends another case or spacing', () => {
    const parsed = SearchFilters.parse({
      job_title_levels: [{ label: 'VP', value: 'VP' }],
      location_continent: [{ label: 'Europe', value: ' Europe ' }],
    });
    expect(parsed.job_title_levels?.[0]?.value).toBe('vp');
    expect(parsed.location_continent?.[0]?.value).toBe('europe');
  });

  it('rejects an enumerated value when it is not in its list', () => {
    expect(SearchFilters.safeParse({ job_title_levels: [include('king')] }).success).toBe(false);
    expect(SearchFilters.safeParse({ job_title_sub_role: [include('wizardry')] }).success).toBe(false);
  });

  it('rejects job_start_date when it is not YYYY-MM', () => {
    expect(SearchFilters.safeParse({ job_start_date: '2024-13' }).success).toBe(false);
    expect(SearchFilters.safeParse({ job_start_date: '2024-1' }).success).toBe(false);
    expect(SearchFilters.safeParse({ job_start_date: '2024-12' }).success).toBe(true);
  });

  it('rejects months in role when negative or fractional', () => {
    expect(SearchFilters.safeParse({ months_in_current_role: -1 }).success).toBe(false);
    expect(SearchFilters.safeParse({ months_in_current_role: 1.5 }).success).toBe(false);
  });

  it('rejects a multi-select when it holds more than the maximum of values', () => {
    const tooMany = Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => include(`title ${i}`));
    expect(SearchFilters.safeParse({ job_title: tooMany }).success).toBe(false);
  });

  it('rejects a range end when it is not a finite number', () => {
    const infinite = { inferred_years_experience: { min: Number.POSITIVE_INFINITY } };
    expect(SearchFilters.safeParse(infinite).success).toBe(false);
    expect(SearchFilters.safeParse({ inferred_years_experience: { min: '3' } }).success).toBe(false);
  });

  it('starts a new search with people in the United States', () => {
    expect(SearchFilters.parse(DEFAULT_SEARCH_FILTERS)).toEqual({
      location_country: [{ label: 'United States', value: 'united states', status: 'include' }],
    });
  });
});

function sampleFor(meta: FilterFieldMeta): unknown {
  const samples: Record<FilterKind, unknown> = {
    text: 'something',
    multi: [include(meta.options?.[0] ?? 'anything')],
    location: [include(meta.options?.[0] ?? 'anything')],
    range: { min: 1, max: 2 },
    boolean: true,
    months: 3,
  };
  return samples[meta.kind];
}

describe('FILTER_FIELDS', () => {
  const keys = FILTER_FIELDS.map((f) => f.key);

  it('describes every filter key except the derived job_start_date', () => {
    const schemaKeys = Object.keys(SearchFilters.shape).filter((k) => k !== 'job_start_date');
    expect([...keys].sort()).toEqual(schemaKeys.sort());
  });

  it('lists each key and each label once', () => {
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(FILTER_FIELDS.map((f) => f.label)).size).toBe(FILTER_FIELDS.length);
  });

  it('gives each field a kind its schema accepts', () => {
    for (const meta of FILTER_FIELDS) {
      const result = SearchFilters.safeParse({ [meta.key]: sampleFor(meta) });
      expect(result.success, meta.key).toBe(true);
    }
  });

  it('allows exclusion exactly for multi-select and location filters', () => {
    for (const meta of FILTER_FIELDS) {
      expect(meta.supportsExclude, meta.key).toBe(meta.kind === 'multi' || meta.kind === 'location');
    }
  });

  it('gives every multi-select one source of options, autocomplete or a fixed list', () => {
    for (const meta of FILTER_FIELDS.filter((f) => f.supportsExclude)) {
      expect(Boolean(meta.autocomplete) !== Boolean(meta.options), meta.key).toBe(true);
    }
  });

  it('keeps the dotted PDL name when the field is nested', () => {
    const pdl = (key: string) => FILTER_FIELDS.find((f) => f.key === key)?.pdlField;
    expect(pdl('languages')).toBe('languages.name');
    expect(pdl('certifications')).toBe('certifications.name');
    expect(pdl('education_school')).toBe('education.school.name');
    expect(pdl('education_degrees')).toBe('education.degrees');
    expect(pdl('experience_title')).toBe('experience.title.name');
    expect(pdl('months_in_current_role')).toBe('job_start_date');
    expect(pdl('job_title')).toBe('job_title');
  });

  it('puts the People extras of spec §2 under more filters and the rest in main', () => {
    const more = FILTER_FIELDS.filter((f) => f.group === 'more_filters').map((f) => f.key);
    expect(more).toEqual([
      'sex', 'languages', 'skills', 'inferred_years_experience', 'months_in_current_role', 'certifications',
      'education_school', 'education_degrees', 'work_email', 'mobile_phone', 'personal_emails', 'linkedin_url',
      'github_url', 'github_username', 'facebook_url',
    ]);
    for (const meta of FILTER_FIELDS.filter((f) => f.group === 'more_filters')) expect(meta.section).toBe('people');
  });

  it('files experience fields under Past Job and current company fields under Company', () => {
    for (const meta of FILTER_FIELDS) {
      if (meta.key.startsWith('experience_')) expect(meta.section, meta.key).toBe('past_job');
      if (meta.key.startsWith('job_company_')) expect(meta.section, meta.key).toBe('company');
    }
  });
});

describe('SearchRequest', () => {
  it('defaults the page size to 25 when the client sends none', () => {
    expect(SearchRequest.parse({ params: {} }).params.size).toBe(25);
  });

  it('rejects a page size when it is below 1 or above 100', () => {
    expect(SearchRequest.safeParse({ params: { size: 0 } }).success).toBe(false);
    expect(SearchRequest.safeParse({ params: { size: 101 } }).success).toBe(false);
    expect(SearchRequest.safeParse({ params: { size: 100 } }).success).toBe(true);
  });

  it('carries filters and a scroll token when paging', () => {
    const parsed = SearchRequest.parse({ params: { full_name: 'Ada', size: 50 }, scroll_token: 'abc' });
    expect(parsed).toEqual({ params: { full_name: 'Ada', size: 50 }, scroll_token: 'abc' });
  });

  it('accepts a null scroll token when asking for the first page', () => {
    expect(SearchRequest.safeParse({ params: {}, scroll_token: null }).success).toBe(true);
  });
});

const prospect = {
  _id: 'p1',
  contact: null,
  full_name: 'ada lovelace',
  job_title: 'cto',
  job_company_name: 'acme',
  job_company_website: 'acme.com',
  linkedin_url: 'linkedin.com/in/ada',
  location_name: null,
  industry: null,
  emails: [{ email: 'ada@acme.com', status: 'valid' }],
  primaryEmail: 'ada@acme.com',
  phones: [{ phoneNumber: '+15550100', status: 'valid' }],
  primaryPhone: '+15550100',
  lastEmailEnrichment: '2025-01-01T00:00:00.000Z',
  lastPhoneEnrichment: null,
  isCustom: false,
  savedProfile: false,
  hasWorkEmail: true,
  hasPersonalEmails: false,
  hasMobilePhone: false,
};

describe('SearchResponse', () => {
  it('parses an answer with prospects when optional fields are null', () => {
    const answer = {
      data: {
        response: {
          data: [prospect],
          total: 10_000,
          total_is_lower_bound: true,
          scroll_token: null,
          appliedFilters: { job_title: [include('cto')] },
        },
      },
    };
    expect(SearchResponse.parse(answer)).toEqual(answer);
  });

  it('rejects a prospect when an email status is not one of spec §4', () => {
    expect(Prospect.safeParse({ ...prospect, emails: [{ email: 'a@b.co', status: 'great' }] }).success).toBe(false);
  });
});

describe('CompanyResult', () => {
  it('parses a row when revenue bounds are unknown', () => {
    const row = {
      _id: 'c1',
      name: 'acme',
      domain: 'acme.com',
      industry: 'internet',
      estimatedRevenueLowerBoundUSD: null,
      estimatedRevenueHigherBoundUSD: null,
      headQuartersCountry: 'united states',
      linkedInHeadCount: 120,
    };
    expect(CompanyResult.parse(row)).toEqual(row);
  });
});

describe('SaveSearchBody', () => {
  it('trims the title when saving', () => {
    expect(SaveSearchBody.parse({ title: '  CTOs in Berlin ', filters: {} }).title).toBe('CTOs in Berlin');
  });

  it('rejects the title when it is blank', () => {
    expect(SaveSearchBody.safeParse({ title: '   ', filters: {} }).success).toBe(false);
  });

  it('rejects the title when it is longer than 120 characters', () => {
    expect(SaveSearchBody.safeParse({ title: 'x'.repeat(121), filters: {} }).success).toBe(false);
    expect(SaveSearchBody.safeParse({ title: 'x'.repeat(120), filters: {} }).success).toBe(true);
  });
});

describe('search constants', () => {
  it('keeps the business constants of spec §9 when read', () => {
    expect(SEARCH_RETRY).toEqual({ attempts: 3, delayMs: 3000 });
    expect(SEARCH_SIDEBAR_WIDTH).toEqual({ open: 350, closed: 58 });
    expect(TOTAL_EXACT_LIMIT).toBe(10_000);
  });

  it('uses the duplicate-name warning of spec §5 for saved searches', () => {
    expect(SEARCH_MESSAGES.savedSearchDuplicate).toBe(SAVED_SEARCH_DUPLICATE);
    expect(SAVED_SEARCH_DUPLICATE).toBe(
      'A saved search with this name already exists. Please choose a different name!',
    );
  });
});
