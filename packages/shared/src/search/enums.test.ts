import { describe, expect, it } from 'vitest';
import {
  COMPANY_SIZES,
  COMPANY_TYPES,
  CONTINENT_COUNTRIES,
  CONTINENTS,
  COUNTRIES,
  COUNTRY_SHORTCUTS,
  DEFAULT_LOCATION_COUNTRY,
  DEGREES,
  DEPARTMENT_SUB_DEPARTMENTS,
  DEPARTMENTS,
  GENDERS,
  INDUSTRIES,
  JOB_LEVELS,
  REVENUE_BANDS,
  SUB_DEPARTMENTS,
  toLabel,
  toOptions,
} from './enums.js';

describe('reference enumerations', () => {
  it('lists the ten job levels of the spec when read in order', () => {
    expect(JOB_LEVELS).toEqual([
      'cxo', 'director', 'entry', 'manager', 'owner', 'partner', 'senior', 'training', 'unpaid', 'vp',
    ]);
  });

  it('runs company sizes from 1-10 to 10001+ when read in order', () => {
    expect(COMPANY_SIZES[0]).toBe('1-10');
    expect(COMPANY_SIZES.at(-1)).toBe('10001+');
    expect(COMPANY_SIZES).toHaveLength(8);
  });

  it('runs revenue bands from $0-$1M to $10B+ when read in order', () => {
    expect(REVENUE_BANDS[0]).toBe('$0-$1M');
    expect(REVENUE_BANDS.at(-1)).toBe('$10B+');
    expect(REVENUE_BANDS).toHaveLength(10);
  });

  it('lists the five company types of the spec', () => {
    expect(COMPANY_TYPES).toEqual(['educational', 'government', 'nonprofit', 'private', 'public']);
  });

  it('stores genders lowercase even though the spec writes Female', () => {
    expect(GENDERS).toEqual(['male', 'female']);
  });

  it('has no duplicate value in any list', () => {
    for (const list of [JOB_LEVELS, COMPANY_SIZES, REVENUE_BANDS, COMPANY_TYPES, INDUSTRIES, DEGREES, COUNTRIES]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('stores industries and degrees lowercase and trimmed', () => {
    for (const value of [...INDUSTRIES, ...DEGREES]) expect(value).toBe(value.trim().toLowerCase());
  });
});

describe('CONTINENT_COUNTRIES', () => {
  it('puts each country under exactly one continent', () => {
    const all = Object.values(CONTINENT_COUNTRIES).flat();
    const repeated = all.filter((country, index) => all.indexOf(country) !== index);
    expect(repeated).toEqual([]);
  });

  it('covers at least 190 countries', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(190);
  });

  it('gives every continent at least one country', () => {
    expect(Object.keys(CONTINENT_COUNTRIES).sort()).toEqual([...CONTINENTS].sort());
    for (const continent of CONTINENTS) expect(CONTINENT_COUNTRIES[continent].length).toBeGreaterThan(0);
  });

  it('stores country names lowercase and trimmed as PDL does', () => {
    for (const country of COUNTRIES) expect(country).toBe(country.trim().toLowerCase());
  });

  it('groups well-known countries under their continent', () => {
    const where = (country: string) =>
      CONTINENTS.find((c) => (CONTINENT_COUNTRIES[c] as readonly string[]).includes(country));
    expect(where('united states')).toBe('north america');
    expect(where('mexico')).toBe('north america');
    expect(where('united kingdom')).toBe('europe');
    expect(where('germany')).toBe('europe');
    expect(where('brazil')).toBe('south america');
    expect(where('india')).toBe('asia');
    expect(where('nigeria')).toBe('africa');
    expect(where('egypt')).toBe('africa');
    expect(where('new zealand')).toBe('oceania');
  });

  it('contains the default location and every shortcut when lowercased', () => {
    expect(COUNTRIES).toContain(DEFAULT_LOCATION_COUNTRY);
    for (const shortcut of COUNTRY_SHORTCUTS) expect(COUNTRIES).toContain(shortcut.toLowerCase());
  });
});

describe('DEPARTMENT_SUB_DEPARTMENTS', () => {
  it('lists the fifteen PDL roles used as departments', () => {
    expect(DEPARTMENTS).toEqual([
      'customer_service', 'design', 'education', 'engineering', 'finance', 'health', 'human_resources',
      'legal', 'marketing', 'media', 'operations', 'public_relations', 'real_estate', 'sales', 'trades',
    ]);
  });

  it('gives each sub-department exactly one department', () => {
    expect(new Set(SUB_DEPARTMENTS).size).toBe(SUB_DEPARTMENTS.length);
  });

  it('files software and data under engineering', () => {
    expect(DEPARTMENT_SUB_DEPARTMENTS.engineering).toEqual(expect.arrayContaining(['software', 'data', 'devops']));
  });
});

describe('toLabel', () => {
  it('title-cases each word when the value is lowercase', () => {
    expect(toLabel('north america')).toBe('North America');
    expect(toLabel('united states')).toBe('United States');
  });

  it('spells abbreviations as such, even before a comma', () => {
    expect(toLabel('vp, logistics')).toBe('VP, Logistics');
    expect(toLabel('vice president of it')).toBe('Vice President of IT');
    expect(toLabel('senior hr coordinator')).toBe('Senior HR Coordinator');
    expect(toLabel('harris & williams llp')).toBe('Harris & Williams LLP');
  });

  it('turns underscores into spaces when the value is a PDL role', () => {
    expect(toLabel('human_resources')).toBe('Human Resources');
  });

  it('keeps small words lowercase when they are not the first word', () => {
    expect(toLabel('bosnia and herzegovina')).toBe('Bosnia and Herzegovina');
    expect(toLabel('information technology and services')).toBe('Information Technology and Services');
    expect(toLabel('the gambia')).toBe('The Gambia');
  });

  it('capitalizes after hyphens, slashes and brackets', () => {
    expect(toLabel('guinea-bissau')).toBe('Guinea-Bissau');
    expect(toLabel('airlines/aviation')).toBe('Airlines/Aviation');
    expect(toLabel('e-learning')).toBe('E-Learning');
  });

  it('writes known acronyms and names in their usual case', () => {
    expect(toLabel('vp')).toBe('VP');
    expect(toLabel('cxo')).toBe('CXO');
    expect(toLabel('devops')).toBe('DevOps');
    expect(toLabel("côte d'ivoire")).toBe("Côte d'Ivoire");
  });

  it('leaves size and revenue bands unchanged', () => {
    expect(toLabel('$1M-$10M')).toBe('$1M-$10M');
    expect(toLabel('10001+')).toBe('10001+');
  });

  it('labels the genders Male and Female', () => {
    expect(GENDERS.map(toLabel)).toEqual(['Male', 'Female']);
  });

  it('collapses repeated spaces when the value has them', () => {
    expect(toLabel('  south   africa ')).toBe('South Africa');
  });
});

describe('toOptions', () => {
  it('pairs each value with its label when given a list', () => {
    expect(toOptions(['entry', 'vp'])).toEqual([
      { label: 'Entry', value: 'entry' },
      { label: 'VP', value: 'vp' },
    ]);
  });
});
