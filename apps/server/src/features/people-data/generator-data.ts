/*
 * Reference tables for the demo generator: names by region, countries with their cities,
 * schools and phone formats, industries, and the job catalogue. Values are lower-case, as in
 * People Data Labs' data.
 */

export type NameRegion = { male: readonly string[]; female: readonly string[]; last: readonly string[] };

export const NAME_REGIONS = {
  anglo: {
    male: ['james', 'john', 'robert', 'michael', 'william', 'david', 'richard', 'joseph', 'thomas', 'christopher', 'daniel', 'matthew', 'andrew', 'ryan', 'kevin', 'brian', 'jason', 'justin', 'tyler', 'oliver', 'jack', 'harry', 'george', 'liam', 'noah', 'ethan', 'samuel', 'benjamin'],
    female: ['mary', 'patricia', 'jennifer', 'linda', 'elizabeth', 'barbara', 'susan', 'jessica', 'sarah', 'karen', 'emily', 'ashley', 'amanda', 'megan', 'rachel', 'lauren', 'olivia', 'emma', 'charlotte', 'amelia', 'sophie', 'grace', 'chloe', 'hannah', 'katherine', 'rebecca', 'laura', 'claire'],
    last: ['smith', 'johnson', 'williams', 'brown', 'jones', 'miller', 'davis', 'wilson', 'anderson', 'taylor', 'thomas', 'moore', 'martin', 'thompson', 'white', 'harris', 'clark', 'lewis', 'robinson', 'walker', 'young', 'allen', 'king', 'wright', 'scott', 'hill', 'green', 'adams', 'baker', 'nelson', 'campbell', 'mitchell', 'roberts', 'carter', 'evans', 'turner', 'collins', 'murphy', 'cooper', 'hughes', 'edwards', 'stewart', 'morris', 'bennett', 'wood', 'walsh', "o'brien", 'kelly'],
  },
  german: {
    male: ['lukas', 'maximilian', 'felix', 'jonas', 'leon', 'paul', 'tobias', 'stefan', 'andreas', 'michael', 'thomas', 'christian', 'markus', 'florian', 'sebastian', 'matthias', 'jan', 'niklas', 'moritz', 'philipp'],
    female: ['anna', 'lena', 'laura', 'julia', 'sarah', 'katharina', 'lisa', 'sophie', 'hannah', 'marie', 'johanna', 'sabine', 'claudia', 'nicole', 'stefanie', 'christina', 'franziska', 'theresa', 'miriam', 'jana'],
    last: ['müller', 'schmidt', 'schneider', 'fischer', 'weber', 'meyer', 'wagner', 'becker', 'schulz', 'hoffmann', 'schäfer', 'koch', 'bauer', 'richter', 'klein', 'wolf', 'schröder', 'neumann', 'schwarz', 'zimmermann', 'braun', 'krüger', 'hofmann', 'hartmann', 'lange', 'werner', 'krause', 'lehmann'],
  },
  french: {
    male: ['lucas', 'hugo', 'louis', 'gabriel', 'arthur', 'jules', 'thomas', 'nicolas', 'julien', 'maxime', 'antoine', 'pierre', 'mathieu', 'alexandre', 'guillaume', 'romain', 'vincent', 'olivier', 'sébastien', 'benoît'],
    female: ['emma', 'léa', 'chloé', 'camille', 'manon', 'inès', 'sarah', 'julie', 'marie', 'pauline', 'claire', 'céline', 'amélie', 'mathilde', 'élodie', 'aurélie', 'sophie', 'margaux', 'juliette', 'charlotte'],
    last: ['martin', 'bernard', 'dubois', 'thomas', 'robert', 'richard', 'petit', 'durand', 'leroy', 'moreau', 'simon', 'laurent', 'lefebvre', 'michel', 'garcia', 'david', 'bertrand', 'roux', 'vincent', 'fournier', 'morel', 'girard', 'andré', 'mercier', 'dupont', 'lambert', 'bonnet', 'françois'],
  },
  hispanic: {
    male: ['josé', 'juan', 'carlos', 'luis', 'javier', 'miguel', 'alejandro', 'diego', 'daniel', 'pablo', 'andrés', 'santiago', 'sergio', 'fernando', 'jorge', 'ricardo', 'manuel', 'francisco', 'mateo', 'rafael'],
    female: ['maría', 'lucía', 'sofía', 'valentina', 'camila', 'isabella', 'paula', 'laura', 'andrea', 'carmen', 'ana', 'marta', 'elena', 'gabriela', 'daniela', 'natalia', 'claudia', 'patricia', 'carolina', 'alejandra'],
    last: ['garcía', 'rodríguez', 'martínez', 'lópez', 'gonzález', 'hernández', 'pérez', 'sánchez', 'ramírez', 'torres', 'flores', 'rivera', 'gómez', 'díaz', 'morales', 'vargas', 'castro', 'ortiz', 'romero', 'jiménez', 'ruiz', 'álvarez', 'moreno', 'muñoz', 'rojas', 'mendoza', 'silva', 'herrera'],
  },
  portuguese: {
    male: ['joão', 'pedro', 'lucas', 'gabriel', 'rafael', 'mateus', 'gustavo', 'felipe', 'bruno', 'thiago', 'rodrigo', 'diego', 'leonardo', 'eduardo', 'marcelo', 'fernando', 'paulo', 'ricardo', 'vinícius', 'caio'],
    female: ['ana', 'maria', 'beatriz', 'juliana', 'fernanda', 'camila', 'larissa', 'mariana', 'amanda', 'letícia', 'gabriela', 'bruna', 'carolina', 'patrícia', 'aline', 'vanessa', 'renata', 'luana', 'isabela', 'natália'],
    last: ['silva', 'santos', 'oliveira', 'souza', 'rodrigues', 'ferreira', 'alves', 'pereira', 'lima', 'gomes', 'costa', 'ribeiro', 'martins', 'carvalho', 'almeida', 'lopes', 'sousa', 'fernandes', 'vieira', 'barbosa', 'rocha', 'dias', 'nascimento', 'andrade', 'moreira', 'nunes'],
  },
  italian: {
    male: ['marco', 'luca', 'giuseppe', 'francesco', 'alessandro', 'andrea', 'matteo', 'lorenzo', 'davide', 'simone', 'federico', 'riccardo', 'stefano', 'giovanni', 'paolo', 'roberto'],
    female: ['giulia', 'francesca', 'chiara', 'sara', 'martina', 'valentina', 'alessia', 'elena', 'federica', 'silvia', 'elisa', 'giorgia', 'laura', 'paola', 'alice', 'serena'],
    last: ['rossi', 'russo', 'ferrari', 'esposito', 'bianchi', 'romano', 'colombo', 'ricci', 'marino', 'greco', 'bruno', 'gallo', 'conti', 'de luca', 'costa', 'giordano', 'mancini', 'rizzo', 'lombardi', 'moretti'],
  },
  dutch: {
    male: ['daan', 'sem', 'lucas', 'thijs', 'jesse', 'bram', 'ruben', 'lars', 'tim', 'niels', 'jeroen', 'pieter', 'bas', 'joost', 'sander', 'wouter'],
    female: ['emma', 'sanne', 'lotte', 'anouk', 'fleur', 'eva', 'lisa', 'iris', 'femke', 'marieke', 'anne', 'sophie', 'julia', 'noor', 'esther', 'lieke'],
    last: ['de jong', 'jansen', 'de vries', 'van den berg', 'van dijk', 'bakker', 'janssen', 'visser', 'smit', 'meijer', 'de boer', 'mulder', 'de groot', 'bos', 'vos', 'peters', 'hendriks', 'van leeuwen', 'dekker', 'brouwer'],
  },
  nordic: {
    male: ['erik', 'lars', 'anders', 'johan', 'karl', 'oskar', 'nils', 'magnus', 'henrik', 'mikael', 'fredrik', 'emil', 'axel', 'gustav', 'viktor', 'mattias'],
    female: ['anna', 'maria', 'emma', 'sara', 'ida', 'elin', 'karin', 'linnea', 'johanna', 'frida', 'malin', 'sofia', 'maja', 'astrid', 'ingrid', 'hanna'],
    last: ['andersson', 'johansson', 'karlsson', 'nilsson', 'eriksson', 'larsson', 'olsson', 'persson', 'svensson', 'gustafsson', 'pettersson', 'lindberg', 'lindqvist', 'berg', 'hansen', 'nielsen', 'jensen', 'lundgren', 'holm', 'bergström'],
  },
  polish: {
    male: ['piotr', 'krzysztof', 'tomasz', 'paweł', 'michał', 'marcin', 'jakub', 'kamil', 'łukasz', 'mateusz', 'adam', 'wojciech', 'bartosz', 'grzegorz'],
    female: ['anna', 'katarzyna', 'magdalena', 'agnieszka', 'joanna', 'aleksandra', 'monika', 'natalia', 'karolina', 'zuzanna', 'marta', 'ewa', 'paulina', 'weronika'],
    last: ['nowak', 'kowalski', 'wiśniewski', 'wójcik', 'kowalczyk', 'kamiński', 'lewandowski', 'zieliński', 'szymański', 'woźniak', 'dąbrowski', 'kozłowski', 'jankowski', 'mazur', 'krawczyk', 'piotrowski'],
  },
  indian: {
    male: ['rahul', 'amit', 'rohit', 'vikram', 'arjun', 'sanjay', 'rajesh', 'suresh', 'anil', 'karthik', 'aditya', 'nikhil', 'pranav', 'vivek', 'deepak', 'manish', 'abhishek', 'siddharth', 'harish', 'varun'],
    female: ['priya', 'neha', 'pooja', 'anjali', 'divya', 'kavya', 'sneha', 'shreya', 'ananya', 'deepika', 'swati', 'meera', 'lakshmi', 'aishwarya', 'nisha', 'ritu', 'sunita', 'aarti', 'kiran', 'radhika'],
    last: ['sharma', 'verma', 'gupta', 'singh', 'kumar', 'patel', 'shah', 'reddy', 'nair', 'iyer', 'rao', 'mehta', 'joshi', 'agarwal', 'chopra', 'malhotra', 'kapoor', 'desai', 'menon', 'pillai', 'banerjee', 'chatterjee', 'mukherjee', 'das', 'bhat', 'krishnan'],
  },
  japanese: {
    male: ['hiroshi', 'takashi', 'kenji', 'yuki', 'daisuke', 'shota', 'ryo', 'haruto', 'kazuki', 'takumi', 'naoki', 'satoshi', 'kenta', 'yusuke', 'akira', 'koji'],
    female: ['yuki', 'sakura', 'haruka', 'aoi', 'yui', 'mei', 'misaki', 'ayaka', 'nanami', 'rina', 'emi', 'kaori', 'yoko', 'naomi', 'mai', 'asuka'],
    last: ['sato', 'suzuki', 'takahashi', 'tanaka', 'watanabe', 'ito', 'yamamoto', 'nakamura', 'kobayashi', 'kato', 'yoshida', 'yamada', 'sasaki', 'yamaguchi', 'matsumoto', 'inoue', 'kimura', 'hayashi', 'shimizu', 'mori'],
  },
  chinese: {
    male: ['wei', 'jun', 'hao', 'lei', 'yang', 'jian', 'ming', 'tao', 'bin', 'chen', 'qiang', 'peng', 'yi', 'feng', 'kai', 'zhiwei'],
    female: ['li', 'xiu', 'mei', 'jing', 'ying', 'yan', 'hui', 'xin', 'lin', 'fang', 'yue', 'na', 'ting', 'qian', 'xiaoyu', 'jia'],
    last: ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin', 'luo', 'tan', 'lim', 'tan', 'ng', 'lee'],
  },
  korean: {
    male: ['min-jun', 'seo-jun', 'ji-hoon', 'hyun-woo', 'dong-hyun', 'sung-min', 'jae-won', 'joon-ho', 'tae-yang', 'young-ho'],
    female: ['seo-yeon', 'ji-woo', 'min-ji', 'soo-ah', 'ha-eun', 'yu-na', 'ji-eun', 'eun-ji', 'hye-jin', 'su-bin'],
    last: ['kim', 'lee', 'park', 'choi', 'jung', 'kang', 'cho', 'yoon', 'jang', 'lim', 'han', 'shin'],
  },
  arabic: {
    male: ['mohammed', 'ahmed', 'ali', 'omar', 'youssef', 'khalid', 'hassan', 'ibrahim', 'mahmoud', 'tariq', 'karim', 'faisal', 'hamza', 'samir', 'rami', 'walid'],
    female: ['fatima', 'aisha', 'mariam', 'nour', 'layla', 'sara', 'huda', 'yasmin', 'rana', 'dina', 'salma', 'hana', 'lina', 'reem', 'amira', 'noura'],
    last: ['hassan', 'ali', 'mohamed', 'ibrahim', 'abdullah', 'khalil', 'haddad', 'nasser', 'saleh', 'mansour', 'farouk', 'aziz', 'el-sayed', 'hamdan', 'al-mansouri', 'al-hashimi', 'darwish', 'youssef'],
  },
  hebrew: {
    male: ['david', 'yosef', 'daniel', 'noam', 'itai', 'omer', 'eitan', 'yonatan', 'ariel', 'amit', 'tomer', 'ido'],
    female: ['noa', 'maya', 'tamar', 'shira', 'yael', 'michal', 'adi', 'roni', 'talia', 'avigail', 'hila', 'liat'],
    last: ['cohen', 'levi', 'mizrahi', 'peretz', 'biton', 'friedman', 'katz', 'avraham', 'shapiro', 'goldberg', 'ben-david', 'rosen'],
  },
  west_african: {
    male: ['chinedu', 'emeka', 'oluwaseun', 'tunde', 'adebayo', 'ifeanyi', 'kelechi', 'segun', 'babajide', 'chukwuemeka', 'obinna', 'kwame', 'femi', 'musa'],
    female: ['chioma', 'ngozi', 'adaeze', 'funmilayo', 'folake', 'amaka', 'yetunde', 'blessing', 'nneka', 'temitope', 'aisha', 'bukola', 'zainab', 'ifeoma'],
    last: ['okafor', 'adeyemi', 'okonkwo', 'eze', 'balogun', 'nwosu', 'olawale', 'adebayo', 'chukwu', 'ogunleye', 'abubakar', 'okoro', 'obi', 'afolabi', 'bello', 'ibrahim'],
  },
  east_african: {
    male: ['brian', 'kevin', 'dennis', 'collins', 'samuel', 'peter', 'joseph', 'daniel', 'kipchoge', 'otieno', 'mwangi', 'juma'],
    female: ['faith', 'grace', 'mercy', 'esther', 'wanjiru', 'akinyi', 'njeri', 'achieng', 'mary', 'joy', 'ann', 'caroline'],
    last: ['otieno', 'mwangi', 'kamau', 'odhiambo', 'wanjiku', 'kiprotich', 'njoroge', 'ochieng', 'mutua', 'kariuki', 'onyango', 'chebet', 'kiplagat', 'wambui'],
  },
  south_african: {
    male: ['thabo', 'sipho', 'johan', 'pieter', 'themba', 'bongani', 'lwazi', 'mandla', 'jaco', 'ruan', 'kagiso', 'tshepo'],
    female: ['thandiwe', 'nomvula', 'lerato', 'zanele', 'anri', 'marike', 'naledi', 'palesa', 'busisiwe', 'lindiwe', 'elize', 'refilwe'],
    last: ['nkosi', 'dlamini', 'ndlovu', 'mokoena', 'van der merwe', 'botha', 'pretorius', 'naidoo', 'khumalo', 'mahlangu', 'du plessis', 'venter', 'zulu', 'mthembu'],
  },
} satisfies Record<string, NameRegion>;

export type NameRegionKey = keyof typeof NAME_REGIONS;

export type CountryInfo = {
  name: string;
  continent: string;
  /** Share of people (and headquarters) in this country, relative to the others. */
  weight: number;
  names: readonly (readonly [NameRegionKey, number])[];
  cities: readonly (readonly [city: string, region: string])[];
  languages: readonly string[];
  schools: readonly string[];
  tld: string;
  /** A mobile number is +code, one of the prefixes, then `digits` random digits. */
  phone: { code: string; mobile: readonly string[]; digits: number };
  emailProviders: readonly string[];
};

const US_AREA_CODES = ['212', '415', '512', '312', '617', '206', '404', '303', '213', '305', '713', '214', '602', '612', '919', '503', '702', '619', '720', '646', '347', '408', '650', '510', '818', '972', '469', '615', '704', '801'];

const globalEmail = ['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'icloud.com'];

export const COUNTRIES: readonly CountryInfo[] = [
  {
    name: 'united states', continent: 'north america', weight: 38,
    names: [['anglo', 72], ['hispanic', 11], ['indian', 6], ['chinese', 5], ['korean', 2], ['german', 2], ['italian', 2]],
    cities: [['new york', 'new york'], ['san francisco', 'california'], ['los angeles', 'california'], ['austin', 'texas'], ['dallas', 'texas'], ['chicago', 'illinois'], ['boston', 'massachusetts'], ['seattle', 'washington'], ['atlanta', 'georgia'], ['denver', 'colorado'], ['miami', 'florida'], ['raleigh', 'north carolina'], ['phoenix', 'arizona'], ['minneapolis', 'minnesota']],
    languages: [], tld: 'com',
    schools: ['stanford university', 'university of michigan', 'university of texas at austin', 'new york university', 'university of california, berkeley', 'ohio state university', 'university of washington', 'boston university', 'georgia institute of technology', 'arizona state university', 'university of florida', 'harvard university', 'massachusetts institute of technology', 'university of illinois urbana-champaign'],
    // NANP reserves 555-0100..0199 in every area code for fiction: these numbers belong to nobody.
    phone: { code: '1', mobile: US_AREA_CODES.map((area) => `${area}55501`), digits: 2 },
    emailProviders: globalEmail,
  },
  {
    name: 'canada', continent: 'north america', weight: 5,
    names: [['anglo', 70], ['french', 15], ['chinese', 7], ['indian', 8]],
    cities: [['toronto', 'ontario'], ['vancouver', 'british columbia'], ['montreal', 'quebec'], ['calgary', 'alberta'], ['ottawa', 'ontario']],
    languages: ['french'], tld: 'ca',
    schools: ['university of toronto', 'mcgill university', 'university of british columbia', 'university of waterloo', "queen's university"],
    phone: { code: '1', mobile: ['416', '604', '514', '403', '613'].map((area) => `${area}55501`), digits: 2 },
    emailProviders: globalEmail,
  },
  {
    name: 'mexico', continent: 'north america', weight: 2,
    names: [['hispanic', 100]],
    cities: [['mexico city', 'mexico city'], ['guadalajara', 'jalisco'], ['monterrey', 'nuevo león']],
    languages: ['spanish'], tld: 'com.mx',
    schools: ['universidad nacional autónoma de méxico', 'tecnológico de monterrey', 'instituto politécnico nacional'],
    phone: { code: '52', mobile: ['155', '133', '181'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'outlook.com'],
  },
  {
    name: 'united kingdom', continent: 'europe', weight: 9,
    names: [['anglo', 80], ['indian', 9], ['polish', 4], ['arabic', 3], ['west_african', 4]],
    cities: [['london', 'england'], ['manchester', 'england'], ['birmingham', 'england'], ['edinburgh', 'scotland'], ['bristol', 'england'], ['leeds', 'england'], ['cardiff', 'wales']],
    languages: [], tld: 'co.uk',
    schools: ['university of oxford', 'university of cambridge', 'imperial college london', 'university of manchester', 'university of edinburgh', 'london school of economics', 'university of bristol', "king's college london"],
    // Ofcom reserves 07700 900000..900999 for drama.
    phone: { code: '44', mobile: ['7700900'], digits: 3 },
    emailProviders: ['gmail.com', 'outlook.com', 'hotmail.co.uk', 'yahoo.co.uk', 'btinternet.com'],
  },
  {
    name: 'germany', continent: 'europe', weight: 5,
    names: [['german', 88], ['polish', 4], ['arabic', 4], ['italian', 4]],
    cities: [['berlin', 'berlin'], ['munich', 'bavaria'], ['hamburg', 'hamburg'], ['frankfurt', 'hesse'], ['cologne', 'north rhine-westphalia'], ['stuttgart', 'baden-württemberg']],
    languages: ['german'], tld: 'de',
    schools: ['technische universität münchen', 'ludwig-maximilians-universität münchen', 'humboldt-universität zu berlin', 'rwth aachen university', 'universität hamburg', 'goethe-universität frankfurt'],
    phone: { code: '49', mobile: ['151', '160', '170', '176'], digits: 8 },
    emailProviders: ['gmail.com', 'web.de', 'gmx.de', 't-online.de'],
  },
  {
    name: 'france', continent: 'europe', weight: 4,
    names: [['french', 88], ['arabic', 8], ['hispanic', 4]],
    cities: [['paris', 'île-de-france'], ['lyon', 'auvergne-rhône-alpes'], ['marseille', "provence-alpes-côte d'azur"], ['toulouse', 'occitanie'], ['lille', 'hauts-de-france'], ['bordeaux', 'nouvelle-aquitaine']],
    languages: ['french'], tld: 'fr',
    schools: ['hec paris', 'sciences po', 'école polytechnique', 'essec business school', 'université paris-saclay', 'sorbonne université'],
    phone: { code: '33', mobile: ['6', '7'], digits: 8 },
    emailProviders: ['gmail.com', 'orange.fr', 'hotmail.fr', 'free.fr', 'yahoo.fr'],
  },
  {
    name: 'netherlands', continent: 'europe', weight: 2,
    names: [['dutch', 90], ['arabic', 5], ['anglo', 5]],
    cities: [['amsterdam', 'north holland'], ['rotterdam', 'south holland'], ['utrecht', 'utrecht'], ['eindhoven', 'north brabant']],
    languages: ['dutch'], tld: 'nl',
    schools: ['university of amsterdam', 'delft university of technology', 'erasmus university rotterdam', 'utrecht university'],
    phone: { code: '31', mobile: ['6'], digits: 8 },
    emailProviders: ['gmail.com', 'hotmail.com', 'outlook.com', 'ziggo.nl'],
  },
  {
    name: 'spain', continent: 'europe', weight: 2,
    names: [['hispanic', 95], ['arabic', 5]],
    cities: [['madrid', 'community of madrid'], ['barcelona', 'catalonia'], ['valencia', 'valencian community'], ['seville', 'andalusia']],
    languages: ['spanish'], tld: 'es',
    schools: ['universidad complutense de madrid', 'universitat de barcelona', 'ie business school', 'esade'],
    phone: { code: '34', mobile: ['6', '7'], digits: 8 },
    emailProviders: ['gmail.com', 'hotmail.com', 'yahoo.es'],
  },
  {
    name: 'italy', continent: 'europe', weight: 2,
    names: [['italian', 100]],
    cities: [['milan', 'lombardy'], ['rome', 'lazio'], ['turin', 'piedmont'], ['bologna', 'emilia-romagna']],
    languages: ['italian'], tld: 'it',
    schools: ['politecnico di milano', 'università bocconi', 'sapienza università di roma', 'università di bologna'],
    phone: { code: '39', mobile: ['33', '34', '32'], digits: 8 },
    emailProviders: ['gmail.com', 'libero.it', 'hotmail.it'],
  },
  {
    name: 'sweden', continent: 'europe', weight: 1,
    names: [['nordic', 100]],
    cities: [['stockholm', 'stockholm county'], ['gothenburg', 'västra götaland county'], ['malmö', 'skåne county']],
    languages: ['swedish'], tld: 'se',
    schools: ['kth royal institute of technology', 'stockholm university', 'lund university', 'chalmers university of technology'],
    phone: { code: '46', mobile: ['70', '72', '73'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'outlook.com'],
  },
  {
    name: 'ireland', continent: 'europe', weight: 1,
    names: [['anglo', 90], ['polish', 5], ['indian', 5]],
    cities: [['dublin', 'dublin'], ['cork', 'cork'], ['galway', 'galway']],
    languages: [], tld: 'ie',
    schools: ['trinity college dublin', 'university college dublin', 'university college cork'],
    phone: { code: '353', mobile: ['83', '85', '86', '87'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'eircom.net'],
  },
  {
    name: 'poland', continent: 'europe', weight: 1,
    names: [['polish', 100]],
    cities: [['warsaw', 'masovian voivodeship'], ['kraków', 'lesser poland voivodeship'], ['wrocław', 'lower silesian voivodeship']],
    languages: ['polish'], tld: 'pl',
    schools: ['university of warsaw', 'jagiellonian university', 'warsaw university of technology'],
    phone: { code: '48', mobile: ['50', '60', '69'], digits: 7 },
    emailProviders: ['gmail.com', 'wp.pl', 'onet.pl'],
  },
  {
    name: 'switzerland', continent: 'europe', weight: 1,
    names: [['german', 65], ['french', 25], ['italian', 10]],
    cities: [['zurich', 'zurich'], ['geneva', 'geneva'], ['basel', 'basel-city'], ['lausanne', 'vaud']],
    languages: ['german', 'french'], tld: 'ch',
    schools: ['eth zurich', 'epfl', 'university of zurich', 'university of st. gallen'],
    phone: { code: '41', mobile: ['76', '78', '79'], digits: 7 },
    emailProviders: ['gmail.com', 'bluewin.ch', 'gmx.ch'],
  },
  {
    name: 'india', continent: 'asia', weight: 8,
    names: [['indian', 100]],
    cities: [['bengaluru', 'karnataka'], ['mumbai', 'maharashtra'], ['new delhi', 'delhi'], ['hyderabad', 'telangana'], ['pune', 'maharashtra'], ['chennai', 'tamil nadu'], ['gurugram', 'haryana']],
    languages: ['hindi'], tld: 'in',
    schools: ['indian institute of technology bombay', 'indian institute of technology delhi', 'indian institute of management ahmedabad', 'university of delhi', 'birla institute of technology and science, pilani', 'anna university', 'vellore institute of technology'],
    phone: { code: '91', mobile: ['98', '99', '97', '88', '70'], digits: 8 },
    emailProviders: ['gmail.com', 'yahoo.co.in', 'rediffmail.com', 'outlook.com'],
  },
  {
    name: 'japan', continent: 'asia', weight: 2,
    names: [['japanese', 100]],
    cities: [['tokyo', 'tokyo'], ['osaka', 'osaka'], ['yokohama', 'kanagawa'], ['nagoya', 'aichi'], ['fukuoka', 'fukuoka']],
    languages: ['japanese'], tld: 'co.jp',
    schools: ['university of tokyo', 'kyoto university', 'keio university', 'waseda university', 'osaka university'],
    phone: { code: '81', mobile: ['90', '80', '70'], digits: 8 },
    emailProviders: ['gmail.com', 'yahoo.co.jp', 'docomo.ne.jp'],
  },
  {
    name: 'china', continent: 'asia', weight: 2,
    names: [['chinese', 100]],
    cities: [['shanghai', 'shanghai'], ['beijing', 'beijing'], ['shenzhen', 'guangdong'], ['hangzhou', 'zhejiang'], ['guangzhou', 'guangdong']],
    languages: ['mandarin'], tld: 'cn',
    schools: ['tsinghua university', 'peking university', 'fudan university', 'zhejiang university', 'shanghai jiao tong university'],
    phone: { code: '86', mobile: ['138', '139', '186', '135'], digits: 8 },
    emailProviders: ['qq.com', '163.com', 'gmail.com'],
  },
  {
    name: 'singapore', continent: 'asia', weight: 1,
    names: [['chinese', 75], ['indian', 15], ['anglo', 10]],
    cities: [['singapore', 'singapore']],
    languages: ['mandarin', 'malay'], tld: 'com.sg',
    schools: ['national university of singapore', 'nanyang technological university', 'singapore management university'],
    phone: { code: '65', mobile: ['8', '9'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'yahoo.com.sg'],
  },
  {
    name: 'south korea', continent: 'asia', weight: 1,
    names: [['korean', 100]],
    cities: [['seoul', 'seoul'], ['busan', 'busan'], ['incheon', 'incheon']],
    languages: ['korean'], tld: 'co.kr',
    schools: ['seoul national university', 'korea university', 'yonsei university', 'kaist'],
    phone: { code: '82', mobile: ['10'], digits: 8 },
    emailProviders: ['naver.com', 'gmail.com', 'daum.net'],
  },
  {
    name: 'united arab emirates', continent: 'asia', weight: 1,
    names: [['arabic', 55], ['indian', 30], ['anglo', 15]],
    cities: [['dubai', 'dubai'], ['abu dhabi', 'abu dhabi']],
    languages: ['arabic'], tld: 'ae',
    schools: ['american university of sharjah', 'khalifa university', 'university of dubai'],
    phone: { code: '971', mobile: ['50', '52', '55'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'outlook.com'],
  },
  {
    name: 'israel', continent: 'asia', weight: 1,
    names: [['hebrew', 85], ['arabic', 10], ['anglo', 5]],
    cities: [['tel aviv', 'tel aviv district'], ['jerusalem', 'jerusalem district'], ['haifa', 'haifa district']],
    languages: ['hebrew'], tld: 'co.il',
    schools: ['tel aviv university', 'technion - israel institute of technology', 'hebrew university of jerusalem'],
    phone: { code: '972', mobile: ['50', '52', '54'], digits: 7 },
    emailProviders: ['gmail.com', 'walla.co.il', 'hotmail.com'],
  },
  {
    name: 'australia', continent: 'oceania', weight: 3,
    names: [['anglo', 80], ['chinese', 8], ['indian', 7], ['italian', 5]],
    cities: [['sydney', 'new south wales'], ['melbourne', 'victoria'], ['brisbane', 'queensland'], ['perth', 'western australia'], ['adelaide', 'south australia']],
    languages: [], tld: 'com.au',
    schools: ['university of melbourne', 'university of sydney', 'australian national university', 'unsw sydney', 'monash university', 'university of queensland'],
    phone: { code: '61', mobile: ['4'], digits: 8 },
    emailProviders: ['gmail.com', 'bigpond.com', 'outlook.com', 'hotmail.com'],
  },
  {
    name: 'new zealand', continent: 'oceania', weight: 0.7,
    names: [['anglo', 90], ['chinese', 5], ['indian', 5]],
    cities: [['auckland', 'auckland'], ['wellington', 'wellington'], ['christchurch', 'canterbury']],
    languages: [], tld: 'co.nz',
    schools: ['university of auckland', 'victoria university of wellington', 'university of otago'],
    phone: { code: '64', mobile: ['21', '22', '27'], digits: 7 },
    emailProviders: ['gmail.com', 'xtra.co.nz', 'hotmail.com'],
  },
  {
    name: 'brazil', continent: 'south america', weight: 3,
    names: [['portuguese', 90], ['italian', 5], ['japanese', 5]],
    cities: [['são paulo', 'são paulo'], ['rio de janeiro', 'rio de janeiro'], ['belo horizonte', 'minas gerais'], ['curitiba', 'paraná'], ['porto alegre', 'rio grande do sul']],
    languages: ['portuguese'], tld: 'com.br',
    schools: ['universidade de são paulo', 'universidade estadual de campinas', 'fundação getulio vargas', 'universidade federal do rio de janeiro', 'insper'],
    phone: { code: '55', mobile: ['119', '219', '319'], digits: 8 },
    emailProviders: ['gmail.com', 'hotmail.com', 'yahoo.com.br', 'uol.com.br'],
  },
  {
    name: 'argentina', continent: 'south america', weight: 1,
    names: [['hispanic', 85], ['italian', 15]],
    cities: [['buenos aires', 'buenos aires'], ['córdoba', 'córdoba'], ['rosario', 'santa fe']],
    languages: ['spanish'], tld: 'com.ar',
    schools: ['universidad de buenos aires', 'instituto tecnológico de buenos aires', 'universidad torcuato di tella'],
    phone: { code: '54', mobile: ['911', '9351'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'yahoo.com.ar'],
  },
  {
    name: 'colombia', continent: 'south america', weight: 0.8,
    names: [['hispanic', 100]],
    cities: [['bogotá', 'bogotá'], ['medellín', 'antioquia'], ['cali', 'valle del cauca']],
    languages: ['spanish'], tld: 'com.co',
    schools: ['universidad de los andes', 'universidad nacional de colombia', 'pontificia universidad javeriana'],
    phone: { code: '57', mobile: ['300', '310', '315'], digits: 7 },
    emailProviders: ['gmail.com', 'hotmail.com', 'outlook.com'],
  },
  {
    name: 'chile', continent: 'south america', weight: 0.6,
    names: [['hispanic', 100]],
    cities: [['santiago', 'santiago metropolitan'], ['valparaíso', 'valparaíso']],
    languages: ['spanish'], tld: 'cl',
    schools: ['pontificia universidad católica de chile', 'universidad de chile'],
    phone: { code: '56', mobile: ['9'], digits: 8 },
    emailProviders: ['gmail.com', 'hotmail.com'],
  },
  {
    name: 'south africa', continent: 'africa', weight: 1,
    names: [['south_african', 85], ['indian', 5], ['anglo', 10]],
    cities: [['johannesburg', 'gauteng'], ['cape town', 'western cape'], ['durban', 'kwazulu-natal'], ['pretoria', 'gauteng']],
    languages: ['afrikaans', 'zulu'], tld: 'co.za',
    schools: ['university of cape town', 'university of the witwatersrand', 'stellenbosch university', 'university of pretoria'],
    phone: { code: '27', mobile: ['82', '83', '72', '71'], digits: 7 },
    emailProviders: ['gmail.com', 'outlook.com', 'webmail.co.za'],
  },
  {
    name: 'nigeria', continent: 'africa', weight: 1,
    names: [['west_african', 100]],
    cities: [['lagos', 'lagos'], ['abuja', 'federal capital territory'], ['port harcourt', 'rivers']],
    languages: ['yoruba', 'igbo'], tld: 'com.ng',
    schools: ['university of lagos', 'university of ibadan', 'obafemi awolowo university', 'covenant university'],
    phone: { code: '234', mobile: ['803', '806', '813', '703'], digits: 7 },
    emailProviders: ['gmail.com', 'yahoo.com'],
  },
  {
    name: 'kenya', continent: 'africa', weight: 0.6,
    names: [['east_african', 100]],
    cities: [['nairobi', 'nairobi'], ['mombasa', 'mombasa']],
    languages: ['swahili'], tld: 'co.ke',
    schools: ['university of nairobi', 'strathmore university', 'kenyatta university'],
    phone: { code: '254', mobile: ['7'], digits: 8 },
    emailProviders: ['gmail.com', 'yahoo.com'],
  },
  {
    name: 'egypt', continent: 'africa', weight: 0.6,
    names: [['arabic', 100]],
    cities: [['cairo', 'cairo'], ['alexandria', 'alexandria'], ['giza', 'giza']],
    languages: ['arabic'], tld: 'com.eg',
    schools: ['cairo university', 'american university in cairo', 'ain shams university'],
    phone: { code: '20', mobile: ['10', '11', '12'], digits: 8 },
    emailProviders: ['gmail.com', 'yahoo.com', 'hotmail.com'],
  },
];

export type IndustryInfo = {
  name: string;
  weight: number;
  /** Words a company name in this industry ends with. */
  suffixes: readonly string[];
  /** Revenue per employee in USD, low and high. */
  revenuePerEmployee: readonly [number, number];
  /** Roles this industry employs more of than the usual mix. */
  roleBoost?: Partial<Record<string, number>>;
  type?: 'educational' | 'government' | 'nonprofit';
  /** Venture-funded more often than not. */
  venture?: boolean;
  /** Partners (law, accounting, consulting, investment firms). */
  partnerships?: boolean;
  naming?: 'surnames' | 'place';
};

export const INDUSTRIES: readonly IndustryInfo[] = [
  { name: 'computer software', weight: 14, suffixes: ['software', 'labs', 'systems', 'technologies', 'cloud', 'ai', 'data'], revenuePerEmployee: [120_000, 450_000], roleBoost: { engineering: 2, product: 2 }, venture: true },
  { name: 'information technology and services', weight: 12, suffixes: ['solutions', 'technologies', 'digital', 'systems', 'it services', 'consulting'], revenuePerEmployee: [70_000, 250_000], roleBoost: { engineering: 1.6 } },
  { name: 'internet', weight: 6, suffixes: ['hq', 'online', 'digital', 'app', 'hub'], revenuePerEmployee: [150_000, 600_000], roleBoost: { engineering: 1.8, product: 2, marketing: 1.3 }, venture: true },
  { name: 'computer & network security', weight: 2, suffixes: ['security', 'cyber', 'defense', 'shield'], revenuePerEmployee: [150_000, 400_000], roleBoost: { engineering: 2 }, venture: true },
  { name: 'financial services', weight: 6, suffixes: ['financial', 'capital', 'payments', 'finance', 'wealth'], revenuePerEmployee: [150_000, 700_000], roleBoost: { finance: 3, analyst: 2 }, venture: true },
  { name: 'banking', weight: 2, suffixes: ['bank', 'bancorp', 'savings bank'], revenuePerEmployee: [200_000, 600_000], roleBoost: { finance: 3, analyst: 2 } },
  { name: 'insurance', weight: 2, suffixes: ['insurance', 'assurance', 'mutual'], revenuePerEmployee: [200_000, 800_000], roleBoost: { finance: 2, analyst: 2 } },
  { name: 'venture capital & private equity', weight: 1, suffixes: ['ventures', 'capital', 'partners', 'equity'], revenuePerEmployee: [300_000, 1_500_000], roleBoost: { finance: 4, advisory: 2 }, partnerships: true },
  { name: 'hospital & health care', weight: 6, suffixes: ['health', 'medical', 'care', 'clinics', 'health system'], revenuePerEmployee: [80_000, 200_000], roleBoost: { health: 8 } },
  { name: 'pharmaceuticals', weight: 2, suffixes: ['pharma', 'therapeutics', 'pharmaceuticals'], revenuePerEmployee: [300_000, 900_000], roleBoost: { research: 4, health: 2 } },
  { name: 'biotechnology', weight: 2, suffixes: ['bio', 'biosciences', 'genomics', 'therapeutics'], revenuePerEmployee: [150_000, 600_000], roleBoost: { research: 5 }, venture: true },
  { name: 'marketing and advertising', weight: 5, suffixes: ['marketing', 'media', 'creative', 'agency', 'communications'], revenuePerEmployee: [80_000, 250_000], roleBoost: { marketing: 4, creative: 3 } },
  { name: 'management consulting', weight: 4, suffixes: ['consulting', 'advisors', 'partners', 'group', 'strategy'], revenuePerEmployee: [150_000, 400_000], roleBoost: { advisory: 5, analyst: 2 }, partnerships: true },
  { name: 'accounting', weight: 2, suffixes: ['& co', 'accountants', 'cpas', 'advisory'], revenuePerEmployee: [100_000, 250_000], roleBoost: { finance: 6 }, partnerships: true, naming: 'surnames' },
  { name: 'law practice', weight: 2, suffixes: ['llp', 'law', 'legal'], revenuePerEmployee: [200_000, 700_000], roleBoost: { legal: 10 }, partnerships: true, naming: 'surnames' },
  { name: 'staffing and recruiting', weight: 3, suffixes: ['staffing', 'talent', 'recruiting', 'people'], revenuePerEmployee: [100_000, 400_000], roleBoost: { human_resources: 6, sales: 1.5 } },
  { name: 'real estate', weight: 3, suffixes: ['properties', 'realty', 'real estate', 'homes'], revenuePerEmployee: [150_000, 500_000], roleBoost: { sales: 2, finance: 1.5 } },
  { name: 'construction', weight: 3, suffixes: ['construction', 'builders', 'contracting', 'build'], revenuePerEmployee: [150_000, 400_000], roleBoost: { trade: 5, operations: 2 } },
  { name: 'retail', weight: 4, suffixes: ['stores', 'market', 'goods', 'outfitters', 'shop'], revenuePerEmployee: [100_000, 350_000], roleBoost: { fulfillment: 3, sales: 2 } },
  { name: 'consumer goods', weight: 2, suffixes: ['brands', 'goods', 'products', 'co'], revenuePerEmployee: [200_000, 600_000], roleBoost: { marketing: 2, manufacturing: 2 } },
  { name: 'food & beverages', weight: 2, suffixes: ['foods', 'beverages', 'kitchen', 'brewing'], revenuePerEmployee: [100_000, 400_000], roleBoost: { manufacturing: 3, hospitality: 2 } },
  { name: 'hospitality', weight: 2, suffixes: ['hotels', 'hospitality', 'resorts', 'inns'], revenuePerEmployee: [50_000, 150_000], roleBoost: { hospitality: 8 } },
  { name: 'logistics and supply chain', weight: 3, suffixes: ['logistics', 'freight', 'supply', 'shipping'], revenuePerEmployee: [150_000, 450_000], roleBoost: { fulfillment: 6, operations: 2 } },
  { name: 'automotive', weight: 2, suffixes: ['motors', 'automotive', 'mobility'], revenuePerEmployee: [250_000, 700_000], roleBoost: { manufacturing: 4, engineering: 1.5 } },
  { name: 'telecommunications', weight: 2, suffixes: ['telecom', 'networks', 'communications', 'wireless'], revenuePerEmployee: [250_000, 700_000], roleBoost: { engineering: 1.5, support: 2 } },
  { name: 'mechanical or industrial engineering', weight: 2, suffixes: ['engineering', 'industries', 'works', 'machinery'], revenuePerEmployee: [150_000, 400_000], roleBoost: { engineering: 2, manufacturing: 3 } },
  { name: 'electrical/electronic manufacturing', weight: 2, suffixes: ['electronics', 'electric', 'devices', 'semiconductor'], revenuePerEmployee: [200_000, 500_000], roleBoost: { engineering: 2, manufacturing: 3 } },
  { name: 'oil & energy', weight: 2, suffixes: ['energy', 'power', 'resources', 'petroleum'], revenuePerEmployee: [400_000, 1_500_000], roleBoost: { engineering: 1.5, operations: 2 } },
  { name: 'renewables & environment', weight: 1, suffixes: ['solar', 'renewables', 'wind', 'cleantech'], revenuePerEmployee: [150_000, 500_000], roleBoost: { engineering: 2 }, venture: true },
  { name: 'media production', weight: 1, suffixes: ['studios', 'media', 'productions', 'films'], revenuePerEmployee: [100_000, 300_000], roleBoost: { creative: 6 } },
  { name: 'design', weight: 1, suffixes: ['design', 'studio', 'collective'], revenuePerEmployee: [80_000, 200_000], roleBoost: { creative: 8 } },
  { name: 'higher education', weight: 3, suffixes: ['university', 'college', 'institute of technology'], revenuePerEmployee: [80_000, 200_000], roleBoost: { education: 12, research: 2 }, type: 'educational', naming: 'place' },
  { name: 'e-learning', weight: 1, suffixes: ['learning', 'academy', 'education'], revenuePerEmployee: [100_000, 300_000], roleBoost: { education: 4, engineering: 1.5 }, venture: true },
  { name: 'government administration', weight: 1, suffixes: ['city of', 'department of transportation', 'public health department'], revenuePerEmployee: [80_000, 200_000], roleBoost: { public_service: 12 }, type: 'government', naming: 'place' },
  { name: 'non-profit organization management', weight: 1, suffixes: ['foundation', 'alliance', 'fund', 'trust'], revenuePerEmployee: [40_000, 150_000], roleBoost: { partnerships: 3, marketing: 1.5 }, type: 'nonprofit' },
];

/** First words of invented company names. */
export const NAME_WORDS = [
  'north', 'blue', 'bright', 'atlas', 'vertex', 'summit', 'harbor', 'pioneer', 'crescent', 'silver', 'granite', 'nova', 'lumen', 'apex',
  'orbit', 'cedar', 'maple', 'falcon', 'quantum', 'evergreen', 'meridian', 'horizon', 'keystone', 'sterling', 'redwood', 'aurora',
  'beacon', 'cobalt', 'delta', 'ember', 'fusion', 'helix', 'ironwood', 'juniper', 'kestrel', 'lighthouse', 'monarch', 'nimbus',
  'oakridge', 'pinnacle', 'quarry', 'riverstone', 'sequoia', 'tidewater', 'unity', 'vanguard', 'willow', 'zenith', 'amber', 'bluebird',
  'clearwater', 'driftwood', 'everest', 'foxglove', 'goldcrest', 'highland', 'indigo', 'jetstream', 'kingfisher', 'lakeshore', 'mosaic',
  'northstar', 'onyx', 'prairie', 'quill', 'rosewood', 'saffron', 'timber', 'upland', 'velvet', 'westwind', 'yellowstone', 'bramble',
  'canyon', 'dawn', 'elm', 'fjord', 'glacier', 'hollow', 'isle', 'jade', 'kite', 'lark', 'mesa', 'nectar', 'opal', 'pebble', 'ripple',
  'sparrow', 'thistle', 'umber', 'vista', 'wren', 'arbor', 'birch', 'coral', 'dune', 'echo', 'flint', 'grove', 'haven', 'ivory', 'loom',
];

/** Second words that make compound names like "brightpath". */
export const NAME_TAILS = ['path', 'bridge', 'stone', 'point', 'field', 'line', 'gate', 'works', 'wave', 'light', 'peak', 'forge', 'ly', 'scape', 'base', 'mark', 'wise', 'loop', 'spark', 'sight'];

export type JobFamily = {
  role: string;
  subRole: string | null;
  /** Individual-contributor titles; never contain a level word (manager, lead, director, ...). */
  ic: readonly string[];
  /** What a manager or director of this family runs: "director of {area}". */
  area: string;
  weight: number;
  skills: readonly string[];
  majors: readonly string[];
  certifications?: readonly string[];
};

/** Chief titles by role; roles without one reach the top as "chief operating officer". */
export const CHIEF_TITLES: Record<string, readonly string[]> = {
  engineering: ['chief technology officer', 'cto'],
  product: ['chief product officer'],
  sales: ['chief revenue officer', 'chief sales officer'],
  marketing: ['chief marketing officer', 'cmo'],
  finance: ['chief financial officer', 'cfo'],
  human_resources: ['chief people officer', 'chief human resources officer'],
  legal: ['chief legal officer'],
  operations: ['chief operating officer', 'coo'],
  health: ['chief medical officer'],
  research: ['chief scientific officer'],
  support: ['chief customer officer'],
};

export const JOB_FAMILIES: readonly JobFamily[] = [
  { role: 'engineering', subRole: 'software', weight: 12, area: 'engineering', ic: ['software engineer', 'backend engineer', 'frontend engineer', 'full stack developer', 'mobile engineer', 'software developer'], skills: ['javascript', 'typescript', 'python', 'java', 'go', 'react', 'node.js', 'sql', 'postgresql', 'aws', 'docker', 'kubernetes', 'git', 'rest apis', 'microservices', 'graphql', 'c#', 'rust'], majors: ['computer science', 'software engineering', 'electrical engineering', 'mathematics'], certifications: ['aws certified solutions architect', 'aws certified developer', 'certified kubernetes administrator'] },
  { role: 'engineering', subRole: 'devops', weight: 3, area: 'infrastructure', ic: ['devops engineer', 'site reliability engineer', 'platform engineer', 'cloud engineer'], skills: ['aws', 'terraform', 'kubernetes', 'docker', 'linux', 'ci/cd', 'ansible', 'prometheus', 'google cloud platform', 'azure', 'bash', 'python'], majors: ['computer science', 'information technology'], certifications: ['aws certified devops engineer', 'certified kubernetes administrator', 'hashicorp certified terraform associate'] },
  { role: 'engineering', subRole: 'data', weight: 3, area: 'data engineering', ic: ['data engineer', 'analytics engineer', 'big data engineer'], skills: ['python', 'sql', 'apache spark', 'airflow', 'dbt', 'snowflake', 'kafka', 'etl', 'data modeling', 'bigquery', 'scala'], majors: ['computer science', 'statistics', 'mathematics'], certifications: ['google professional data engineer', 'databricks certified data engineer'] },
  { role: 'engineering', subRole: 'security', weight: 2, area: 'security', ic: ['security engineer', 'security analyst', 'penetration tester', 'application security engineer'], skills: ['network security', 'penetration testing', 'siem', 'incident response', 'vulnerability management', 'cloud security', 'python', 'iso 27001'], majors: ['computer science', 'cybersecurity', 'information technology'], certifications: ['cissp', 'comptia security+', 'certified ethical hacker (ceh)', 'oscp'] },
  { role: 'engineering', subRole: 'information_technology', weight: 3, area: 'it', ic: ['systems administrator', 'it support specialist', 'network engineer', 'it specialist'], skills: ['active directory', 'windows server', 'networking', 'office 365', 'itil', 'vmware', 'linux', 'troubleshooting', 'cisco'], majors: ['information technology', 'computer science'], certifications: ['comptia a+', 'ccna', 'itil foundation', 'microsoft certified: azure administrator'] },
  { role: 'engineering', subRole: 'mechanical', weight: 2, area: 'mechanical engineering', ic: ['mechanical engineer', 'design engineer', 'manufacturing engineer'], skills: ['solidworks', 'autocad', 'cad', 'finite element analysis', 'gd&t', 'lean manufacturing', 'matlab', 'product development'], majors: ['mechanical engineering', 'industrial engineering'], certifications: ['six sigma green belt', 'professional engineer (pe)'] },
  { role: 'engineering', subRole: 'electrical', weight: 1, area: 'electrical engineering', ic: ['electrical engineer', 'hardware engineer', 'embedded software engineer'], skills: ['circuit design', 'pcb design', 'embedded systems', 'c', 'matlab', 'fpga', 'altium designer', 'signal processing'], majors: ['electrical engineering', 'computer engineering'] },
  { role: 'sales', subRole: 'account_executive', weight: 6, area: 'sales', ic: ['account executive', 'sales executive', 'enterprise account executive', 'sales representative'], skills: ['sales', 'salesforce', 'negotiation', 'b2b sales', 'solution selling', 'cold calling', 'pipeline management', 'saas', 'new business development', 'crm'], majors: ['business administration', 'marketing', 'communications'], certifications: ['salesforce certified administrator', 'sandler sales certification'] },
  { role: 'sales', subRole: 'business_development', weight: 4, area: 'business development', ic: ['business development representative', 'sales development representative', 'business development executive'], skills: ['lead generation', 'cold calling', 'prospecting', 'hubspot', 'linkedin sales navigator', 'outbound sales', 'salesforce', 'b2b sales'], majors: ['business administration', 'marketing', 'economics'] },
  { role: 'sales', subRole: 'account_management', weight: 3, area: 'account management', ic: ['account executive', 'key account executive', 'account specialist'], skills: ['account management', 'customer relationship management', 'upselling', 'negotiation', 'salesforce', 'contract negotiation'], majors: ['business administration', 'communications'] },
  { role: 'sales_engineering', subRole: null, weight: 1.5, area: 'solutions engineering', ic: ['sales engineer', 'solutions engineer', 'solutions consultant', 'pre-sales consultant'], skills: ['technical sales', 'solution architecture', 'product demonstrations', 'saas', 'apis', 'proof of concept', 'salesforce'], majors: ['computer science', 'engineering', 'business administration'] },
  { role: 'marketing', subRole: 'brand', weight: 2, area: 'brand marketing', ic: ['brand strategist', 'brand specialist', 'marketing specialist'], skills: ['brand management', 'marketing strategy', 'market research', 'advertising', 'copywriting', 'social media marketing'], majors: ['marketing', 'communications', 'business administration'] },
  { role: 'marketing', subRole: 'content', weight: 2, area: 'content', ic: ['content marketer', 'content strategist', 'copywriter', 'content specialist'], skills: ['content marketing', 'seo', 'copywriting', 'wordpress', 'editing', 'social media', 'blogging', 'content strategy'], majors: ['journalism', 'english', 'communications', 'marketing'], certifications: ['hubspot content marketing certification'] },
  { role: 'marketing', subRole: 'product_marketing', weight: 1.5, area: 'product marketing', ic: ['product marketer', 'product marketing specialist'], skills: ['go-to-market strategy', 'product positioning', 'competitive analysis', 'messaging', 'market research', 'sales enablement'], majors: ['marketing', 'business administration'] },
  { role: 'marketing', subRole: 'digital', weight: 2.5, area: 'digital marketing', ic: ['digital marketing specialist', 'growth marketer', 'performance marketer', 'seo specialist', 'marketing analyst'], skills: ['google analytics', 'google ads', 'seo', 'sem', 'facebook ads', 'marketing automation', 'hubspot', 'email marketing', 'a/b testing'], majors: ['marketing', 'business administration', 'economics'], certifications: ['google ads certification', 'google analytics individual qualification', 'hubspot inbound marketing certification'] },
  { role: 'marketing', subRole: 'events', weight: 0.8, area: 'events', ic: ['event coordinator', 'events specialist', 'field marketing specialist'], skills: ['event planning', 'event management', 'vendor management', 'trade shows', 'budgeting'], majors: ['marketing', 'hospitality management', 'communications'] },
  { role: 'finance', subRole: 'accounting', weight: 3, area: 'accounting', ic: ['accountant', 'staff accountant', 'accounts payable specialist', 'auditor'], skills: ['accounting', 'gaap', 'ifrs', 'financial reporting', 'reconciliation', 'quickbooks', 'sap', 'excel', 'auditing', 'accounts payable'], majors: ['accounting', 'finance'], certifications: ['certified public accountant (cpa)', 'acca', 'chartered accountant'] },
  { role: 'finance', subRole: 'financial_planning', weight: 2, area: 'finance', ic: ['financial analyst', 'fp&a analyst', 'finance associate'], skills: ['financial modeling', 'forecasting', 'budgeting', 'excel', 'financial analysis', 'variance analysis', 'power bi', 'valuation'], majors: ['finance', 'economics', 'accounting'], certifications: ['chartered financial analyst (cfa)', 'financial modeling & valuation analyst (fmva)'] },
  { role: 'finance', subRole: 'investment', weight: 1, area: 'investments', ic: ['investment analyst', 'associate', 'investment associate', 'portfolio analyst'], skills: ['financial modeling', 'valuation', 'due diligence', 'private equity', 'venture capital', 'investment banking', 'excel', 'mergers & acquisitions'], majors: ['finance', 'economics'], certifications: ['chartered financial analyst (cfa)'] },
  { role: 'finance', subRole: 'tax', weight: 0.8, area: 'tax', ic: ['tax accountant', 'tax specialist', 'tax associate'], skills: ['tax preparation', 'tax compliance', 'corporate tax', 'international tax', 'excel'], majors: ['accounting', 'finance', 'law'], certifications: ['certified public accountant (cpa)', 'enrolled agent'] },
  { role: 'human_resources', subRole: 'recruiting', weight: 2.5, area: 'talent acquisition', ic: ['recruiter', 'technical recruiter', 'talent acquisition specialist', 'sourcer'], skills: ['recruiting', 'sourcing', 'interviewing', 'applicant tracking systems', 'linkedin recruiter', 'employer branding', 'onboarding'], majors: ['human resources', 'psychology', 'business administration'], certifications: ['shrm-cp', 'linkedin certified professional recruiter'] },
  { role: 'human_resources', subRole: 'people_operations', weight: 2, area: 'people operations', ic: ['hr generalist', 'hr specialist', 'people operations specialist', 'hr coordinator'], skills: ['employee relations', 'hris', 'workday', 'performance management', 'employment law', 'compensation & benefits', 'onboarding'], majors: ['human resources', 'psychology', 'business administration'], certifications: ['shrm-cp', 'phr', 'cipd level 5'] },
  { role: 'operations', subRole: 'project_management', weight: 3, area: 'project management', ic: ['project coordinator', 'program specialist', 'scrum master', 'project analyst'], skills: ['project management', 'agile', 'scrum', 'jira', 'stakeholder management', 'risk management', 'ms project', 'confluence'], majors: ['business administration', 'engineering', 'management'], certifications: ['project management professional (pmp)', 'certified scrummaster (csm)', 'prince2 foundation'] },
  { role: 'operations', subRole: 'administrative', weight: 2.5, area: 'administration', ic: ['office administrator', 'executive assistant', 'administrative assistant', 'receptionist'], skills: ['microsoft office', 'scheduling', 'office administration', 'customer service', 'data entry', 'calendar management'], majors: ['business administration', 'communications'] },
  { role: 'operations', subRole: 'strategy', weight: 1.5, area: 'strategy & operations', ic: ['business operations analyst', 'strategy analyst', 'operations analyst'], skills: ['strategic planning', 'business analysis', 'operations management', 'process improvement', 'excel', 'sql', 'okrs'], majors: ['business administration', 'economics', 'engineering'] },
  { role: 'fulfillment', subRole: 'logistics', weight: 2, area: 'logistics', ic: ['logistics coordinator', 'supply chain analyst', 'warehouse associate', 'buyer', 'dispatcher'], skills: ['supply chain management', 'logistics', 'inventory management', 'sap', 'procurement', 'warehouse management', 'forecasting'], majors: ['supply chain management', 'business administration', 'industrial engineering'], certifications: ['apics cscp', 'six sigma green belt'] },
  { role: 'product', subRole: 'product_management', weight: 2.5, area: 'product', ic: ['product specialist', 'business analyst', 'product analyst', 'technical product specialist'], skills: ['product management', 'agile', 'user research', 'roadmapping', 'jira', 'a/b testing', 'sql', 'product strategy', 'stakeholder management'], majors: ['computer science', 'business administration', 'economics'], certifications: ['certified scrum product owner (cspo)', 'pragmatic institute certified'] },
  { role: 'product', subRole: 'product_design', weight: 1.5, area: 'design', ic: ['product designer', 'ux designer', 'ui designer', 'ux researcher', 'interaction designer'], skills: ['figma', 'user experience design', 'user research', 'prototyping', 'sketch', 'design systems', 'usability testing', 'adobe creative suite'], majors: ['graphic design', 'human-computer interaction', 'psychology', 'fine arts'], certifications: ['google ux design certificate'] },
  { role: 'creative', subRole: 'graphic_design', weight: 1.5, area: 'creative', ic: ['graphic designer', 'visual designer', 'production artist', 'illustrator'], skills: ['adobe photoshop', 'adobe illustrator', 'indesign', 'branding', 'typography', 'graphic design', 'figma'], majors: ['graphic design', 'fine arts', 'visual communication'] },
  { role: 'creative', subRole: 'journalism', weight: 0.6, area: 'editorial', ic: ['writer', 'editor', 'journalist', 'copy editor'], skills: ['writing', 'editing', 'storytelling', 'research', 'ap style', 'content management systems'], majors: ['journalism', 'english', 'communications'] },
  { role: 'support', subRole: 'customer_success', weight: 3, area: 'customer success', ic: ['customer success specialist', 'customer success associate', 'onboarding specialist', 'implementation consultant'], skills: ['customer success', 'customer retention', 'onboarding', 'gainsight', 'zendesk', 'saas', 'account management', 'churn reduction'], majors: ['business administration', 'communications', 'psychology'] },
  { role: 'support', subRole: 'customer_support', weight: 2.5, area: 'customer support', ic: ['customer support specialist', 'technical support engineer', 'customer service representative', 'support agent'], skills: ['customer service', 'zendesk', 'troubleshooting', 'technical support', 'intercom', 'ticketing systems', 'communication'], majors: ['communications', 'business administration', 'information technology'] },
  { role: 'legal', subRole: 'lawyer', weight: 1.5, area: 'legal', ic: ['attorney', 'associate attorney', 'corporate counsel', 'solicitor', 'legal counsel'], skills: ['legal research', 'contract negotiation', 'litigation', 'corporate law', 'mergers & acquisitions', 'legal writing', 'intellectual property'], majors: ['law', 'political science'], certifications: ['bar admission'] },
  { role: 'legal', subRole: 'compliance', weight: 1, area: 'compliance', ic: ['compliance analyst', 'compliance officer', 'privacy analyst', 'paralegal'], skills: ['regulatory compliance', 'gdpr', 'risk management', 'aml', 'kyc', 'internal audit', 'policy development'], majors: ['law', 'finance', 'business administration'], certifications: ['cipp/e', 'certified anti-money laundering specialist (cams)'] },
  { role: 'analyst', subRole: 'business_analyst', weight: 2, area: 'analytics', ic: ['business analyst', 'data analyst', 'business intelligence analyst', 'reporting analyst'], skills: ['sql', 'excel', 'tableau', 'power bi', 'data analysis', 'python', 'requirements gathering', 'data visualization'], majors: ['economics', 'statistics', 'business administration', 'mathematics'], certifications: ['google data analytics certificate', 'tableau desktop specialist'] },
  { role: 'research', subRole: 'data_science', weight: 1.5, area: 'data science', ic: ['data scientist', 'machine learning engineer', 'research scientist', 'applied scientist'], skills: ['python', 'machine learning', 'deep learning', 'pytorch', 'tensorflow', 'statistics', 'sql', 'nlp', 'pandas', 'scikit-learn'], majors: ['computer science', 'statistics', 'mathematics', 'physics'], certifications: ['tensorflow developer certificate', 'aws certified machine learning - specialty'] },
  { role: 'research', subRole: 'scientific', weight: 1, area: 'research', ic: ['research scientist', 'scientist', 'research associate', 'laboratory technician'], skills: ['laboratory skills', 'research', 'data analysis', 'molecular biology', 'pcr', 'cell culture', 'scientific writing', 'statistics'], majors: ['biology', 'chemistry', 'biochemistry', 'molecular biology'] },
  { role: 'health', subRole: 'nursing', weight: 1, area: 'nursing', ic: ['registered nurse', 'nurse practitioner', 'clinical nurse', 'staff nurse'], skills: ['patient care', 'acute care', 'bls', 'acls', 'electronic medical records', 'clinical research', 'patient safety'], majors: ['nursing'], certifications: ['registered nurse (rn)', 'basic life support (bls)', 'acls'] },
  { role: 'health', subRole: 'doctor', weight: 0.7, area: 'medicine', ic: ['physician', 'resident physician', 'general practitioner', 'surgeon'], skills: ['patient care', 'clinical research', 'internal medicine', 'diagnosis', 'healthcare', 'medical education'], majors: ['medicine'], certifications: ['board certified', 'advanced cardiac life support (acls)'] },
  { role: 'health', subRole: 'therapy', weight: 0.5, area: 'therapy', ic: ['physical therapist', 'occupational therapist', 'pharmacist', 'clinical psychologist'], skills: ['rehabilitation', 'patient education', 'treatment planning', 'healthcare', 'clinical assessment'], majors: ['physical therapy', 'pharmacy', 'psychology'] },
  { role: 'education', subRole: 'professor', weight: 1, area: 'academic affairs', ic: ['professor', 'assistant professor', 'associate professor', 'lecturer', 'postdoctoral researcher'], skills: ['teaching', 'research', 'curriculum development', 'academic writing', 'grant writing', 'public speaking'], majors: ['education', 'physics', 'history', 'economics', 'computer science'] },
  { role: 'education', subRole: 'primary_and_secondary', weight: 0.8, area: 'curriculum', ic: ['teacher', 'high school teacher', 'instructional designer', 'tutor'], skills: ['lesson planning', 'classroom management', 'curriculum development', 'teaching', 'special education', 'e-learning'], majors: ['education', 'english', 'mathematics'] },
  { role: 'advisory', subRole: 'consulting', weight: 2, area: 'consulting', ic: ['consultant', 'management consultant', 'business consultant', 'associate consultant'], skills: ['management consulting', 'strategy', 'business transformation', 'change management', 'stakeholder management', 'powerpoint', 'excel'], majors: ['business administration', 'economics', 'engineering'] },
  { role: 'manufacturing', subRole: 'production', weight: 1.5, area: 'manufacturing', ic: ['production planner', 'quality engineer', 'process engineer', 'production technician', 'quality inspector'], skills: ['lean manufacturing', 'six sigma', 'quality control', 'iso 9001', 'root cause analysis', 'kaizen', '5s', 'erp'], majors: ['industrial engineering', 'mechanical engineering', 'chemical engineering'], certifications: ['six sigma green belt', 'six sigma black belt'] },
  { role: 'hospitality', subRole: 'food_and_beverage', weight: 1, area: 'food & beverage', ic: ['chef', 'sous chef', 'front desk agent', 'concierge', 'sommelier'], skills: ['hospitality', 'customer service', 'food & beverage', 'menu development', 'food safety', 'guest relations'], majors: ['hospitality management', 'culinary arts'] },
  { role: 'trade', subRole: 'construction', weight: 1, area: 'construction', ic: ['site engineer', 'estimator', 'electrician', 'carpenter', 'foreman'], skills: ['construction', 'autocad', 'estimating', 'site management', 'osha', 'blueprint reading', 'building codes'], majors: ['civil engineering', 'construction management'], certifications: ['osha 30', 'leed green associate'] },
  { role: 'public_service', subRole: 'government', weight: 0.6, area: 'public affairs', ic: ['policy analyst', 'program analyst', 'public affairs specialist', 'city planner'], skills: ['public policy', 'policy analysis', 'government relations', 'program evaluation', 'grant writing', 'community outreach'], majors: ['public policy', 'political science', 'urban planning'] },
  { role: 'partnerships', subRole: null, weight: 1, area: 'partnerships', ic: ['partnerships associate', 'alliances specialist', 'channel sales representative', 'fundraising associate'], skills: ['partner management', 'channel sales', 'alliances', 'fundraising', 'business development', 'negotiation'], majors: ['business administration', 'communications'] },
];

/** Skills anyone in a lead role picks up. */
export const LEADERSHIP_SKILLS = ['leadership', 'team management', 'strategic planning', 'budgeting', 'hiring', 'coaching', 'cross-functional team leadership'];

/** Second languages business people list besides English and their country's own. */
export const EXTRA_LANGUAGES = ['spanish', 'french', 'german', 'mandarin', 'portuguese', 'italian', 'japanese', 'arabic', 'russian', 'hindi'];

/** Degree names by the kind of major they are given for. */
export const DEGREES = {
  science: { bachelors: ['bachelor of science', 'bachelor of engineering'], masters: ['master of science', 'master of engineering'] },
  business: { bachelors: ['bachelor of business administration', 'bachelor of commerce', 'bachelor of science'], masters: ['master of science'] },
  arts: { bachelors: ['bachelor of arts'], masters: ['master of arts'] },
  law: { bachelors: ['bachelor of laws', 'bachelor of arts'], masters: ['master of laws'] },
  medicine: { bachelors: ['bachelor of medicine', 'bachelor of science'], masters: ['master of science'] },
} as const;

export function degreeKind(major: string): keyof typeof DEGREES {
  if (major === 'law') return 'law';
  if (['medicine', 'nursing', 'pharmacy', 'physical therapy'].includes(major)) return 'medicine';
  if (/business|marketing|finance|accounting|economics|management|commerce|hospitality|supply chain/.test(major)) return 'business';
  if (/engineering|science|mathematics|statistics|physics|chemistry|biology|biochemistry|technology|cybersecurity|computer|information|human-computer/.test(major)) return 'science';
  return 'arts';
}
