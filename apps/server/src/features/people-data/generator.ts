import {
  CHIEF_TITLES,
  COUNTRIES,
  DEGREES,
  degreeKind,
  EXTRA_LANGUAGES,
  INDUSTRIES,
  JOB_FAMILIES,
  LEADERSHIP_SKILLS,
  NAME_REGIONS,
  NAME_TAILS,
  NAME_WORDS,
  type CountryInfo,
  type IndustryInfo,
  type JobFamily,
} from './generator-data.js';
import type { PdlCompany, PdlPerson } from './pdl.js';
import { COMPANY_SIZES, revenueBandFor, type JobLevel } from './pdl-values.js';

/*
 * A deterministic demo dataset in People Data Labs' record shape, so it takes the importer's
 * path (mapping, loader) and exercises everything real data would. Same seed and size, same
 * records; every company and person draws from its own seeded stream, so company i is the same
 * whatever the size of the set.
 */

export const DEFAULT_DEMO_SEED = 1;
/** Demo data is dated as of this month, not today, so a seed gives the same records forever. */
export const DEMO_REFERENCE_MONTH = '2026-10';
/** 2,000 companies for 50,000 people. */
export const PEOPLE_PER_COMPANY = 25;

export type DemoOptions = { people: number; seed?: number; referenceMonth?: string };

/** Demo records are recognisable by their ids, so nothing mistakes them for real contacts. */
export const demoPersonId = (seed: number, index: number) => `demo-${seed}-person-${index}`;
export const demoCompanyId = (seed: number, index: number) => `demo-${seed}-company-${index}`;
export const demoCompanyCount = (people: number) => Math.max(1, Math.ceil(people / PEOPLE_PER_COMPANY));

/** mulberry32: a tiny, fast 32-bit PRNG with a good enough spread for fake data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed for one entity, mixed from the dataset seed, a stream and an index. */
function seedOf(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ part, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export class Random {
  readonly float: () => number;
  constructor(seed: number) {
    this.float = mulberry32(seed);
  }
  /** Inclusive of both ends. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.float() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let r = this.float() * items.reduce((sum, [, w]) => sum + w, 0);
    for (const [item, w] of items) if ((r -= w) < 0) return item;
    return items.at(-1)![0];
  }
  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(this.float() * pool.length), 1)[0]!);
    return out;
  }
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.float() * (Math.log(max) - Math.log(min)));
  }
}

/** Picks by weight in O(log n): for the lists drawn from once per person. */
class WeightedTable<T> {
  readonly #items: readonly T[];
  readonly #cumulative: number[] = [];
  constructor(items: readonly T[], weight: (item: T) => number) {
    this.#items = items;
    let total = 0;
    for (const item of items) this.#cumulative.push((total += weight(item)));
  }
  pick(rng: Random): T {
    const r = rng.float() * this.#cumulative.at(-1)!;
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return this.#items[lo]!;
  }
}

type City = readonly [city: string, region: string];

type DemoCompany = {
  record: PdlCompany & { id: string; name: string; website: string; size: string; employee_count: number };
  industry: IndustryInfo;
  country: CountryInfo;
  city: City;
  emailPattern: 'first.last' | 'flast' | 'first' | 'first_last' | 'firstl';
};

const SIZE_WEIGHTS = [20, 25, 22, 12, 7, 8, 3, 3];
const LARGEST_COMPANY = 300_000;

/** The ladder past jobs climb; owners and partners sit at director height. */
const LADDER: readonly JobLevel[] = ['training', 'entry', 'senior', 'manager', 'director', 'vp', 'cxo'];

const YEARS_BY_LEVEL: Record<JobLevel, readonly [number, number]> = {
  training: [0, 2],
  unpaid: [0, 4],
  entry: [0, 5],
  senior: [4, 16],
  manager: [5, 22],
  director: [8, 28],
  vp: [10, 32],
  cxo: [12, 38],
  owner: [2, 38],
  partner: [10, 38],
};

type LevelMix = readonly (readonly [JobLevel, number])[];
const LEVELS_SMALL: LevelMix = [['owner', 10], ['cxo', 5], ['vp', 2], ['director', 4], ['manager', 10], ['senior', 22], ['entry', 35], ['training', 5], ['unpaid', 1], ['partner', 1]];
const LEVELS_MID: LevelMix = [['owner', 1.5], ['cxo', 1.5], ['vp', 3], ['director', 7], ['manager', 15], ['senior', 27], ['entry', 36], ['training', 5], ['unpaid', 0.8], ['partner', 0.5]];
const LEVELS_LARGE: LevelMix = [['owner', 0.1], ['cxo', 0.3], ['vp', 3], ['director', 7], ['manager', 16], ['senior', 28], ['entry', 38], ['training', 5], ['unpaid', 0.5], ['partner', 0.3]];

const countryTable = new WeightedTable(COUNTRIES, (c) => c.weight);
const industryTable = new WeightedTable(INDUSTRIES, (i) => i.weight);
const familyTables = new Map(
  INDUSTRIES.map((industry) => [industry.name, new WeightedTable(JOB_FAMILIES, (f) => f.weight * (industry.roleBoost?.[f.role] ?? 1))]),
);

/** The demo companies and people for a seed: companies in full, people one at a time. */
export function generateDemoData(options: DemoOptions) {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const [year, month] = (options.referenceMonth ?? DEMO_REFERENCE_MONTH).split('-').map(Number) as [number, number];
  const companies = generateCompanies(seed, demoCompanyCount(options.people), year);
  return {
    companies: companies.map((c) => c.record),
    people: () => generatePeople(seed, options.people, companies, year * 12 + month - 1),
  };
}

function generateCompanies(seed: number, count: number, referenceYear: number): DemoCompany[] {
  const names = new Set<string>();
  const domains = new Set<string>();
  const companies: DemoCompany[] = [];
  for (let i = 0; i < count; i++) {
    const rng = new Random(seedOf(seed, 1, i));
    const industry = industryTable.pick(rng);
    const sizeIndex = rng.weighted(SIZE_WEIGHTS.map((w, k) => [k, w] as const));
    const size = COMPANY_SIZES[sizeIndex]!;
    const employees = Math.min(size.max ?? LARGEST_COMPANY, Math.max(size.min, Math.round(rng.logUniform(size.min, (size.max ?? LARGEST_COMPANY) + 1))));
    const country = countryTable.pick(rng);
    const city = rng.pick(country.cities);
    const name = uniqueName(rng, industry, country, city, names);
    const domain = uniqueDomain(rng, name, industry, country, domains);
    const type = industry.type ?? (rng.chance(publicShare(size.band)) ? 'public' : 'private');
    const revenue = employees * rng.logUniform(...industry.revenuePerEmployee);
    companies.push({
      record: {
        id: demoCompanyId(seed, i),
        name,
        website: domain,
        industry: industry.name,
        size: size.band,
        employee_count: employees,
        linkedin_employee_count: Math.max(1, Math.round(employees * (0.55 + 0.45 * rng.float()))),
        inferred_revenue: revenueBandFor(revenue).band,
        total_funding_raised: funding(rng, industry, type, employees, size.band),
        type,
        location: { name: `${city[0]}, ${city[1]}, ${country.name}`, locality: city[0], region: city[1], country: country.name, continent: country.continent },
        linkedin_url: `linkedin.com/company/${slug(name, '-')}`,
        founded: founded(rng, industry, sizeIndex, referenceYear),
      },
      industry,
      country,
      city,
      emailPattern: rng.weighted([['first.last', 55], ['flast', 20], ['first_last', 8], ['firstl', 7], ['first', sizeIndex <= 1 ? 25 : 2]]),
    });
  }
  return companies;
}

function publicShare(band: string): number {
  return ({ '10001+': 0.55, '5001-10000': 0.35, '1001-5000': 0.15, '501-1000': 0.05 } as Record<string, number>)[band] ?? 0.01;
}

function funding(rng: Random, industry: IndustryInfo, type: string, employees: number, band: string): number | null {
  if (type !== 'private' && type !== 'public') return null;
  const venture = industry.venture && type === 'private' && !['5001-10000', '10001+'].includes(band);
  const share = venture ? 0.65 : type === 'public' ? 0.3 : 0.08;
  if (!rng.chance(share)) return null;
  return Math.max(250_000, Math.round((employees * rng.logUniform(30_000, 300_000)) / 100_000) * 100_000);
}

function founded(rng: Random, industry: IndustryInfo, sizeIndex: number, referenceYear: number): number {
  if (industry.type === 'educational' || industry.type === 'government') return rng.int(1850, 1990);
  if (sizeIndex >= 6) return rng.int(1880, 2005);
  if (industry.venture && sizeIndex <= 3) return rng.int(2008, referenceYear - 1);
  return rng.int(1960, referenceYear - 1);
}

function uniqueName(rng: Random, industry: IndustryInfo, country: CountryInfo, city: City, taken: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = inventName(rng, industry, country);
    if (!taken.has(name)) return taken.add(name), name;
  }
  let name = `${inventName(rng, industry, country)} ${city[0]}`;
  for (let n = 2; taken.has(name); n++) name = `${inventName(rng, industry, country)} ${n}`;
  return taken.add(name), name;
}

function inventName(rng: Random, industry: IndustryInfo, country: CountryInfo): string {
  const suffix = rng.pick(industry.suffixes);
  if (industry.naming === 'surnames') {
    const region = NAME_REGIONS[rng.weighted(country.names)];
    return `${rng.pick(region.last)} & ${rng.pick(region.last)} ${suffix}`;
  }
  if (industry.type === 'government') return `${rng.pick(NAME_WORDS)} county ${rng.pick(['council', 'government', 'regional authority'])}`;
  const word = rng.pick(NAME_WORDS);
  const roll = rng.float();
  if (roll < 0.45) return `${word} ${suffix}`;
  if (roll < 0.75) return `${word}${rng.pick(NAME_TAILS)}`;
  return `${word}${rng.pick(NAME_TAILS)} ${suffix}`;
}

function uniqueDomain(rng: Random, name: string, industry: IndustryInfo, country: CountryInfo, taken: Set<string>): string {
  const tld = industry.venture && rng.chance(0.15) ? 'io' : rng.chance(0.6) ? country.tld : 'com';
  const base = slug(name.replace(/&/g, 'and'), '');
  let domain = `${base}.${tld}`;
  for (let n = 2; taken.has(domain); n++) domain = `${base}${n}.${tld}`;
  taken.add(domain);
  return domain;
}

function* generatePeople(seed: number, count: number, companies: DemoCompany[], referenceMonth: number): Generator<PdlPerson> {
  const employerTable = new WeightedTable(companies, (c) => Math.sqrt(c.record.employee_count));
  const headcount = new Map<DemoCompany, number>();
  for (let i = 0; i < count; i++) {
    const rng = new Random(seedOf(seed, 2, i));
    // A company never has more people in the set than it employs.
    const full = (c: DemoCompany) => (headcount.get(c) ?? 0) >= c.record.employee_count;
    let company = employerTable.pick(rng);
    for (let retry = 0; retry < 8 && full(company); retry++) company = employerTable.pick(rng);
    if (full(company)) company = companies.find((c) => !full(c)) ?? company;
    headcount.set(company, (headcount.get(company) ?? 0) + 1);
    yield person(rng, demoPersonId(seed, i), company, companies, referenceMonth);
  }
}

type Job = { title: string; levels: JobLevel[]; role: string | null; subRole: string | null };

function person(rng: Random, id: string, company: DemoCompany, companies: readonly DemoCompany[], referenceMonth: number): PdlPerson {
  const homeShare = company.record.size === '10001+' ? 0.55 : 0.8;
  const country = rng.chance(homeShare) ? company.country : countryTable.pick(rng);
  const [city, region] = country === company.country && rng.chance(0.55) ? company.city : rng.pick(country.cities);
  const sex = rng.chance(0.5) ? 'male' : 'female';
  const names = NAME_REGIONS[rng.weighted(country.names)];
  const first = rng.pick(sex === 'male' ? names.male : names.female);
  const last = rng.pick(names.last);

  const level = rng.weighted(levelMix(company));
  const family = familyTables.get(company.industry.name)!.pick(rng);
  const job = jobTitle(rng, level, family, company.industry);
  const years = rng.int(...YEARS_BY_LEVEL[level]);
  const careerStart = referenceMonth - years * 12 - rng.int(0, 11);
  const tenure = rng.int(1, Math.max(1, Math.min(referenceMonth - careerStart, level === 'owner' || level === 'partner' ? 240 : 96)));
  const jobStart = referenceMonth - tenure;

  const past = pastJobs(rng, level, family, company, companies, careerStart, jobStart);
  const isEngineer = family.role === 'engineering' || family.subRole === 'data_science';
  const local = emailLocal(first, last);
  const linkedinUsername = rng.chance(0.95) ? `${slug(first, '-')}-${slug(last, '-')}-${randomToken(rng, rng.int(4, 8))}` : null;
  const githubUsername = isEngineer && rng.chance(0.45) ? `${local.first}${rng.chance(0.5) ? local.last : local.last.slice(0, 1)}${rng.chance(0.4) ? rng.int(1, 99) : ''}` : null;
  const c = company.record;

  return {
    id,
    full_name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    sex,
    job_title: job.title,
    job_title_role: job.role,
    job_title_sub_role: job.subRole,
    job_title_levels: job.levels,
    job_company_id: c.id,
    job_company_name: c.name,
    job_company_website: c.website,
    job_company_size: c.size,
    job_company_employee_count: c.employee_count,
    job_company_inferred_revenue: c.inferred_revenue ?? null,
    job_company_total_funding_raised: c.total_funding_raised ?? null,
    job_company_industry: c.industry ?? null,
    job_company_type: c.type ?? null,
    job_company_location_name: c.location?.name ?? null,
    job_company_location_country: c.location?.country ?? null,
    job_company_location_continent: c.location?.continent ?? null,
    job_start_date: monthText(jobStart),
    location_name: `${city}, ${region}, ${country.name}`,
    location_locality: city,
    location_region: region,
    location_country: country.name,
    location_continent: country.continent,
    skills: skills(rng, family, level),
    languages: languages(rng, country).map((name) => ({ name })),
    certifications: family.certifications && rng.chance(0.25) ? rng.sample(family.certifications, rng.int(1, 2)).map((name) => ({ name })) : [],
    education: education(rng, level, family, country, careerStart, referenceMonth),
    experience: [experienceEntry(job, company, jobStart, null, true), ...past],
    inferred_years_experience: years,
    linkedin_url: linkedinUsername ? `linkedin.com/in/${linkedinUsername}` : null,
    linkedin_username: linkedinUsername,
    github_url: githubUsername ? `github.com/${githubUsername}` : null,
    github_username: githubUsername,
    facebook_url: rng.chance(0.12) ? `facebook.com/${local.first}.${local.last}.${rng.int(1, 999)}` : null,
    work_email: rng.chance(0.7) ? `${workLocal(company.emailPattern, local)}@${c.website}` : null,
    personal_emails: rng.chance(0.4) ? personalEmails(rng, local, country) : [],
    mobile_phone: rng.chance(0.35) ? mobilePhone(rng, country) : null,
  };
}

function levelMix(company: DemoCompany): LevelMix {
  const employees = company.record.employee_count;
  const mix = employees <= 50 ? LEVELS_SMALL : employees <= 1000 ? LEVELS_MID : LEVELS_LARGE;
  return company.industry.partnerships ? mix.map(([level, w]) => [level, level === 'partner' ? w * 8 : w] as const) : mix;
}

/** A title and the PDL levels it carries; only these title words imply a level. */
function jobTitle(rng: Random, level: JobLevel, family: JobFamily, industry: IndustryInfo): Job {
  const ic = rng.pick(family.ic);
  const area = family.area;
  const own = { role: family.role, subRole: family.subRole };
  switch (level) {
    case 'training':
      return { title: `${ic} ${rng.chance(0.8) ? 'intern' : 'trainee'}`, levels: ['training'], ...own };
    case 'unpaid':
      return { title: `volunteer ${ic}`, levels: ['unpaid'], ...own };
    case 'entry': {
      const prefix = ic.includes('associate') ? '' : rng.weighted([['', 70], ['junior ', 20], ['associate ', 10]]);
      return { title: `${prefix}${ic}`, levels: ['entry'], ...own };
    }
    case 'senior':
      return { title: `${rng.weighted([['senior', 70], ['lead', 15], ['principal', 15]])} ${ic}`, levels: ['senior'], ...own };
    case 'manager':
      return { title: rng.chance(0.75) ? `${area} manager` : `manager, ${area}`, levels: ['manager'], ...own };
    case 'director':
      return { title: rng.weighted([[`director of ${area}`, 55], [`head of ${area}`, 30], [`senior director of ${area}`, 15]]), levels: ['director'], ...own };
    case 'vp':
      return { title: rng.weighted([[`vice president of ${area}`, 50], [`vp of ${area}`, 25], [`vp, ${area}`, 25]]), levels: ['vp'], ...own };
    case 'cxo': {
      if (rng.chance(0.3) || !CHIEF_TITLES[family.role]) return { title: rng.pick(['chief executive officer', 'ceo', 'chief operating officer']), levels: ['cxo'], role: null, subRole: null };
      return { title: rng.pick(CHIEF_TITLES[family.role]!), levels: ['cxo'], role: family.role, subRole: null };
    }
    case 'owner':
      return rng.weighted<Job>([
        [{ title: 'founder', levels: ['owner'], role: null, subRole: null }, 30],
        [{ title: 'co-founder', levels: ['owner'], role: null, subRole: null }, 20],
        [{ title: 'owner', levels: ['owner'], role: null, subRole: null }, 20],
        [{ title: 'founder & ceo', levels: ['cxo', 'owner'], role: null, subRole: null }, 20],
        [{ title: 'co-founder & cto', levels: ['cxo', 'owner'], role: 'engineering', subRole: null }, 10],
      ]);
    case 'partner': {
      const role = industry.roleBoost ? Object.entries(industry.roleBoost).sort((a, b) => b[1]! - a[1]!)[0]![0] : family.role;
      return { title: rng.weighted([['partner', 50], ['managing partner', 20], [`partner, ${area}`, 30]]), levels: ['partner'], role, subRole: null };
    }
  }
}

function pastJobs(rng: Random, level: JobLevel, family: JobFamily, company: DemoCompany, companies: readonly DemoCompany[], careerStart: number, jobStart: number) {
  const span = jobStart - careerStart;
  if (span < 12 || companies.length < 2 || level === 'training' || level === 'unpaid') return [];
  const count = rng.int(0, Math.min(4, Math.floor(span / 18)));
  if (count === 0) return [];
  const top = level === 'owner' || level === 'partner' ? 4 : Math.max(0, LADDER.indexOf(level));
  const levels = Array.from({ length: count }, () => rng.int(Math.max(1, top - 3), Math.max(1, top))).sort((a, b) => a - b);
  // Cut the career before the current job into consecutive stints, the oldest first.
  const cuts = Array.from({ length: count - 1 }, () => careerStart + rng.int(1, span - 1)).sort((a, b) => a - b);
  const bounds = [careerStart, ...cuts, jobStart];
  const entries = levels.map((ladderIndex, k) => {
    let employer = rng.pick(companies);
    while (employer === company) employer = rng.pick(companies);
    const pastFamily = rng.chance(0.75) ? family : familyTables.get(employer.industry.name)!.pick(rng);
    const job = jobTitle(rng, LADDER[ladderIndex]!, pastFamily, employer.industry);
    const end = Math.max(bounds[k]! + 1, bounds[k + 1]! - rng.int(0, 2));
    return experienceEntry(job, employer, bounds[k]!, Math.min(end, jobStart), false);
  });
  return entries.reverse();
}

function experienceEntry(job: Job, company: DemoCompany, start: number, end: number | null, isPrimary: boolean) {
  const c = company.record;
  return {
    title: { name: job.title, levels: job.levels, role: job.role, sub_role: job.subRole },
    company: { id: c.id, name: c.name, website: c.website, size: c.size, industry: c.industry ?? null, type: c.type ?? null, location: c.location ?? null },
    start_date: monthText(start),
    end_date: end === null ? null : monthText(end),
    is_primary: isPrimary,
  };
}

function skills(rng: Random, family: JobFamily, level: JobLevel): string[] {
  const own = rng.sample(family.skills, rng.int(3, Math.min(12, family.skills.length)));
  const leads = ['manager', 'director', 'vp', 'cxo', 'owner', 'partner'].includes(level) ? rng.sample(LEADERSHIP_SKILLS, rng.int(1, 3)) : [];
  return [...own, ...leads, ...(rng.chance(0.2) ? ['microsoft office'] : [])];
}

function languages(rng: Random, country: CountryInfo): string[] {
  const out = [...country.languages];
  if (country.languages.length === 0 || rng.chance(0.85)) out.push('english');
  if (rng.chance(0.15)) out.push(rng.pick(EXTRA_LANGUAGES));
  return [...new Set(out)];
}

type Education = { school: { name: string }; degrees: string[]; majors: string[]; start_date: string; end_date: string };

function education(rng: Random, level: JobLevel, family: JobFamily, country: CountryInfo, careerStart: number, referenceMonth: number) {
  if (rng.chance(0.1)) return [];
  const referenceYear = Math.floor(referenceMonth / 12);
  const school = () => (rng.chance(0.85) ? rng.pick(country.schools) : rng.pick(countryTable.pick(rng).schools));
  const bachelorEnd = Math.min(referenceYear + (level === 'training' ? 1 : 0), Math.floor(careerStart / 12) + rng.int(-1, 0));
  const entries: Education[] = [
    degree('bachelors', rng.pick(family.majors), school(), bachelorEnd - 4, bachelorEnd),
  ];
  const senior = ['manager', 'director', 'vp', 'cxo', 'partner'].includes(level);
  const masterEnd = bachelorEnd + rng.int(1, 8);
  if (masterEnd <= referenceYear && rng.chance(senior ? 0.45 : 0.2)) {
    const mba = senior && ['sales', 'marketing', 'finance', 'operations', 'advisory'].includes(family.role) && rng.chance(0.5);
    entries.push(
      mba
        ? { school: { name: school() }, degrees: ['masters', 'master of business administration'], majors: ['business administration'], start_date: String(masterEnd - 2), end_date: String(masterEnd) }
        : degree('masters', rng.pick(family.majors), school(), masterEnd - 2, masterEnd),
    );
  }
  if (['research', 'education'].includes(family.role) && bachelorEnd + 6 <= referenceYear && rng.chance(0.5)) {
    const end = bachelorEnd + rng.int(5, Math.min(8, referenceYear - bachelorEnd));
    entries.push({ school: { name: school() }, degrees: ['doctorates', 'doctor of philosophy'], majors: [rng.pick(family.majors)], start_date: String(end - 5), end_date: String(end) });
  }
  return entries.reverse();

  function degree(level: 'bachelors' | 'masters', major: string, school: string, start: number, end: number): Education {
    return { school: { name: school }, degrees: [level, rng.pick(DEGREES[degreeKind(major)][level])], majors: [major], start_date: String(start), end_date: String(end) };
  }
}

type EmailLocal = { first: string; last: string };

function emailLocal(first: string, last: string): EmailLocal {
  return { first: slug(first, ''), last: slug(last, '') };
}

function workLocal(pattern: DemoCompany['emailPattern'], n: EmailLocal): string {
  switch (pattern) {
    case 'first.last':
      return `${n.first}.${n.last}`;
    case 'flast':
      return `${n.first[0]}${n.last}`;
    case 'first':
      return n.first;
    case 'first_last':
      return `${n.first}_${n.last}`;
    case 'firstl':
      return `${n.first}${n.last[0]}`;
  }
}

function personalEmails(rng: Random, n: EmailLocal, country: CountryInfo): string[] {
  const one = () => {
    const local = rng.weighted([[`${n.first}.${n.last}`, 3], [`${n.first}${n.last}${rng.int(1, 99)}`, 3], [`${n.first[0]}${n.last}${rng.int(70, 99)}`, 2], [`${n.first}.${n.last}${rng.int(1, 9999)}`, 2]]);
    return `${local}@${rng.pick(country.emailProviders)}`;
  };
  return [...new Set(rng.chance(0.8) ? [one()] : [one(), one()])];
}

/** E.164; in North America and the UK inside the ranges reserved for fiction. */
function mobilePhone(rng: Random, country: CountryInfo): string {
  return `+${country.phone.code}${rng.pick(country.phone.mobile)}${digits(rng, country.phone.digits)}`;
}

function digits(rng: Random, n: number): string {
  let out = '';
  for (let k = 0; k < n; k++) out += rng.int(0, 9);
  return out;
}

function randomToken(rng: Random, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let k = 0; k < length; k++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

/** ASCII letters and digits only: for URLs, usernames and email addresses. */
function slug(text: string, separator: '' | '-'): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/'/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.join(separator);
}

function monthText(monthIndex: number): string {
  return `${Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}`;
}
