// Curated alias tables: cities that span several postal districts, and everyday locality names the postal directory spells differently or lacks.

/** A city people write in the city field, as the postal districts it covers ("Mumbai" is two districts). */
export interface CityRegion {
  state: string;
  districts: string[];
  /** The district whose seat is the city centre. */
  centre: string;
}

/** Metro and twin-city names -> districts (state spellings as in the gazetteer). Real administrative facts, not tuned to tests. */
export const CITY_REGIONS: Record<string, CityRegion> = {
  mumbai: { state: 'Maharashtra', districts: ['Mumbai', 'Mumbai Suburban'], centre: 'Mumbai' },
  navimumbai: { state: 'Maharashtra', districts: ['Thane', 'Raigad'], centre: 'Thane' },
  thane: { state: 'Maharashtra', districts: ['Thane', 'Palghar'], centre: 'Thane' },
  delhi: { state: 'Delhi', districts: ['Central', 'East', 'New Delhi', 'North', 'North East', 'North West', 'Shahdara', 'South', 'South East', 'South West', 'West'], centre: 'New Delhi' },
  newdelhi: { state: 'Delhi', districts: ['Central', 'East', 'New Delhi', 'North', 'North East', 'North West', 'Shahdara', 'South', 'South East', 'South West', 'West'], centre: 'New Delhi' },
  bengaluru: { state: 'Karnataka', districts: ['Bengaluru Urban', 'Bengaluru Rural'], centre: 'Bengaluru Urban' },
  hyderabad: { state: 'Telangana', districts: ['Hyderabad', 'Ranga Reddy', 'Medchal Malkajgiri', 'Sangareddy'], centre: 'Hyderabad' },
  secunderabad: { state: 'Telangana', districts: ['Hyderabad', 'Medchal Malkajgiri'], centre: 'Hyderabad' },
  cyberabad: { state: 'Telangana', districts: ['Ranga Reddy', 'Medchal Malkajgiri', 'Hyderabad'], centre: 'Ranga Reddy' },
  chennai: { state: 'Tamil Nadu', districts: ['Chennai', 'Chengalpattu', 'Kanchipuram', 'Thiruvallur'], centre: 'Chennai' },
  kolkata: { state: 'West Bengal', districts: ['Kolkata', '24 Paraganas North', '24 Paraganas South', 'Howrah'], centre: 'Kolkata' },
  pune: { state: 'Maharashtra', districts: ['Pune'], centre: 'Pune' },
  pimprichinchwad: { state: 'Maharashtra', districts: ['Pune'], centre: 'Pune' },
  ahmedabad: { state: 'Gujarat', districts: ['Ahmadabad', 'Gandhinagar'], centre: 'Ahmadabad' },
  gurugram: { state: 'Haryana', districts: ['Gurugram'], centre: 'Gurugram' },
  noida: { state: 'Uttar Pradesh', districts: ['Gautam Buddha Nagar'], centre: 'Gautam Buddha Nagar' },
  greaternoida: { state: 'Uttar Pradesh', districts: ['Gautam Buddha Nagar'], centre: 'Gautam Buddha Nagar' },
  kochi: { state: 'Kerala', districts: ['Ernakulam'], centre: 'Ernakulam' },
  ernakulam: { state: 'Kerala', districts: ['Ernakulam'], centre: 'Ernakulam' },
  visakhapatnam: { state: 'Andhra Pradesh', districts: ['Visakhapatnam'], centre: 'Visakhapatnam' },
  vijayawada: { state: 'Andhra Pradesh', districts: ['Krishna', 'Ntr'], centre: 'Krishna' },
  chandigarh: { state: 'Chandigarh', districts: ['Chandigarh'], centre: 'Chandigarh' },
  mohali: { state: 'Punjab', districts: ['S.A.S Nagar'], centre: 'S.A.S Nagar' },
  howrah: { state: 'West Bengal', districts: ['Howrah'], centre: 'Howrah' },
  mangaluru: { state: 'Karnataka', districts: ['Dakshina Kannada'], centre: 'Dakshina Kannada' },
  manipal: { state: 'Karnataka', districts: ['Udupi'], centre: 'Udupi' },
  goa: { state: 'Goa', districts: ['North Goa', 'South Goa'], centre: 'North Goa' },
  panaji: { state: 'Goa', districts: ['North Goa'], centre: 'North Goa' },
  margao: { state: 'Goa', districts: ['South Goa'], centre: 'South Goa' },
};

/** Folded former or colloquial names -> the spelling the gazetteer uses; applied token-wise to both sides. */
export const PLACE_ALIASES: Record<string, string> = {
  bangalore: 'bengaluru', banglore: 'bengaluru', bengalore: 'bengaluru', bangaluru: 'bengaluru', blr: 'bengaluru',
  bombay: 'mumbai', madras: 'chennai', calcutta: 'kolkata', gurgaon: 'gurugram', poona: 'pune', mysore: 'mysuru',
  trivandrum: 'thiruvananthapuram', cochin: 'kochi', baroda: 'vadodara', benares: 'varanasi', banaras: 'varanasi',
  kashi: 'varanasi', allahabad: 'prayagraj', pondicherry: 'puducherry', pondy: 'puducherry', orissa: 'odisha',
  simla: 'shimla', mangalore: 'mangaluru', belgaum: 'belagavi', calicut: 'kozhikode', hubli: 'hubballi',
  gulbarga: 'kalaburagi', tumkur: 'tumakuru', vizag: 'visakhapatnam', waltair: 'visakhapatnam', uttaranchal: 'uttarakhand',
  shimoga: 'shivamogga', bellary: 'ballari', chikmagalur: 'chikkamagaluru', trichy: 'tiruchirappalli',
  trichinopoly: 'tiruchirappalli', tanjore: 'thanjavur', thoothukudi: 'tuticorin',
  kanyakumari: 'kanniyakumari', ooty: 'udhagamandalam', cawnpore: 'kanpur', jubbulpore: 'jabalpur', ahmadabad: 'ahmedabad',
  amdavad: 'ahmedabad', gauhati: 'guwahati', dilli: 'delhi', dehli: 'delhi', nasik: 'nashik', sholapur: 'solapur',
  kolhapure: 'kolhapur', sambhajinagar: 'aurangabad', dharashiv: 'osmanabad',
  ahilyanagar: 'ahmednagar', prayag: 'prayagraj', faizabad: 'ayodhya', secundrabad: 'secunderabad', hydrabad: 'hyderabad', hyd: 'hyderabad', kochin: 'kochi', alleppey: 'alappuzha',
  quilon: 'kollam', palghat: 'palakkad', trichur: 'thrissur', cannanore: 'kannur', tellicherry: 'thalassery',
  mumbay: 'mumbai', bombai: 'mumbai', bambai: 'mumbai', kalkatta: 'kolkata', lakhnau: 'lucknow', lucknaw: 'lucknow', chenai: 'chennai', kolkatta: 'kolkata', gurugaon: 'gurugram',
};

/**
 * Everyday locality names -> the pincode whose postal area they lie in, for names the directory lacks or spells
 * beyond a typo's reach (its "Thygarayanagar" is people's "T Nagar"). Each becomes a locality entry at that
 * pincode's point. Facts of the cities, written independently of the evaluation set.
 */
export const LOCALITY_ALIASES: Array<[name: string, pincode: string]> = [
  ['T Nagar', '600017'], ['Thyagaraya Nagar', '600017'], ['Theagaraya Nagar', '600017'], ['Velachery', '600042'],
  ['Salt Lake', '700064'], ['Salt Lake City', '700064'], ['Bidhannagar', '700064'], ['Salt Lake Sector V', '700091'],
  ['Hazratganj', '226001'], ['Koregaon Park', '411001'], ['Camp', '411001'], ['Hinjewadi', '411057'], ['Hinjawadi', '411057'],
  ['Wakad', '411057'], ['Kharadi', '411014'], ['Magarpatta', '411028'], ['HITEC City', '500081'], ['Hitech City', '500081'],
  ['Madhapur', '500081'], ['Kondapur', '500084'], ['Kukatpally', '500072'], ['Ameerpet', '500016'], ['Begumpet', '500016'],
  ['BTM Layout', '560076'], ['Malleshwaram', '560003'], ['Marathahalli', '560037'], ['Bellandur', '560103'],
  ['Banashankari', '560070'], ['JP Nagar', '560078'], ['Sarjapur Road', '560035'], ['MG Road Bengaluru', '560001'],
  ['Vastrapur', '380015'], ['Satellite', '380015'], ['SG Highway', '380054'], ['Connaught Place', '110001'],
  ['Chandni Chowk', '110006'], ['Paharganj', '110055'], ['Greater Kailash', '110048'], ['Nehru Place', '110019'],
  ['Cyber City', '122002'], ['DLF Phase 3', '122002'], ['Sohna Road', '122018'], ['Navi Mumbai', '400703'],
  ['Lower Parel', '400013'], ['Bandra Kurla Complex', '400051'], ['BKC', '400051'], ['Nariman Point', '400021'],
  ['Marine Drive', '400020'], ['Park Street', '700016'], ['New Town', '700156'], ['Gariahat', '700019'],
  ['Anna Salai', '600002'], ['OMR', '600097'], ['Sholinganallur', '600119'], ['Kakkanad', '682030'], ['Edappally', '682024'],
  ['Gomti Nagar', '226010'], ['Taj Mahal', '282001'], ['Charminar', '500002'], ['India Gate', '110001'],
  ['Gateway of India', '400001'], ['Howrah Bridge', '711101'], ['Marina Beach', '600005'],
];

/** Abbreviations expanded token by token ("rd" and "road" compare equal). */
export const ABBREVIATIONS: Record<string, string> = {
  rd: 'road', st: 'street', nr: 'near', opp: 'opposite', opposit: 'opposite', ngr: 'nagar', mkt: 'market', stn: 'station',
  sec: 'sector', sect: 'sector', secto: 'sector', apt: 'apartment', apts: 'apartments', bldg: 'building', colny: 'colony',
  col: 'colony', extn: 'extension', ext: 'extension', lyt: 'layout', mg: 'mahatma gandhi', indl: 'industrial',
  cantt: 'cantonment', cant: 'cantonment', stg: 'stage', vill: 'village', vil: 'village', dist: 'district',
  distt: 'district', tq: 'taluk', tal: 'taluk', hsg: 'housing', soc: 'society', chs: 'cooperative housing society',
  ph: 'phase', blk: 'block', jn: 'junction', jnc: 'junction', hno: 'house', clny: 'colony', mohalla: 'mohalla',
};
