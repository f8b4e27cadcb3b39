/**
 * Reference enumerations of spec/prospecting.md §3. Values follow People Data Labs' canonical
 * (lowercase) values so a PDL dump loads as it is; labels are derived with `toLabel`.
 */

export const JOB_LEVELS = [
  'cxo',
  'director',
  'entry',
  'manager',
  'owner',
  'partner',
  'senior',
  'training',
  'unpaid',
  'vp',
] as const;
export type JobLevel = (typeof JOB_LEVELS)[number];

export const COMPANY_SIZES = [
  '1-10',
  '11-50',
  '51-200',
  '201-500',
  '501-1000',
  '1001-5000',
  '5001-10000',
  '10001+',
] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const REVENUE_BANDS = [
  '$0-$1M',
  '$1M-$10M',
  '$10M-$25M',
  '$25M-$50M',
  '$50M-$100M',
  '$100M-$250M',
  '$250M-$500M',
  '$500M-$1B',
  '$1B-$10B',
  '$10B+',
] as const;
export type RevenueBand = (typeof REVENUE_BANDS)[number];

export const COMPANY_TYPES = ['educational', 'government', 'nonprofit', 'private', 'public'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** The spec writes 'male, Female'; PDL's `sex` values are lowercase, so both are stored lowercase. */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const CONTINENTS = [
  'africa',
  'asia',
  'europe',
  'north america',
  'oceania',
  'south america',
  'antarctica',
] as const;
export type Continent = (typeof CONTINENTS)[number];

/**
 * Countries (PDL `location_country` spelling) by continent. Every sovereign state appears once,
 * plus a few territories with many profiles. Transcontinental states sit where most of their
 * people live (Russia: Europe, Turkey and the Caucasus: Asia, Egypt: Africa); Central America and
 * the Caribbean are North America. Antarctica keeps PDL's legacy pseudo-country so that choosing
 * the continent never expands to nothing.
 */
export const CONTINENT_COUNTRIES = {
  africa: [
    'algeria', 'angola', 'benin', 'botswana', 'burkina faso', 'burundi', 'cameroon', 'cape verde',
    'central african republic', 'chad', 'comoros', "côte d'ivoire", 'democratic republic of the congo',
    'djibouti', 'egypt', 'equatorial guinea', 'eritrea', 'eswatini', 'ethiopia', 'gabon', 'ghana',
    'guinea', 'guinea-bissau', 'kenya', 'lesotho', 'liberia', 'libya', 'madagascar', 'malawi', 'mali',
    'mauritania', 'mauritius', 'morocco', 'mozambique', 'namibia', 'niger', 'nigeria',
    'republic of the congo', 'rwanda', 'sao tome and principe', 'senegal', 'seychelles',
    'sierra leone', 'somalia', 'south africa', 'south sudan', 'sudan', 'tanzania', 'the gambia',
    'togo', 'tunisia', 'uganda', 'zambia', 'zimbabwe',
  ],
  asia: [
    'afghanistan', 'armenia', 'azerbaijan', 'bahrain', 'bangladesh', 'bhutan', 'brunei', 'cambodia',
    'china', 'georgia', 'hong kong', 'india', 'indonesia', 'iran', 'iraq', 'israel', 'japan', 'jordan',
    'kazakhstan', 'kuwait', 'kyrgyzstan', 'laos', 'lebanon', 'macau', 'malaysia', 'maldives',
    'mongolia', 'myanmar', 'nepal', 'north korea', 'oman', 'pakistan', 'palestine', 'philippines',
    'qatar', 'saudi arabia', 'singapore', 'south korea', 'sri lanka', 'syria', 'taiwan', 'tajikistan',
    'thailand', 'timor-leste', 'turkey', 'turkmenistan', 'united arab emirates', 'uzbekistan',
    'vietnam', 'yemen',
  ],
  europe: [
    'albania', 'andorra', 'austria', 'belarus', 'belgium', 'bosnia and herzegovina', 'bulgaria',
    'croatia', 'cyprus', 'czechia', 'denmark', 'estonia', 'finland', 'france', 'germany', 'gibraltar',
    'greece', 'guernsey', 'hungary', 'iceland', 'ireland', 'isle of man', 'italy', 'jersey', 'kosovo',
    'latvia', 'liechtenstein', 'lithuania', 'luxembourg', 'malta', 'moldova', 'monaco', 'montenegro',
    'netherlands', 'north macedonia', 'norway', 'poland', 'portugal', 'romania', 'russia',
    'san marino', 'serbia', 'slovakia', 'slovenia', 'spain', 'sweden', 'switzerland', 'ukraine',
    'united kingdom', 'vatican city',
  ],
  'north america': [
    'antigua and barbuda', 'bahamas', 'barbados', 'belize', 'bermuda', 'canada', 'cayman islands',
    'costa rica', 'cuba', 'dominica', 'dominican republic', 'el salvador', 'greenland', 'grenada',
    'guatemala', 'haiti', 'honduras', 'jamaica', 'mexico', 'nicaragua', 'panama', 'puerto rico',
    'saint kitts and nevis', 'saint lucia', 'saint vincent and the grenadines', 'trinidad and tobago',
    'united states',
  ],
  oceania: [
    'australia', 'fiji', 'kiribati', 'marshall islands', 'micronesia', 'nauru', 'new zealand', 'palau',
    'papua new guinea', 'samoa', 'solomon islands', 'tonga', 'tuvalu', 'vanuatu',
  ],
  'south america': [
    'argentina', 'bolivia', 'brazil', 'chile', 'colombia', 'ecuador', 'guyana', 'paraguay', 'peru',
    'suriname', 'uruguay', 'venezuela',
  ],
  antarctica: ['antarctica'],
} as const satisfies Record<Continent, readonly string[]>;

export const COUNTRIES: readonly string[] = Object.values(CONTINENT_COUNTRIES).flat().sort();

/** Quick picks shown above the country list (labels, as the screen shows them). */
export const COUNTRY_SHORTCUTS = ['United States', 'United Kingdom', 'Canada', 'Australia'] as const;
export const DEFAULT_LOCATION_COUNTRY = 'united states';

/**
 * Departments (PDL `job_title_role`) with their sub-departments (`job_title_sub_role`), in PDL's
 * legacy (pre-v28) role taxonomy, which is the one the spec's department list comes from.
 */
export const DEPARTMENT_SUB_DEPARTMENTS = {
  customer_service: ['customer_success', 'support'],
  design: ['graphic_design', 'product_design', 'web_design'],
  education: ['education_administration', 'instructor', 'professor', 'researcher', 'teacher'],
  engineering: [
    'data', 'devops', 'electrical', 'hardware', 'information_technology', 'mechanical', 'network',
    'project_engineering', 'quality_assurance', 'security', 'software', 'systems', 'web',
  ],
  finance: ['accounting', 'investment', 'tax'],
  health: ['dental', 'doctor', 'fitness', 'nursing', 'therapy', 'wellness'],
  human_resources: ['compensation', 'employee_development', 'recruiting'],
  legal: ['judicial', 'lawyer', 'paralegal'],
  marketing: ['brand_marketing', 'content_marketing', 'events', 'product_marketing'],
  media: ['broadcasting', 'editorial', 'journalism', 'video', 'writing'],
  operations: ['logistics', 'office_management', 'product', 'project_management'],
  public_relations: ['media_relations'],
  real_estate: ['property_management', 'realtor'],
  sales: ['accounts', 'business_development', 'pipeline'],
  trades: [],
} as const satisfies Record<string, readonly string[]>;

export type Department = keyof typeof DEPARTMENT_SUB_DEPARTMENTS;
export type SubDepartment = (typeof DEPARTMENT_SUB_DEPARTMENTS)[Department][number];
export const DEPARTMENTS = Object.keys(DEPARTMENT_SUB_DEPARTMENTS) as Department[];
export const SUB_DEPARTMENTS: readonly SubDepartment[] = Object.values(DEPARTMENT_SUB_DEPARTMENTS).flat();

/** A modest set of common PDL `industry` values; the full list comes from the database. */
export const INDUSTRIES = [
  'accounting', 'airlines/aviation', 'apparel & fashion', 'architecture & planning', 'automotive',
  'banking', 'biotechnology', 'broadcast media', 'building materials', 'chemicals', 'civil engineering',
  'computer & network security', 'computer games', 'computer hardware', 'computer networking',
  'computer software', 'construction', 'consumer electronics', 'consumer goods', 'consumer services',
  'cosmetics', 'defense & space', 'design', 'e-learning', 'education management',
  'electrical/electronic manufacturing', 'entertainment', 'environmental services', 'events services',
  'financial services', 'food & beverages', 'food production', 'government administration',
  'health, wellness and fitness', 'higher education', 'hospital & health care', 'hospitality',
  'human resources', 'import and export', 'industrial automation',
  'information technology and services', 'insurance', 'internet', 'investment banking',
  'investment management', 'law practice', 'legal services', 'logistics and supply chain', 'machinery',
  'management consulting', 'marketing and advertising', 'mechanical or industrial engineering',
  'media production', 'medical devices', 'mining & metals', 'nonprofit organization management',
  'oil & energy', 'pharmaceuticals', 'primary/secondary education', 'real estate',
  'renewables & environment', 'research', 'restaurants', 'retail', 'semiconductors',
  'staffing and recruiting', 'telecommunications', 'transportation/trucking/railroad', 'utilities',
  'venture capital & private equity', 'wholesale', 'writing and editing',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** PDL `education.degrees` holds a degree class ('bachelors') next to the named degree. */
export const DEGREES = [
  'associates',
  'bachelors',
  'masters',
  'doctorates',
  'bachelor of arts',
  'bachelor of science',
  'bachelor of engineering',
  'master of arts',
  'master of science',
  'master of business administration',
  'doctor of philosophy',
  'doctor of medicine',
  'juris doctor',
] as const;
export type Degree = (typeof DEGREES)[number];

// A Map, not an object literal: a PDL word such as 'constructor' must not find Object.prototype's.
const LABEL_WORDS: ReadonlyMap<string, string> = new Map(Object.entries({
  cxo: 'CXO',
  vp: 'VP',
  svp: 'SVP',
  evp: 'EVP',
  it: 'IT',
  hr: 'HR',
  qa: 'QA',
  ui: 'UI',
  ux: 'UX',
  llc: 'LLC',
  llp: 'LLP',
  devops: 'DevOps',
  "d'ivoire": "d'Ivoire",
}));
const LOWERCASE_WORDS = new Set(['and', 'of', 'or', 'the', 'for', 'in', 'on', 'at', 'to']);

function capitalizeParts(word: string): string {
  const first = word.charCodeAt(0);
  // Most words are plain ASCII with no separator: upper-case the first letter without a regex.
  if (first >= 97 && first <= 122 && !/[-/(]/.test(word)) return String.fromCharCode(first - 32) + word.slice(1);
  // Capitalise after '-', '/' and '(' too: 'guinea-bissau', 'airlines/aviation', '(keeling)'.
  return word.replace(/(^|[-/(])(\p{L})/gu, (_match, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** Punctuation that may trail a word without hiding it: 'vp,' is still 'vp'. */
function trailingPunctuationStart(word: string): number {
  let end = word.length;
  while (end > 0 && ',.;:'.includes(word[end - 1]!)) end--;
  return end;
}

/** A human label from a stored value: 'north america' → 'North America', 'vp' → 'VP'. */
export function toLabel(value: string): string {
  return value
    .replace(/_/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word, index) => labelWord(word, index === 0))
    .join(' ');
}

/** One word of a label: a known abbreviation, a small word kept lower-case inside a label, or capitalised. */
export function labelWord(word: string, first: boolean): string {
  const end = trailingPunctuationStart(word);
  const special = LABEL_WORDS.get(end === word.length ? word : word.slice(0, end));
  if (special) return special + word.slice(end);
  if (!first && LOWERCASE_WORDS.has(word)) return word;
  return capitalizeParts(word);
}

/**
 * How a value is stored: the spelling of the canonical value it matches ignoring case and
 * surrounding space ('$1m-$10m' → '$1M-$10M'), else lowercase, PDL's convention.
 */
export function canonicalValue(value: string, canonical: readonly string[] = []): string {
  const wanted = value.trim().toLowerCase();
  return canonical.find((c) => c.toLowerCase() === wanted) ?? wanted;
}

/** Select options `{label, value}` for a list of stored values. */
export function toOptions(values: readonly string[]): Array<{ label: string; value: string }> {
  return values.map((value) => ({ label: toLabel(value), value }));
}
