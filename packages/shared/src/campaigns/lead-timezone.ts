/**
 * A lead's IANA time zone from its stored location (country, region/state, city, as the people
 * data has them: names or ISO codes, any case). A country with one zone needs nothing more; the
 * large countries that span several (US, CA, AU, BR, RU, MX, ID, and the islands of ES and PT)
 * are placed by region, or by a few large cities when the region is missing. Anything unknown
 * answers null: the campaign's own zone applies.
 */
export type LeadLocation = { country?: string | null; region?: string | null; city?: string | null };

const norm = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.,']/g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** `zone: 'a|b|c'` written as one string per zone, unpacked into a lookup table. */
function table(zones: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [zone, names] of Object.entries(zones)) for (const name of names.split('|')) out.set(norm(name), zone);
  return out;
}

/** Countries with one zone (or one zone nearly all their people live in), by name, ISO code and common alias. */
const SINGLE_ZONE = table({
  'Europe/London': 'united kingdom|uk|gb|gbr|great britain|england|scotland|wales|northern ireland',
  'Europe/Dublin': 'ireland|ie|irl',
  'Europe/Paris': 'france|fr|fra|monaco|mc',
  'Europe/Berlin': 'germany|de|deu',
  'Europe/Amsterdam': 'netherlands|nl|nld|the netherlands|holland',
  'Europe/Brussels': 'belgium|be|bel',
  'Europe/Luxembourg': 'luxembourg|lu|lux',
  'Europe/Zurich': 'switzerland|ch|che|liechtenstein|li',
  'Europe/Vienna': 'austria|at|aut',
  'Europe/Rome': 'italy|it|ita|san marino|vatican',
  'Europe/Malta': 'malta|mt',
  'Europe/Stockholm': 'sweden|se|swe',
  'Europe/Oslo': 'norway|no|nor',
  'Europe/Copenhagen': 'denmark|dk|dnk',
  'Europe/Helsinki': 'finland|fi|fin',
  'Atlantic/Reykjavik': 'iceland|is|isl',
  'Europe/Warsaw': 'poland|pl|pol',
  'Europe/Prague': 'czech republic|czechia|cz|cze',
  'Europe/Bratislava': 'slovakia|sk|svk',
  'Europe/Budapest': 'hungary|hu|hun',
  'Europe/Ljubljana': 'slovenia|si|svn',
  'Europe/Zagreb': 'croatia|hr|hrv',
  'Europe/Belgrade': 'serbia|rs|srb|montenegro|me|bosnia and herzegovina|ba|north macedonia|macedonia|mk',
  'Europe/Bucharest': 'romania|ro|rou|moldova|md',
  'Europe/Sofia': 'bulgaria|bg|bgr',
  'Europe/Athens': 'greece|gr|grc',
  'Asia/Nicosia': 'cyprus|cy|cyp',
  'Europe/Istanbul': 'turkey|turkiye|tr|tur',
  'Europe/Kyiv': 'ukraine|ua|ukr',
  'Europe/Minsk': 'belarus|by|blr',
  'Europe/Vilnius': 'lithuania|lt|ltu',
  'Europe/Riga': 'latvia|lv|lva',
  'Europe/Tallinn': 'estonia|ee|est',
  'Asia/Tbilisi': 'georgia|ge|geo',
  'Asia/Yerevan': 'armenia|am|arm',
  'Asia/Baku': 'azerbaijan|az|aze',
  'Asia/Jerusalem': 'israel|il|isr',
  'Asia/Beirut': 'lebanon|lb|lbn',
  'Asia/Amman': 'jordan|jo|jor',
  'Asia/Riyadh': 'saudi arabia|sa|sau|kuwait|kw|bahrain|bh|qatar|qa|yemen',
  'Asia/Dubai': 'united arab emirates|uae|ae|are|oman|om',
  'Asia/Tehran': 'iran|ir|irn',
  'Asia/Baghdad': 'iraq|iq|irq',
  'Asia/Karachi': 'pakistan|pk|pak',
  'Asia/Kolkata': 'india|in|ind',
  'Asia/Colombo': 'sri lanka|lk|lka',
  'Asia/Kathmandu': 'nepal|np|npl',
  'Asia/Dhaka': 'bangladesh|bd|bgd',
  'Asia/Almaty': 'kazakhstan|kz|kaz',
  'Asia/Tashkent': 'uzbekistan|uz|uzb',
  'Asia/Shanghai': 'china|cn|chn',
  'Asia/Hong_Kong': 'hong kong|hk|hkg',
  'Asia/Taipei': 'taiwan|tw|twn',
  'Asia/Tokyo': 'japan|jp|jpn',
  'Asia/Seoul': 'south korea|korea|republic of korea|kr|kor',
  'Asia/Singapore': 'singapore|sg|sgp',
  'Asia/Kuala_Lumpur': 'malaysia|my|mys',
  'Asia/Bangkok': 'thailand|th|tha|cambodia|kh|laos|la',
  'Asia/Ho_Chi_Minh': 'vietnam|viet nam|vn|vnm',
  'Asia/Manila': 'philippines|ph|phl',
  'Pacific/Auckland': 'new zealand|nz|nzl',
  'Africa/Cairo': 'egypt|eg|egy',
  'Africa/Casablanca': 'morocco|ma|mar',
  'Africa/Algiers': 'algeria|dz|dza',
  'Africa/Tunis': 'tunisia|tn|tun',
  'Africa/Lagos': 'nigeria|ng|nga',
  'Africa/Accra': 'ghana|gh|gha',
  'Africa/Nairobi': 'kenya|ke|ken|ethiopia|et|tanzania|tz|uganda|ug',
  'Africa/Johannesburg': 'south africa|za|zaf',
  'America/Bogota': 'colombia|co|col',
  'America/Lima': 'peru|pe|per',
  'America/Santiago': 'chile|cl|chl',
  'America/Argentina/Buenos_Aires': 'argentina|ar|arg',
  'America/Montevideo': 'uruguay|uy|ury',
  'America/Caracas': 'venezuela|ve|ven',
  'America/Guayaquil': 'ecuador|ec|ecu',
  'America/Panama': 'panama|pa|pan',
  'America/Costa_Rica': 'costa rica|cr|cri',
  'America/Guatemala': 'guatemala|gt|gtm',
  'America/Puerto_Rico': 'puerto rico|pr|pri',
  'America/Santo_Domingo': 'dominican republic|do|dom',
  'America/Jamaica': 'jamaica|jm|jam',
});

const UNITED_STATES = table({
  'America/New_York':
    'connecticut|ct|delaware|de|district of columbia|dc|washington dc|florida|fl|georgia|ga|maine|me|maryland|md|massachusetts|ma|michigan|mi|new hampshire|nh|new jersey|nj|new york|ny|north carolina|nc|ohio|oh|pennsylvania|pa|rhode island|ri|south carolina|sc|vermont|vt|virginia|va|west virginia|wv|kentucky|ky',
  'America/Indiana/Indianapolis': 'indiana|in',
  'America/Chicago':
    'alabama|al|arkansas|ar|illinois|il|iowa|ia|kansas|ks|louisiana|la|minnesota|mn|mississippi|ms|missouri|mo|nebraska|ne|north dakota|nd|oklahoma|ok|south dakota|sd|tennessee|tn|texas|tx|wisconsin|wi',
  'America/Denver': 'colorado|co|montana|mt|new mexico|nm|utah|ut|wyoming|wy|idaho|id',
  'America/Phoenix': 'arizona|az',
  'America/Los_Angeles': 'california|ca|nevada|nv|oregon|or|washington|wa',
  'America/Anchorage': 'alaska|ak',
  'Pacific/Honolulu': 'hawaii|hi',
  'America/Puerto_Rico': 'puerto rico|pr',
});

const CANADA = table({
  'America/Vancouver': 'british columbia|bc',
  'America/Edmonton': 'alberta|ab|northwest territories|nt',
  'America/Regina': 'saskatchewan|sk',
  'America/Winnipeg': 'manitoba|mb',
  'America/Toronto': 'ontario|on|quebec|qc',
  'America/Halifax': 'nova scotia|ns|new brunswick|nb|prince edward island|pe',
  'America/St_Johns': 'newfoundland and labrador|newfoundland|nl',
  'America/Whitehorse': 'yukon|yt',
  'America/Iqaluit': 'nunavut|nu',
});

const AUSTRALIA = table({
  'Australia/Sydney': 'new south wales|nsw|australian capital territory|act',
  'Australia/Melbourne': 'victoria|vic',
  'Australia/Brisbane': 'queensland|qld',
  'Australia/Adelaide': 'south australia|sa',
  'Australia/Perth': 'western australia|wa',
  'Australia/Hobart': 'tasmania|tas',
  'Australia/Darwin': 'northern territory|nt',
});

const BRAZIL = table({
  'America/Sao_Paulo': 'sao paulo|sp|rio de janeiro|rj|minas gerais|mg|espirito santo|es|parana|pr|santa catarina|sc|rio grande do sul|rs|goias|go|distrito federal|federal district|df',
  'America/Bahia': 'bahia|ba',
  'America/Fortaleza': 'ceara|ce|rio grande do norte|rn|paraiba|pb|piaui|pi|maranhao|ma',
  'America/Recife': 'pernambuco|pe',
  'America/Maceio': 'alagoas|al|sergipe|se',
  'America/Araguaina': 'tocantins|to',
  'America/Belem': 'para|pa|amapa|ap',
  'America/Manaus': 'amazonas|am',
  'America/Cuiaba': 'mato grosso|mt',
  'America/Campo_Grande': 'mato grosso do sul|ms',
  'America/Porto_Velho': 'rondonia|ro',
  'America/Boa_Vista': 'roraima|rr',
  'America/Rio_Branco': 'acre|ac',
});

const MEXICO = table({
  'America/Tijuana': 'baja california|bc',
  'America/Mazatlan': 'baja california sur|bcs|sinaloa|sin|nayarit|nay',
  'America/Hermosillo': 'sonora|son',
  'America/Chihuahua': 'chihuahua|chih',
  'America/Monterrey': 'nuevo leon|nl|tamaulipas|tamps|coahuila|coah',
  'America/Cancun': 'quintana roo|q roo|qroo',
  'America/Mexico_City':
    'mexico city|ciudad de mexico|cdmx|distrito federal|df|jalisco|jal|state of mexico|estado de mexico|mexico|mex|puebla|pue|veracruz|ver|guanajuato|gto|queretaro|qro|yucatan|yuc|michoacan|mich|oaxaca|oax|chiapas|chis|guerrero|gro|hidalgo|hgo|morelos|mor|san luis potosi|slp|aguascalientes|ags|zacatecas|zac|durango|dgo|tabasco|tab|campeche|camp|colima|col|tlaxcala|tlax',
});

const RUSSIA = table({
  'Europe/Moscow':
    'moscow|moscow oblast|moskva|saint petersburg|st petersburg|sankt peterburg|leningrad oblast|tatarstan|nizhny novgorod oblast|krasnodar krai|rostov oblast|voronezh oblast|yaroslavl oblast|tula oblast|kaluga oblast|tver oblast|vladimir oblast|ryazan oblast|smolensk oblast|bryansk oblast|kursk oblast|belgorod oblast|lipetsk oblast|tambov oblast|penza oblast|chuvashia|mari el|mordovia|kirov oblast|arkhangelsk oblast|murmansk oblast|karelia|novgorod oblast|pskov oblast|vologda oblast|kostroma oblast|ivanovo oblast|stavropol krai|dagestan|chechnya|crimea',
  'Europe/Kaliningrad': 'kaliningrad oblast|kaliningrad',
  'Europe/Samara': 'samara oblast|samara|udmurtia',
  'Europe/Volgograd': 'volgograd oblast|volgograd',
  'Europe/Saratov': 'saratov oblast|saratov',
  'Europe/Ulyanovsk': 'ulyanovsk oblast|ulyanovsk',
  'Europe/Astrakhan': 'astrakhan oblast|astrakhan',
  'Asia/Yekaterinburg': 'sverdlovsk oblast|yekaterinburg|chelyabinsk oblast|bashkortostan|perm krai|tyumen oblast|orenburg oblast|kurgan oblast|khanty mansi autonomous okrug|yamalo nenets autonomous okrug',
  'Asia/Omsk': 'omsk oblast|omsk',
  'Asia/Novosibirsk': 'novosibirsk oblast|novosibirsk',
  'Asia/Barnaul': 'altai krai|barnaul',
  'Asia/Tomsk': 'tomsk oblast|tomsk',
  'Asia/Novokuznetsk': 'kemerovo oblast|kuzbass',
  'Asia/Krasnoyarsk': 'krasnoyarsk krai|krasnoyarsk',
  'Asia/Irkutsk': 'irkutsk oblast|irkutsk|buryatia',
  'Asia/Chita': 'zabaykalsky krai|chita',
  'Asia/Yakutsk': 'sakha|yakutia|sakha republic|amur oblast',
  'Asia/Vladivostok': 'primorsky krai|vladivostok|khabarovsk krai|khabarovsk',
  'Asia/Sakhalin': 'sakhalin oblast|sakhalin',
  'Asia/Magadan': 'magadan oblast|magadan',
  'Asia/Kamchatka': 'kamchatka krai|kamchatka',
});

const INDONESIA = table({
  'Asia/Jakarta': 'jakarta|dki jakarta|west java|central java|east java|banten|yogyakarta|special region of yogyakarta|north sumatra|west sumatra|riau|south sumatra|lampung|aceh|jambi|bengkulu|west kalimantan|central kalimantan',
  'Asia/Makassar': 'bali|south sulawesi|north sulawesi|central sulawesi|west nusa tenggara|east nusa tenggara|east kalimantan|south kalimantan|north kalimantan',
  'Asia/Jayapura': 'papua|west papua|maluku|north maluku',
});

type Country = { regions: Map<string, string>; cities?: Map<string, string>; fallback?: string };

/** Multi-zone countries: by region, then by a few large cities; `fallback` where one zone covers the mainland. */
const MULTI_ZONE: Array<[string, Country]> = [
  [
    'united states|united states of america|usa|us|america',
    {
      regions: UNITED_STATES,
      cities: table({
        'America/New_York': 'new york city|nyc|boston|atlanta|miami|philadelphia|washington|detroit',
        'America/Chicago': 'chicago|houston|dallas|austin|san antonio|minneapolis|nashville',
        'America/Denver': 'denver|salt lake city|boulder',
        'America/Phoenix': 'phoenix',
        'America/Los_Angeles': 'san francisco|los angeles|seattle|san diego|san jose|portland|palo alto|mountain view',
      }),
    },
  ],
  ['canada|ca|can', { regions: CANADA, cities: table({ 'America/Toronto': 'toronto|montreal|ottawa', 'America/Vancouver': 'vancouver', 'America/Edmonton': 'calgary|edmonton' }) }],
  ['australia|au|aus', { regions: AUSTRALIA, cities: table({ 'Australia/Sydney': 'sydney|canberra', 'Australia/Melbourne': 'melbourne', 'Australia/Brisbane': 'brisbane', 'Australia/Perth': 'perth', 'Australia/Adelaide': 'adelaide' }) }],
  ['brazil|brasil|br|bra', { regions: BRAZIL, cities: table({ 'America/Sao_Paulo': 'sao paulo|rio de janeiro|belo horizonte|curitiba|porto alegre|brasilia', 'America/Manaus': 'manaus', 'America/Recife': 'recife' }) }],
  ['mexico|mx|mex', { regions: MEXICO, cities: table({ 'America/Mexico_City': 'mexico city|guadalajara|puebla', 'America/Monterrey': 'monterrey', 'America/Tijuana': 'tijuana', 'America/Cancun': 'cancun' }) }],
  ['russia|russian federation|ru|rus', { regions: RUSSIA, cities: table({ 'Europe/Moscow': 'moscow|saint petersburg|st petersburg|kazan', 'Asia/Yekaterinburg': 'yekaterinburg', 'Asia/Novosibirsk': 'novosibirsk' }) }],
  ['indonesia|id|idn', { regions: INDONESIA, cities: table({ 'Asia/Jakarta': 'jakarta|bandung|surabaya', 'Asia/Makassar': 'denpasar|makassar' }) }],
  ['spain|es|esp', { regions: table({ 'Atlantic/Canary': 'canary islands|canarias|las palmas|santa cruz de tenerife' }), fallback: 'Europe/Madrid' }],
  ['portugal|pt|prt', { regions: table({ 'Atlantic/Azores': 'azores|acores', 'Atlantic/Madeira': 'madeira' }), fallback: 'Europe/Lisbon' }],
];
const MULTI = new Map(MULTI_ZONE.flatMap(([names, country]) => names.split('|').map((name) => [name, country] as const)));

/** The lead's IANA zone from its location, or null when the location does not say (the campaign's zone applies). */
export function leadTimezone(location: LeadLocation): string | null {
  const country = norm(location.country);
  if (!country) return null;
  const multi = MULTI.get(country);
  if (!multi) return SINGLE_ZONE.get(country) ?? null;
  return multi.regions.get(norm(location.region)) ?? multi.cities?.get(norm(location.city)) ?? multi.fallback ?? null;
}

/** The window a lead is sent in: the campaign's, in the lead's own zone when the schedule says so and its location gives one. */
export function leadWindow<W extends { timezone: string; useLeadTimezone?: boolean }>(schedule: W, location: LeadLocation): W {
  if (!schedule.useLeadTimezone) return schedule;
  const timezone = leadTimezone(location);
  return timezone ? { ...schedule, timezone } : schedule;
}
