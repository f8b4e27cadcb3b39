import { describe, expect, it } from 'vitest';
import { CONTINENT_COUNTRIES } from './enums.js';
import { FILTER_FIELDS, SearchFilters, type FilterOption, type SearchFiltersInput } from './filters.js';
import {
  applyMonthsInCurrentRole,
  canonicalizeOptions,
  clampRangeInput,
  continentsToCountries,
  countActiveFilters,
  expandContinents,
  githubUsername,
  hasWildcard,
  isFilterActive,
  isSavedSearchTitleTaken,
  keepSubDepartmentsUnderDepartments,
  mergeOptions,
  normalizeFilters,
  normalizeRange,
  orderRange,
  prospectCanBeEnriched,
  searchFilterMatches,
  shortenProfileUrls,
  shortGithubUrl,
  shortLinkedInUrl,
  trimAndDropEmpty,
  wildcardToLikePattern,
  yearMonthMonthsAgo,
} from './normalize.js';

const inc = (value: string, label = value): FilterOption => ({ label, value, status: 'include' });
const exc = (value: string, label = value): FilterOption => ({ label, value, status: 'exclude' });
const NOW = new Date('2025-03-15T12:00:00Z');
const parse = (input: SearchFiltersInput) => SearchFilters.parse(input);

describe('trimAndDropEmpty', () => {
  it('trims text when it has surrounding spaces', () => {
    expect(trimAndDropEmpty({ full_name: '  Ada Lovelace \n' })).toEqual({ full_name: 'Ada Lovelace' });
  });

  it('drops text when it is blank', () => {
    expect(trimAndDropEmpty({ full_name: '   ', keywords: '' })).toEqual({});
  });

  it('drops a list when it is empty', () => {
    expect(trimAndDropEmpty({ job_title: [] })).toEqual({});
  });

  it('drops an option when its value is blank and the list when nothing is left', () => {
    expect(trimAndDropEmpty({ job_title: [inc('  '), inc(' cto ', ' CTO ')] })).toEqual({
      job_title: [inc('cto', 'CTO')],
    });
    expect(trimAndDropEmpty({ skills: [inc(''), inc(' ')] })).toEqual({});
  });

  it('labels an option from its value when the label is blank', () => {
    expect(trimAndDropEmpty({ location_country: [inc('united kingdom', ' ')] })).toEqual({
      location_country: [inc('united kingdom', 'United Kingdom')],
    });
  });

  it('drops a range when neither end is set', () => {
    expect(trimAndDropEmpty({ inferred_years_experience: {} })).toEqual({});
    expect(trimAndDropEmpty({ inferred_years_experience: { min: null, max: Number.NaN } })).toEqual({});
  });

  it('keeps a range when one end is set, even to zero', () => {
    expect(trimAndDropEmpty({ job_company_employee_count: { min: 0, max: null } })).toEqual({
      job_company_employee_count: { min: 0, max: null },
    });
  });

  it('drops a must-have flag when it is false and keeps it when true', () => {
    expect(trimAndDropEmpty({ work_email: false, mobile_phone: true })).toEqual({ mobile_phone: true });
  });

  it('does not change the filters it was given', () => {
    const filters = { full_name: ' Ada ', job_title: [inc(' cto ')] };
    trimAndDropEmpty(filters);
    expect(filters).toEqual({ full_name: ' Ada ', job_title: [inc(' cto ')] });
  });
});

describe('clampRangeInput', () => {
  it('keeps a positive number when one is typed', () => {
    expect(clampRangeInput(12)).toBe(12);
    expect(clampRangeInput(' 2.5 ')).toBe(2.5);
  });

  it('turns a negative value into 0', () => {
    expect(clampRangeInput(-3)).toBe(0);
    expect(clampRangeInput('-3')).toBe(0);
  });

  it('turns empty input into 0', () => {
    expect(clampRangeInput('')).toBe(0);
    expect(clampRangeInput('  ')).toBe(0);
    expect(clampRangeInput(null)).toBe(0);
    expect(clampRangeInput(undefined)).toBe(0);
  });

  it('turns unreadable input into 0', () => {
    expect(clampRangeInput('ten')).toBe(0);
    expect(clampRangeInput(Number.NaN)).toBe(0);
    expect(clampRangeInput(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('orderRange', () => {
  it('swaps the ends when min is greater than max', () => {
    expect(orderRange({ min: 10, max: 2 })).toEqual({ min: 2, max: 10 });
  });

  it('leaves the range alone when it is already ordered, equal or open', () => {
    expect(orderRange({ min: 2, max: 10 })).toEqual({ min: 2, max: 10 });
    expect(orderRange({ min: 5, max: 5 })).toEqual({ min: 5, max: 5 });
    expect(orderRange({ min: 10, max: null })).toEqual({ min: 10, max: null });
  });
});

describe('normalizeRange', () => {
  it('clamps a negative end to 0 and then orders the ends', () => {
    expect(normalizeRange({ min: 5, max: -1 })).toEqual({ min: 0, max: 5 });
  });

  it('keeps an unset end open instead of making it 0', () => {
    expect(normalizeRange({ min: 3, max: null })).toEqual({ min: 3 });
    expect(normalizeRange({ max: 50 })).toEqual({ max: 50 });
  });

  it('answers undefined when no end is non-zero', () => {
    expect(normalizeRange({ min: 0, max: 0 })).toBeUndefined();
    expect(normalizeRange({ min: -4 })).toBeUndefined();
    expect(normalizeRange({})).toBeUndefined();
  });
});

describe('shortLinkedInUrl', () => {
  it('reduces a full profile URL to the PDL short form', () => {
    expect(shortLinkedInUrl('https://www.linkedin.com/in/John-Doe-123/?x=1')).toBe('linkedin.com/in/john-doe-123');
  });

  it('drops sub-pages and fragments when the URL has them', () => {
    expect(shortLinkedInUrl('linkedin.com/in/jane/details/experience#top')).toBe('linkedin.com/in/jane');
  });

  it('shortens company and school URLs too', () => {
    expect(shortLinkedInUrl('https://uk.linkedin.com/company/Acme-Corp/about/')).toBe('linkedin.com/company/acme-corp');
    expect(shortLinkedInUrl('http://linkedin.com/school/mit')).toBe('linkedin.com/school/mit');
  });

  it('accepts mobile and country hosts', () => {
    expect(shortLinkedInUrl('https://m.linkedin.com/in/jane')).toBe('linkedin.com/in/jane');
    expect(shortLinkedInUrl('de.linkedin.com/in/jane')).toBe('linkedin.com/in/jane');
  });

  it('treats a lone name as a personal profile', () => {
    expect(shortLinkedInUrl(' Jane-Doe ')).toBe('linkedin.com/in/jane-doe');
  });

  it('returns another site cleaned but not reshaped', () => {
    expect(shortLinkedInUrl('https://www.example.com/in/jane?x=1')).toBe('example.com/in/jane');
  });

  it('answers an empty string when the input is blank', () => {
    expect(shortLinkedInUrl('  ')).toBe('');
  });
});

describe('shortGithubUrl', () => {
  it('reduces a repository URL to the user profile short form', () => {
    expect(shortGithubUrl('https://github.com/Octo-Cat/hello-world?tab=readme')).toBe('github.com/octo-cat');
  });

  it('turns a lone name or @name into a profile URL', () => {
    expect(shortGithubUrl('Octo-Cat')).toBe('github.com/octo-cat');
    expect(shortGithubUrl('@octocat')).toBe('github.com/octocat');
  });

  it('returns another site cleaned but not reshaped', () => {
    expect(shortGithubUrl('https://gitlab.com/octocat/')).toBe('gitlab.com/octocat');
  });
});

describe('githubUsername', () => {
  it('extracts the lowercase login when given a URL', () => {
    expect(githubUsername('https://www.github.com/OctoCat/repo')).toBe('octocat');
  });

  it('lowercases a plain or @ name', () => {
    expect(githubUsername(' OctoCat ')).toBe('octocat');
    expect(githubUsername('@OctoCat')).toBe('octocat');
  });
});

describe('shortenProfileUrls', () => {
  it('shortens the LinkedIn and GitHub fields and leaves the rest alone', () => {
    expect(
      shortenProfileUrls({
        linkedin_url: 'https://www.linkedin.com/in/Jane/',
        github_url: 'https://github.com/Jane/x',
        github_username: 'https://github.com/Jane',
        facebook_url: 'https://facebook.com/jane',
      }),
    ).toEqual({
      linkedin_url: 'linkedin.com/in/jane',
      github_url: 'github.com/jane',
      github_username: 'jane',
      facebook_url: 'https://facebook.com/jane',
    });
  });

  it('adds nothing when no profile field is set', () => {
    expect(shortenProfileUrls({ full_name: 'Jane' })).toEqual({ full_name: 'Jane' });
  });
});

describe('yearMonthMonthsAgo', () => {
  it('counts back whole calendar months from now', () => {
    expect(yearMonthMonthsAgo(2, NOW)).toBe('2025-01');
  });

  it('crosses into earlier years when the months reach past January', () => {
    expect(yearMonthMonthsAgo(3, NOW)).toBe('2024-12');
    expect(yearMonthMonthsAgo(27, NOW)).toBe('2022-12');
  });

  it('uses UTC when local time is already in the next month', () => {
    expect(yearMonthMonthsAgo(0, new Date('2025-03-31T23:30:00Z'))).toBe('2025-03');
  });

  it('does not skip a month when today is the 31st', () => {
    expect(yearMonthMonthsAgo(1, new Date('2025-03-31T12:00:00Z'))).toBe('2025-02');
  });
});

describe('applyMonthsInCurrentRole', () => {
  it('turns months in role into the earliest start month when it is positive', () => {
    expect(applyMonthsInCurrentRole({ months_in_current_role: 6, full_name: 'Ada' }, NOW)).toEqual({
      full_name: 'Ada',
      job_start_date: '2024-09',
    });
  });

  it('ignores 0 and keeps a start month given directly', () => {
    expect(applyMonthsInCurrentRole({ months_in_current_role: 0, job_start_date: '2020-01' }, NOW)).toEqual({
      job_start_date: '2020-01',
    });
  });

  it('replaces a start month given directly when months in role are set', () => {
    expect(applyMonthsInCurrentRole({ months_in_current_role: 1, job_start_date: '2020-01' }, NOW)).toEqual({
      job_start_date: '2025-02',
    });
  });
});

describe('mergeOptions', () => {
  it('keeps one option per value when values repeat in another case', () => {
    expect(mergeOptions([inc('cto'), inc('CTO'), inc('ceo')])).toEqual([inc('cto'), inc('ceo')]);
  });

  it('lets an exclusion win when a value is both included and excluded', () => {
    expect(mergeOptions([inc('germany'), exc('Germany')])).toEqual([exc('germany')]);
    expect(mergeOptions([exc('germany'), inc('germany')])).toEqual([exc('germany')]);
  });

  it('keeps the position where the value first appeared', () => {
    expect(mergeOptions([inc('a'), inc('b'), exc('a')]).map((o) => o.value)).toEqual(['a', 'b']);
  });
});

describe('canonicalizeOptions', () => {
  it('lowercases free values as PDL stores them', () => {
    expect(canonicalizeOptions({ job_title: [inc('Head of Sales')] })).toEqual({
      job_title: [inc('head of sales', 'Head of Sales')],
    });
  });

  it('uses the canonical spelling when the field has fixed options', () => {
    const parsed = canonicalizeOptions({ job_company_inferred_revenue: [inc(' $1m-$10m ')] as never });
    expect(parsed.job_company_inferred_revenue?.[0]?.value).toBe('$1M-$10M');
  });

  it('merges values that become equal once spelled the same', () => {
    expect(canonicalizeOptions({ location_country: [inc('Germany'), exc('germany ')] })).toEqual({
      location_country: [exc('germany', 'Germany')],
    });
  });
});

describe('continentsToCountries', () => {
  it('gives every country of a continent with the continent status', () => {
    const countries = continentsToCountries([exc('oceania')]);
    expect(countries.map((c) => c.value)).toEqual([...CONTINENT_COUNTRIES.oceania]);
    expect(countries.every((c) => c.status === 'exclude')).toBe(true);
    expect(countries[0]).toEqual({ label: 'Australia', value: 'australia', status: 'exclude' });
  });

  it('gives nothing when the continent is unknown', () => {
    expect(continentsToCountries([inc('atlantis')])).toEqual([]);
  });
});

describe('expandContinents', () => {
  it('adds the continent countries to the country filter and removes the continent filter', () => {
    const out = expandContinents(
      parse({ location_continent: [inc('south america')], location_country: [inc('united states')] }),
    );
    expect(out.location_continent).toBeUndefined();
    const countries = out.location_country?.map((c) => c.value);
    expect(countries).toEqual(['united states', ...CONTINENT_COUNTRIES['south america']]);
  });

  it('lets an excluded country win over its included continent', () => {
    const out = expandContinents(parse({ location_continent: [inc('europe')], location_country: [exc('germany')] }));
    const germany = out.location_country?.filter((c) => c.value === 'germany');
    expect(germany).toEqual([exc('germany')]);
    expect(out.location_country?.find((c) => c.value === 'france')?.status).toBe('include');
  });

  it('lets an excluded continent win over an included country', () => {
    const out = expandContinents(parse({ location_country: [inc('france')], location_continent: [exc('europe')] }));
    expect(out.location_country?.find((c) => c.value === 'france')?.status).toBe('exclude');
  });

  it('expands company and past-job continents into their own country filters', () => {
    const out = expandContinents(
      parse({
        job_company_location_continent: [inc('oceania')],
        experience_company_location_continent: [exc('antarctica')],
      }),
    );
    expect(out.job_company_location_country?.map((c) => c.value)).toContain('new zealand');
    expect(out.experience_company_location_country).toEqual([exc('antarctica', 'Antarctica')]);
    expect(out.location_country).toBeUndefined();
  });

  it('removes an empty continent filter without adding countries', () => {
    expect(expandContinents({ location_continent: [] })).toEqual({});
  });
});

describe('keepSubDepartmentsUnderDepartments', () => {
  it('keeps sub-departments when they belong to an included department', () => {
    expect(keepSubDepartmentsUnderDepartments([inc('engineering')], [inc('software'), inc('recruiting')])).toEqual([
      inc('software'),
    ]);
  });

  it('keeps an excluded sub-department under an included department', () => {
    expect(keepSubDepartmentsUnderDepartments([inc('engineering')], [exc('quality_assurance')])).toEqual([
      exc('quality_assurance'),
    ]);
  });

  it('drops sub-departments when their department is excluded', () => {
    expect(keepSubDepartmentsUnderDepartments([exc('engineering')], [inc('software')])).toEqual([]);
  });

  it('drops every sub-department when no department is chosen', () => {
    expect(keepSubDepartmentsUnderDepartments(undefined, [inc('software')])).toEqual([]);
    expect(keepSubDepartmentsUnderDepartments([], [inc('software')])).toEqual([]);
  });
});

describe('isFilterActive', () => {
  it('counts text when it is not blank', () => {
    expect(isFilterActive('cto')).toBe(true);
    expect(isFilterActive('  ')).toBe(false);
  });

  it('counts a list when it is not empty', () => {
    expect(isFilterActive([inc('cto')])).toBe(true);
    expect(isFilterActive([])).toBe(false);
  });

  it('counts a range when an end is non-zero', () => {
    expect(isFilterActive({ min: 0, max: 5 })).toBe(true);
    expect(isFilterActive({ min: 3 })).toBe(true);
    expect(isFilterActive({ min: 0, max: 0 })).toBe(false);
    expect(isFilterActive({ min: null, max: null })).toBe(false);
  });

  it('counts a flag when it is true and a number when it is non-zero', () => {
    expect(isFilterActive(true)).toBe(true);
    expect(isFilterActive(false)).toBe(false);
    expect(isFilterActive(6)).toBe(true);
    expect(isFilterActive(0)).toBe(false);
  });

  it('does not count a missing value', () => {
    expect(isFilterActive(undefined)).toBe(false);
    expect(isFilterActive(null)).toBe(false);
  });
});

describe('countActiveFilters', () => {
  it('counts only the filters that are set', () => {
    expect(
      countActiveFilters({
        full_name: 'Ada',
        keywords: ' ',
        job_title: [inc('cto')],
        skills: [],
        inferred_years_experience: { min: 0, max: 0 },
        job_company_employee_count: { max: 100 },
        work_email: true,
        mobile_phone: false,
        months_in_current_role: 0,
      }),
    ).toBe(4);
  });

  it('counts the default United States filter when nothing else is set', () => {
    expect(countActiveFilters({ location_country: [inc('united states')] })).toBe(1);
  });

  it('counts nothing when no filter is set', () => {
    expect(countActiveFilters({})).toBe(0);
  });
});

/** Postgres LIKE with ESCAPE '\', as a regular expression, to check what a pattern matches. */
function likeMatches(pattern: string, text: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (ch === '%') source += '[\\s\\S]*';
    else if (ch === '_') source += '[\\s\\S]';
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(text);
}

describe('wildcardToLikePattern', () => {
  it('turns * into % and ? into _', () => {
    expect(wildcardToLikePattern('sa*s?')).toBe('sa%s_');
  });

  it('escapes a %, _ or backslash the user typed', () => {
    expect(wildcardToLikePattern('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('leaves text without wildcards or specials unchanged', () => {
    expect(wildcardToLikePattern('head of growth')).toBe('head of growth');
  });

  it('matches any run of characters for * and exactly one for ? when used with LIKE', () => {
    expect(likeMatches(wildcardToLikePattern('jo*n'), 'jonas')).toBe(false);
    expect(likeMatches(wildcardToLikePattern('jo*n'), 'johnson')).toBe(true);
    expect(likeMatches(wildcardToLikePattern('jo*n'), 'jon')).toBe(true);
    expect(likeMatches(wildcardToLikePattern('j?n'), 'jon')).toBe(true);
    expect(likeMatches(wildcardToLikePattern('j?n'), 'joan')).toBe(false);
  });

  it('matches a typed % or _ only literally when used with LIKE', () => {
    expect(likeMatches(wildcardToLikePattern('50%'), '50%')).toBe(true);
    expect(likeMatches(wildcardToLikePattern('50%'), '500')).toBe(false);
    expect(likeMatches(wildcardToLikePattern('a_b'), 'axb')).toBe(false);
    expect(likeMatches(wildcardToLikePattern('a\\b'), 'a\\b')).toBe(true);
  });
});

describe('hasWildcard', () => {
  it('says yes when the text holds * or ?', () => {
    expect(hasWildcard('sales*')).toBe(true);
    expect(hasWildcard('m?nager')).toBe(true);
  });

  it('says no when the text holds only plain characters or LIKE specials', () => {
    expect(hasWildcard('sales manager')).toBe(false);
    expect(hasWildcard('100% remote_')).toBe(false);
  });
});

describe('prospectCanBeEnriched', () => {
  it('allows a prospect when it has a LinkedIn URL', () => {
    expect(prospectCanBeEnriched({ linkedin_url: 'linkedin.com/in/ada' })).toBe(true);
  });

  it('allows a prospect when it has both a full name and a company', () => {
    expect(prospectCanBeEnriched({ full_name: 'Ada', job_company_name: 'Acme', linkedin_url: null })).toBe(true);
  });

  it('refuses a prospect when it has a name but no company and no LinkedIn URL', () => {
    expect(prospectCanBeEnriched({ full_name: 'Ada', job_company_name: null, linkedin_url: null })).toBe(false);
    expect(prospectCanBeEnriched({ job_company_name: 'Acme' })).toBe(false);
  });

  it('refuses a prospect when its fields are blank', () => {
    expect(prospectCanBeEnriched({ linkedin_url: '  ', full_name: ' ', job_company_name: 'Acme' })).toBe(false);
  });
});

describe('searchFilterMatches', () => {
  it('finds filters whose label contains the term ignoring case', () => {
    const { matches } = searchFilterMatches('COUNTRY');
    expect(matches.map((m) => m.key)).toEqual([
      'location_country',
      'job_company_location_country',
      'experience_company_location_country',
    ]);
  });

  it('opens more filters when a match lies in that group', () => {
    expect(searchFilterMatches('skill')).toEqual({
      matches: [FILTER_FIELDS.find((f) => f.key === 'skills')],
      opensMoreFilters: true,
    });
  });

  it('keeps more filters closed when every match is in the main group', () => {
    expect(searchFilterMatches('job title').opensMoreFilters).toBe(false);
  });

  it('matches nothing when the term is blank or unknown', () => {
    expect(searchFilterMatches('   ')).toEqual({ matches: [], opensMoreFilters: false });
    expect(searchFilterMatches('zodiac sign')).toEqual({ matches: [], opensMoreFilters: false });
  });
});

describe('isSavedSearchTitleTaken', () => {
  it('says taken when a saved search has the same name in another case or spacing', () => {
    expect(isSavedSearchTitleTaken('  cTOs in Berlin', ['CTOs in Berlin '])).toBe(true);
  });

  it('says free when no saved search has that name', () => {
    expect(isSavedSearchTitleTaken('CTOs in Paris', ['CTOs in Berlin'])).toBe(false);
    expect(isSavedSearchTitleTaken('CTOs', [])).toBe(false);
  });
});

describe('normalizeFilters', () => {
  const raw = SearchFilters.parse({
    full_name: '  Ada Lovelace ',
    keywords: ' ',
    linkedin_url: 'https://www.linkedin.com/in/Ada-L/?trk=1',
    location_continent: [{ label: 'Oceania', value: 'oceania' }],
    location_country: [{ label: 'Australia', value: 'Australia', status: 'exclude' }, { label: '', value: ' ' }],
    job_title: [{ label: 'CTO', value: ' CTO ' }, { label: 'cto', value: 'cto' }],
    job_title_role: [{ label: 'Engineering', value: 'engineering' }],
    job_title_sub_role: [
      { label: 'Software', value: 'software' },
      { label: 'Recruiting', value: 'recruiting' },
    ],
    experience_title_sub_role: [{ label: 'Software', value: 'software' }],
    inferred_years_experience: { min: 10, max: 2 },
    job_company_employee_count: { min: 0, max: 0 },
    months_in_current_role: 3,
    work_email: false,
    mobile_phone: true,
  });

  it('applies every rule of spec §5 when given raw screen filters', () => {
    const out = normalizeFilters(raw, NOW);
    expect(out).toEqual({
      full_name: 'Ada Lovelace',
      linkedin_url: 'linkedin.com/in/ada-l',
      location_country: [
        exc('australia', 'Australia'),
        ...CONTINENT_COUNTRIES.oceania.filter((c) => c !== 'australia').map((c) => inc(c, expect.any(String) as never)),
      ],
      job_title: [inc('cto', 'CTO')],
      job_title_role: [inc('engineering', 'Engineering')],
      job_title_sub_role: [inc('software', 'Software')],
      inferred_years_experience: { min: 2, max: 10 },
      job_start_date: '2024-12',
      mobile_phone: true,
    });
  });

  it('gives the same answer when run on its own output', () => {
    const once = normalizeFilters(raw, NOW);
    expect(normalizeFilters(once, NOW)).toEqual(once);
  });

  it('produces filters the schema accepts', () => {
    expect(SearchFilters.safeParse(normalizeFilters(raw, NOW)).success).toBe(true);
  });

  it('does not change the filters it was given', () => {
    const copy = structuredClone(raw);
    normalizeFilters(raw, NOW);
    expect(raw).toEqual(copy);
  });

  it('answers no filters when every value is empty', () => {
    const empty = { full_name: ' ', job_title: [], months_in_current_role: 0, work_email: false };
    expect(normalizeFilters(empty, NOW)).toEqual({});
  });

  it('uses the current month when no date is given', () => {
    const expected = yearMonthMonthsAgo(1, new Date());
    expect(normalizeFilters({ months_in_current_role: 1 }).job_start_date).toBe(expected);
  });
});
