import { COMPANY_SIZES as SIZE_NAMES, REVENUE_BANDS as REVENUE_NAMES } from '@leadline/shared';
import { describe, expect, it } from 'vitest';
import { DEMO_REFERENCE_MONTH, generateDemoData } from './generator.js';
import { PdlCompany, PdlPerson } from './pdl.js';
import { COMPANY_SIZES, POPULATED_CONTINENTS, REVENUE_BANDS, type JobLevel } from './pdl-values.js';

const demo = generateDemoData({ people: 2000, seed: 7 });
const companies = demo.companies;
const people = [...demo.people()];

/** Words a title must contain for each level it claims. */
const LEVEL_WORDS: Record<JobLevel, RegExp> = {
  cxo: /\bchief\b|\bceo\b|\bcto\b|\bcfo\b|\bcoo\b|\bcmo\b/,
  vp: /\bvice president\b|\bvp\b/,
  director: /\bdirector\b|\bhead of\b/,
  manager: /\bmanager\b/,
  senior: /\bsenior\b|\blead\b|\bprincipal\b/,
  owner: /\bowner\b|\bfounder\b/,
  partner: /\bpartner\b/,
  training: /\bintern\b|\btrainee\b/,
  unpaid: /\bvolunteer\b/,
  entry: /./,
};
const ANY_LEVEL_WORD = new RegExp(Object.entries(LEVEL_WORDS).filter(([level]) => level !== 'entry').map(([, re]) => re.source).join('|'));

const YEARS: Record<JobLevel, [number, number]> = {
  training: [0, 2], unpaid: [0, 4], entry: [0, 5], senior: [4, 16], manager: [5, 22], director: [8, 28], vp: [10, 32], cxo: [12, 38], owner: [2, 38], partner: [10, 38],
};

const share = (predicate: (p: (typeof people)[number]) => boolean) => people.filter(predicate).length / people.length;

describe('demo generator', () => {
  it('gives identical records for the same seed and different ones for another seed', () => {
    const again = generateDemoData({ people: 300, seed: 7 });
    const first = generateDemoData({ people: 300, seed: 7 });
    expect(JSON.stringify([again.companies, [...again.people()]])).toBe(JSON.stringify([first.companies, [...first.people()]]));
    const other = generateDemoData({ people: 300, seed: 8 });
    const otherPeople = [...other.people()];
    const firstPeople = [...first.people()];
    expect(otherPeople.filter((p, i) => p.full_name === firstPeople[i]!.full_name).length).toBeLessThan(30);
    expect(other.companies.map((c) => c.name)).not.toEqual(first.companies.map((c) => c.name));
  });

  it('makes company i the same whatever the size of the set', () => {
    expect(generateDemoData({ people: 100, seed: 7 }).companies).toEqual(companies.slice(0, 4));
  });

  it('makes one company per 25 people, with unique names and domains', () => {
    expect(companies).toHaveLength(80);
    expect(new Set(companies.map((c) => c.name)).size).toBe(80);
    expect(new Set(companies.map((c) => c.website)).size).toBe(80);
  });

  it('produces records the importer accepts', () => {
    for (const c of companies) expect(PdlCompany.safeParse(c).success).toBe(true);
    for (const p of people) expect(PdlPerson.safeParse(p).error).toBeUndefined();
  });

  it('keeps employee counts inside the size band and revenue consistent with headcount', () => {
    const demoLarge = generateDemoData({ people: 50_000, seed: 3 }).companies;
    for (const c of demoLarge) {
      const band = COMPANY_SIZES.find((s) => s.band === c.size)!;
      expect(c.employee_count).toBeGreaterThanOrEqual(band.min);
      if (band.max !== null) expect(c.employee_count).toBeLessThanOrEqual(band.max);
      // Revenue per employee stays between $30k and $1.5M in every industry.
      const revenue = REVENUE_BANDS.find((r) => r.band === c.inferred_revenue)!;
      expect(revenue.lowerUsd).toBeLessThanOrEqual(c.employee_count! * 1_500_000);
      if (revenue.upperUsd !== null) expect(revenue.upperUsd).toBeGreaterThanOrEqual(c.employee_count! * 30_000);
      expect(c.linkedin_employee_count).toBeLessThanOrEqual(c.employee_count!);
    }
    expect(new Set(demoLarge.map((c) => c.size)).size).toBe(COMPANY_SIZES.length);
    expect(new Set(demoLarge.map((c) => c.type))).toEqual(new Set(['educational', 'government', 'nonprofit', 'private', 'public']));
  });

  it('never puts more people in a company than it employs', () => {
    const headcount = new Map<string, number>();
    for (const p of people) headcount.set(p.job_company_id!, (headcount.get(p.job_company_id!) ?? 0) + 1);
    for (const c of companies) expect(headcount.get(c.id) ?? 0).toBeLessThanOrEqual(c.employee_count);
  });

  it('gives titles that carry their levels, and years of experience that fit them', () => {
    for (const p of people) {
      const levels = p.job_title_levels as JobLevel[];
      expect(levels.length).toBeGreaterThan(0);
      for (const level of levels) expect(p.job_title, `${p.job_title} as ${level}`).toMatch(LEVEL_WORDS[level]);
      if (levels.includes('entry')) expect(p.job_title).not.toMatch(ANY_LEVEL_WORD);
      const [min, max] = levels.map((l) => YEARS[l]).reduce((a, b) => [Math.max(a[0], b[0]), Math.min(a[1], b[1])]);
      expect(p.inferred_years_experience).toBeGreaterThanOrEqual(min);
      expect(p.inferred_years_experience).toBeLessThanOrEqual(max);
    }
    expect(new Set(people.flatMap((p) => p.job_title_levels))).toEqual(new Set(Object.keys(LEVEL_WORDS)));
  });

  it('dates past jobs at other companies before the current one', () => {
    for (const p of people) {
      const [current, ...past] = p.experience!;
      expect(current).toMatchObject({ is_primary: true, end_date: null, start_date: p.job_start_date, company: { id: p.job_company_id } });
      expect(past.length).toBeLessThanOrEqual(4);
      for (const job of past) {
        expect(job.company!.id).not.toBe(p.job_company_id);
        expect(job.start_date! < job.end_date!).toBe(true);
        expect(job.end_date! <= p.job_start_date!).toBe(true);
        for (const level of job.title!.levels!) expect(job.title!.name).toMatch(LEVEL_WORDS[level as JobLevel]);
      }
      expect(p.job_start_date! <= DEMO_REFERENCE_MONTH).toBe(true);
    }
    expect(share((p) => p.experience!.length > 1)).toBeGreaterThan(0.4);
  });

  it('spreads people over every inhabited continent, weighted toward the big markets', () => {
    expect(new Set(people.map((p) => p.location_continent))).toEqual(new Set(POPULATED_CONTINENTS));
    const us = share((p) => p.location_country === 'united states');
    expect(us).toBeGreaterThan(0.2);
    expect(us).toBeLessThan(0.5);
    for (const p of people) expect(p.location_name).toBe(`${p.location_locality}, ${p.location_region}, ${p.location_country}`);
  });

  it('gives the documented share of contact channels, with addresses at the employer domain', () => {
    expect(share((p) => p.work_email !== null)).toBeCloseTo(0.7, 1);
    expect(share((p) => (p.personal_emails as string[]).length > 0)).toBeCloseTo(0.4, 1);
    expect(share((p) => p.mobile_phone !== null)).toBeCloseTo(0.35, 1);
    for (const p of people) {
      if (p.work_email) expect(p.work_email).toMatch(new RegExp(`^[a-z0-9._]+@${p.job_company_website!.replace(/\./g, '\\.')}$`));
      if (typeof p.mobile_phone === 'string') expect(p.mobile_phone).toMatch(/^\+\d{8,15}$/);
      if (typeof p.mobile_phone === 'string' && p.mobile_phone.startsWith('+1')) expect(p.mobile_phone).toMatch(/^\+1\d{3}55501\d{2}$/);
      if (p.linkedin_url) expect(p.linkedin_url).toMatch(/^linkedin\.com\/in\/[a-z0-9]+(-[a-z0-9]+)+$/);
    }
    expect(people.some((p) => p.github_url && p.job_title_role === 'engineering')).toBe(true);
    const withGithub = people.filter((p) => p.github_url);
    expect(withGithub.filter((p) => ['engineering', 'research'].includes(p.job_title_role!)).length / withGithub.length).toBeGreaterThan(0.85);
  });
});

describe('PDL band bounds', () => {
  it('cover exactly the size and revenue bands the search filters offer', () => {
    expect(COMPANY_SIZES.map((s) => s.band)).toEqual([...SIZE_NAMES]);
    expect(REVENUE_BANDS.map((r) => r.band)).toEqual([...REVENUE_NAMES]);
  });
});
