// Words that give parts of an Indian address their roles: postal markers, landmark words, sides, state codes, city short forms.
import type { Role } from './address-parser.ts';

/** Words that start a landmark; the landmark's own name follows (up to a landmark noun), then maybe the place. */
export const LANDMARK = new Set([
  'near',
  'opposite',
  'behind',
  'beside',
  'besides',
  'landmark',
  'adjacent',
  'facing',
  'nearby',
  'infront',
  'above',
  'below',
  'after',
  'before',
]);
/** Hindi postpositions after a landmark ("ke paas" near, "ke saamne" opposite, "ke peeche" behind). */
export const HINDI_NEAR = new Set([
  'paas',
  'pas',
  'saamne',
  'samne',
  'samane',
  'peeche',
  'piche',
  'pichhe',
  'bagal',
  'nazdeek',
  'najdik',
]);
/** Nouns that end a landmark's name ("near Durga Mandir | Kankarbagh"); the words after them are the place again. */
export const LANDMARK_NOUNS = new Set(
  (
    'mandir temple mall bank station stn school hospital chowk masjid mosque church gurudwara gurdwara park market stores store ' +
    'theatre theater cinema office stand crossing bridge circle pillar tower plaza complex hotel college garden gate supermarket ' +
    'showroom pump bhawan bhavan building apartment apartments society hall ground stadium club chauraha tiraha square junction ' +
    'mart dhaba restaurant medical pharmacy clinic dairy godown factory depot masjid dargah ashram math kendra petrol ' +
    'memorial fort palace museum tomb caves cave lake beach minar zoo dam falls university institute airport terminal ' +
    'centre center ghar thana'
  ).split(' '),
);
/** A facility a city has one of, named by its kind after the city's name ("Mumbai Airport", "Patna Aerodrome"). */
export const CITY_FACILITIES: ReadonlySet<string> = new Set(['airport', 'aerodrome']);
/** Marker word -> the role of the words after it ("Vill Rampur", "Post Shahabad", "Distt Hardoi", "Tehsil Sadar"). */
export const MARKERS: ReadonlyMap<string, Role> = new Map(
  Object.entries({
    village: 'village',
    gram: 'village',
    gaon: 'village',
    mauza: 'village',
    mouza: 'village',
    vpo: 'post',
    po: 'post',
    post: 'post',
    dakghar: 'post',
    via: 'post',
    tehsil: 'subdistrict',
    tahsil: 'subdistrict',
    teh: 'subdistrict',
    tah: 'subdistrict',
    taluk: 'subdistrict',
    taluka: 'subdistrict',
    ta: 'subdistrict',
    mandal: 'subdistrict',
    district: 'district',
    zila: 'district',
    jila: 'district',
    zilla: 'district',
    dt: 'district',
    thana: 'place',
    ps: 'place',
    mohalla: 'place',
    moh: 'place',
    kasba: 'place',
    qasba: 'place',
    muhalla: 'place',
    at: 'village',
  }),
);
/** Marker words that follow the name instead ("Hardoi District", "Sadar Tehsil"). */
export const TRAILING_MARKERS: ReadonlyMap<string, Role> = new Map(
  Object.entries({
    district: 'district',
    dt: 'district',
    tehsil: 'subdistrict',
    taluk: 'subdistrict',
    tk: 'subdistrict',
    taluka: 'subdistrict',
    mandal: 'subdistrict',
  }),
);
/**
 * Trailing markers that the south writes only after the name, even mid-text ("Pollachi Tk Coimbatore Dt", "Kodad
 * Mandal Suryapet"); the others ("District Hardoi", "Tehsil Sadar") may start a name there.
 */
export const ONLY_TRAILING: ReadonlySet<string> = new Set(['dt', 'taluk', 'tk', 'mandal']);
/** Words for the halves of a suburb written after its name: "Borivali Pashchim", "Ghatkopar Purva", "Andheri W". */
export const SIDE_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    e: 'east',
    w: 'west',
    est: 'east',
    wst: 'west',
    pashchim: 'west',
    paschim: 'west',
    pachim: 'west',
    purva: 'east',
    purv: 'east',
    poorva: 'east',
    purab: 'east',
    east: 'east',
    west: 'west',
  }),
);
/** Country words at the end of an address; they narrow nothing. */
export const COUNTRY_WORDS = new Set(['india', 'bharat', 'in', 'ind']);
/** Words a buyer or a form writes where no address is: "Home", "Same as above", "Nil", "N/A", "Address line 1". */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    'home work other others same as above below billing shipping delivery permanent current residence residential ' +
    'address line nil none na n a null undefined not applicable no default'
  ).split(' '),
);

/** Postal and vehicle-registration state codes and short forms people write ("KA", "MH", "Guj", "Raj"). */
export const STATE_CODES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    an: 'Andaman and Nicobar Islands',
    ap: 'Andhra Pradesh',
    ar: 'Arunachal Pradesh',
    as: 'Assam',
    br: 'Bihar',
    ch: 'Chandigarh',
    cg: 'Chhattisgarh',
    ct: 'Chhattisgarh',
    dl: 'Delhi',
    ga: 'Goa',
    gj: 'Gujarat',
    hr: 'Haryana',
    hp: 'Himachal Pradesh',
    jk: 'Jammu and Kashmir',
    jh: 'Jharkhand',
    ka: 'Karnataka',
    kl: 'Kerala',
    la: 'Ladakh',
    ld: 'Lakshadweep',
    mp: 'Madhya Pradesh',
    mh: 'Maharashtra',
    mn: 'Manipur',
    ml: 'Meghalaya',
    mz: 'Mizoram',
    nl: 'Nagaland',
    od: 'Odisha',
    or: 'Odisha',
    py: 'Puducherry',
    pb: 'Punjab',
    rj: 'Rajasthan',
    sk: 'Sikkim',
    tn: 'Tamil Nadu',
    ts: 'Telangana',
    tg: 'Telangana',
    tr: 'Tripura',
    up: 'Uttar Pradesh',
    uk: 'Uttarakhand',
    ut: 'Uttarakhand',
    wb: 'West Bengal',
    dn: 'The Dadra and Nagar Haveli and Daman and Diu',
    dd: 'The Dadra and Nagar Haveli and Daman and Diu',
    guj: 'Gujarat',
    raj: 'Rajasthan',
    mah: 'Maharashtra',
    har: 'Haryana',
    kar: 'Karnataka',
    ker: 'Kerala',
    tel: 'Telangana',
    bih: 'Bihar',
    jhar: 'Jharkhand',
    chh: 'Chhattisgarh',
    ori: 'Odisha',
    pun: 'Punjab',
    utt: 'Uttarakhand',
  }),
);

/**
 * States' names as people also write them in full: short ("Andhra", "Himachal", "Bengal"), old ("Orissa"), or spelt
 * as said ("Gujrat", "Panjab"). Names, not codes: alone they name the state, and at an address's end they are its
 * state, never a place whose name starts so ("Bengal Chemical", "Gujrat High Court") or a village of that spelling.
 */
export const STATE_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    andamanandnicobar: 'Andaman and Nicobar Islands',
    andamannicobar: 'Andaman and Nicobar Islands',
    andamannicobarislands: 'Andaman and Nicobar Islands',
    andhra: 'Andhra Pradesh',
    arunachal: 'Arunachal Pradesh',
    bangal: 'West Bengal',
    bengal: 'West Bengal',
    // The two territories merged in 2020, as addresses still name them; with and without their "and".
    dadraandnagarhaveli: 'The Dadra and Nagar Haveli and Daman and Diu',
    dadranagarhaveli: 'The Dadra and Nagar Haveli and Daman and Diu',
    dadranagarhavelidamandiu: 'The Dadra and Nagar Haveli and Daman and Diu',
    damananddiu: 'The Dadra and Nagar Haveli and Daman and Diu',
    damandiu: 'The Dadra and Nagar Haveli and Daman and Diu',
    gujrat: 'Gujarat',
    himachal: 'Himachal Pradesh',
    jammukashmir: 'Jammu and Kashmir',
    kashmir: 'Jammu and Kashmir',
    orissa: 'Odisha',
    panjab: 'Punjab',
    paschimbanga: 'West Bengal',
    paschimbengal: 'West Bengal',
    uttaranchal: 'Uttarakhand',
  }),
);

/** Short forms of cities in the city position only ("Lko", "Chn", "B'lore"): as words elsewhere they mean other things. */
export const CITY_SHORT: ReadonlyMap<string, string> = new Map(
  Object.entries({
    chn: 'chennai',
    lko: 'lucknow',
    bpl: 'bhopal',
    pat: 'patna',
    kol: 'kolkata',
    mum: 'mumbai',
    nd: 'newdelhi',
    ndls: 'newdelhi',
    ekm: 'ernakulam',
    tvm: 'thiruvananthapuram',
    cbe: 'coimbatore',
    ngp: 'nagpur',
    ahd: 'ahmedabad',
    amd: 'ahmedabad',
    chd: 'chandigarh',
    blore: 'bengaluru',
    bglr: 'bengaluru',
    blr: 'bengaluru',
    hyd: 'hyderabad',
    jpr: 'jaipur',
    idr: 'indore',
    bbsr: 'bhubaneswar',
    ggn: 'gurugram',
    gzb: 'ghaziabad',
    navimum: 'navimumbai',
    nm: 'navimumbai',
    vzg: 'visakhapatnam',
    mys: 'mysuru',
    sbc: 'bengaluru',
    mas: 'chennai',
    cal: 'kolkata',
    bom: 'mumbai',
    del: 'delhi',
    secbad: 'secunderabad',
  }),
);

/**
 * The first three digits of the pincodes of cities that number their postal districts: "Chennai-18" is 600018,
 * "Kol-20" 700020, "Delhi 92" 110092 (the old postal district numbers people still write after the city).
 */
export const POSTAL_DISTRICT_PREFIX: ReadonlyMap<string, string> = new Map(
  Object.entries({
    mumbai: '400',
    chennai: '600',
    kolkata: '700',
    delhi: '110',
    newdelhi: '110',
    bengaluru: '560',
    hyderabad: '500',
    pune: '411',
    ahmedabad: '380',
    lucknow: '226',
    jaipur: '302',
    patna: '800',
    nagpur: '440',
    chandigarh: '160',
    secunderabad: '500',
    coimbatore: '641',
    madurai: '625',
    kanpur: '208',
    indore: '452',
    bhopal: '462',
    // Towns whose head office is <prefix>001 and whose offices are numbered from it, written "Mysuru-17".
    mysuru: '570',
    mysore: '570',
    thiruvananthapuram: '695',
    trivandrum: '695',
    kochi: '682',
    cochin: '682',
    ernakulam: '682',
    vijayawada: '520',
    visakhapatnam: '530',
    vizag: '530',
    surat: '395',
    vadodara: '390',
    baroda: '390',
    rajkot: '360',
    ludhiana: '141',
    amritsar: '143',
    jalandhar: '144',
    agra: '282',
    varanasi: '221',
    prayagraj: '211',
    allahabad: '211',
    meerut: '250',
    dehradun: '248',
    ranchi: '834',
    jamshedpur: '831',
    bhubaneswar: '751',
    cuttack: '753',
    guwahati: '781',
    raipur: '492',
    jabalpur: '482',
    gwalior: '474',
    nashik: '422',
    aurangabad: '431',
    kolhapur: '416',
    solapur: '413',
    mangaluru: '575',
    mangalore: '575',
    belagavi: '590',
    belgaum: '590',
    tiruchirappalli: '620',
    trichy: '620',
    salem: '636',
    tirunelveli: '627',
    kozhikode: '673',
    calicut: '673',
    thrissur: '680',
    ghaziabad: '201',
    faridabad: '121',
    gurugram: '122',
    gurgaon: '122',
  }),
);

/** Words that keep the number after them: "Sector 62", "Phase 2", "5th Block" stay place words. */
export const NUMBERED_PLACE: ReadonlySet<string> = new Set([
  'sector',
  'phase',
  'block',
  'stage',
  'pocket',
  'extension',
  'part',
  'sec',
]);

/** Address vocabulary: never a place alone, nor in a run made only of such words ("Main Road", "Station Road"). */
export const ADDRESS_WORDS = new Set(
  (
    'main road street nagar colony sector block phase cross lane market bazar bazaar chowk gali house flat floor near east ' +
    'west north south new old village post office station stage layout extension society apartment apartments tower towers ' +
    'park garden gardens city town district gate camp cantonment circle square temple mandir masjid church school hospital ' +
    'college hotel bank bus stand railway airport highway industrial area estate complex plaza mall ward number opposite ' +
    'behind first second third fourth fifth sadak marg path puram pur ganj bagh vihar enclave residency heights mohalla tola ' +
    'para basti galli peth wadi junction halt corner point centre center club ground stadium bhawan bhavan sadan niwas hills hill ' +
    // A town's civic body ("Nagar Palika", "Municipal Corporation", "Gram Panchayat") names no place of its own.
    'municipal municipality corporation council nigam palika panchayat parishad'
  ).split(' '),
);
/** Words every town's names are made of: "Bara Bazar", "Sadar Bazar", "Civil Lines", "Model Town" are in any town. */
export const COMMON_NAME_WORDS: ReadonlySet<string> = new Set(
  (
    'bara bari sadar purana purani naya nayi chhota chhoti civil lines model main old new upper lower ' +
    // Every district town has its Police Lines, Sainik Colony, Transport Nagar, Sabzi Mandi, Housing Board Colony.
    'police sainik transport sabzi mandi anaj krishi upaj housing board officers teachers judges awas vikas jail ' +
    // Names colonies in every town are called after ("Ashok Vihar", "Sarvodaya Nagar", "Gayatri Nagar").
    'ashok sarvodaya gayatri shastri rajendra tilak jawahar adarsh prem vivekanand vivekananda kamla govind ' +
    'mahaveer mahavir vidya shanti azad patel'
  ).split(' '),
);
/** Words that are places only with more words around them ("Mahal" of "Badi Mahal", "Gandhi" of "MG Road"). */
export const NAME_WORDS = new Set(
  (
    'mahal badi bada chhota choti gandhi nehru mahatma rajiv indira sanjay subhash netaji ambedkar shivaji ram krishna hanuman ' +
    'ganesh durga kali shiv lakshmi saraswati india bharat sri shri jai nagari'
  ).split(' '),
);
