// Splits an Indian address into typed parts (house, building, street, places, village, post office, tehsil, district, landmark, pincode).
import {
  ADDRESS_WORDS,
  CITY_SHORT,
  COUNTRY_WORDS,
  HINDI_NEAR,
  LANDMARK,
  LANDMARK_NOUNS,
  MARKERS,
  NUMBERED_PLACE,
  ONLY_TRAILING,
  POSTAL_DISTRICT_PREFIX,
  SIDE_WORDS,
  STATE_CODES,
  STATE_NAMES,
  TRAILING_MARKERS,
} from './address-words.ts';
import { editDistance } from './fuzzy.ts';
import { extractPincode, tokenize } from './normalise.ts';
import { transliterate } from './transliterate.ts';
import { withoutPhoneNumbers } from './contact-numbers.ts';
import { withoutFormLabels } from './form-labels.ts';

/** What a part of the address is; only place-like roles are matched against the gazetteer. */
export type Role =
  | 'house'
  | 'building'
  | 'street'
  | 'place'
  | 'village'
  | 'post'
  | 'subdistrict'
  | 'district'
  | 'city'
  | 'state'
  | 'landmark';

export interface Part {
  role: Role;
  tokens: string[];
  /** A house number written before the part's words ("12" of "12 Park Street"): never searched, only reported. */
  house?: string[];
  /** The words named a numbered road ("Pokhran Road No 1"): a place's name, often of the town the road leads to. */
  road?: boolean;
}

/** The parsed address as returned to callers (`components` of the answer). */
export interface AddressComponents {
  house: string | null;
  building: string | null;
  street: string | null;
  locality: string | null;
  village: string | null;
  post_office: string | null;
  subdistrict: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  pincode: string | null;
  landmark: string | null;
}

/** Most parts and words one address may contribute: work stays bounded whatever the input. */
export const MAX_PARTS = 12;
export const MAX_PART_WORDS = 8;
const MAX_INPUT_CHARS = 600;
/** Words a landmark's name may run before its noun ("near | Shri Durga Mandir | Kankarbagh"). */
const LANDMARK_NAME_WORDS = 5;

/** Words of a house/flat designation, dropped together with the numbers they introduce. */
const HOUSE_WORDS = new Set([
  'flat',
  'house',
  'h',
  'no',
  'num',
  'number',
  'plot',
  'door',
  'shop',
  'room',
  'unit',
  'floor',
  'ground',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'wing',
  'apartment',
  'khasra',
  'ward',
  'quarter',
  'qtr',
  'qr',
  'site',
  'ghar',
  'mig',
  'lig',
  'hig',
  'ews',
  'tower',
  'block',
  'pocket',
]);
/** A part ending in one of these is a building's name. */
const BUILDING_WORDS = new Set([
  'apartment',
  'apartments',
  'tower',
  'towers',
  'residency',
  'heights',
  'complex',
  'building',
  'society',
  'mansion',
  'villa',
  'villas',
  'plaza',
  'chambers',
  'niwas',
  'nivas',
  'sadan',
  'bhavan',
  'bhawan',
  'arcade',
  'mall',
  'hostel',
  'hospital',
  'hotel',
  'school',
  'college',
  'residence',
  'residences',
  'enclave',
  'homes',
  'court',
  'castle',
  'manor',
  'palace',
  'greens',
  'annexe',
  'cooperative',
  'flats',
]);
/** A part ending in one of these is a street. */
const STREET_WORDS = new Set([
  'road',
  'street',
  'marg',
  'lane',
  'gali',
  'cross',
  'main',
  'salai',
  'path',
  'highway',
  'avenue',
  'rasta',
  'sadak',
  'veedhi',
  'bypass',
  'expressway',
]);
/** Words that make a city of a state's name ("New Delhi"), so the state is not split off them. */
const CITY_PREFIX_WORDS = new Set(['new', 'old', 'navi', 'greater', 'north', 'south', 'east', 'west', 'central']);
/** State names as compact keys ("tamilnadu", "gujrat"), to split a trailing state off a part ("Sonipat Haryana"). */
const STATE_KEYS = new Set([
  ...STATE_CODES.keys(),
  ...STATE_NAMES.keys(),
  ...[...STATE_CODES.values()].map((s) => tokenize(s).join('')),
]);

/**
 * Parses free text plus the optional city/state fields; the `city`/`state` fields become parts of those roles. Parts
 * that name the city or state in the text are re-roled by the geocoder (given-reader.ts) before componentsOf.
 */
export function parseAddress(
  address: string,
  city?: string,
  state?: string,
): { parts: Part[]; pincode: string | null } {
  const text = withoutFormLabels(withoutPhoneNumbers(transliterate(address.slice(0, MAX_INPUT_CHARS))));
  let pincode = extractPincode(text) ?? (city ? extractPincode(city) : null);
  // Five or seven digits where the pincode goes, at the end: a pincode mistyped, flagged as one no office has.
  const slipped = pincode === null ? /(?:^|[\s,])([1-9]\d{4}|[1-9]\d{6})\s*$/.exec(text) : null;
  if (slipped) pincode = slipped[1]!;
  const body = slipped ? text.slice(0, slipped.index) : text;
  const parts: Part[] = [];
  const pieces = body.split(/[,;\n|]+|\s-\s/);
  for (const raw of pieces) {
    if (parts.length >= MAX_PARTS) break;
    if (pieces.length > 1 && isRecipient(raw)) continue;
    const tokens = withoutRepeats(
      tokenize(raw.replace(/(?:^|\D)[1-9]\d{2}\s?\d{3}(?!\d)/g, ' ')).slice(0, 3 * MAX_PART_WORDS),
    );
    while (tokens.length > 1 && endsWithCountry(tokens)) tokens.pop();
    pincode ??= postalDistrict(tokens);
    for (const part of splitPart(tokens)) if (parts.length < MAX_PARTS) parts.push(part);
  }
  dropCountry(parts);
  if (city?.trim()) parts.push({ role: 'city', tokens: tokenize(transliterate(city)).slice(0, MAX_PART_WORDS) });
  if (state?.trim()) parts.push({ role: 'state', tokens: tokenize(transliterate(state)).slice(0, MAX_PART_WORDS) });
  return { parts, pincode };
}

/**
 * "Mumbai Mumbai Andheri West", "pune pune kothrud": a word written twice running (a form's city field and the buyer's
 * own) once; numbers and initials stay ("Block B B 12").
 */
function withoutRepeats(tokens: string[]): string[] {
  return tokens.filter((t, i) => i === 0 || t !== tokens[i - 1] || t.length < 4 || /\d/.test(t));
}

/** "C/O", "S/O", "W/O", "D/O", "H/O" (care of, son, wife, daughter, husband of), "Care of": the person mail goes to. */
const RELATION = /^\s*(?:[cswdh]\s*\/\s*o\b|care\s+of\b)[\s.:-]*(\S.*)?$/i;
/** Names after a relation marker: more words than this are an address written without commas after the name. */
const RECIPIENT_WORDS = 4;

/** True for a piece that only names the addressee ("S/O Mohan Nagar"): a person's name, however like a place's. */
function isRecipient(raw: string): boolean {
  const match = RELATION.exec(raw);
  return match !== null && (match[1] ?? '').trim().split(/\s+/).length <= RECIPIENT_WORDS;
}

/** "Chennai-18", "Kol 20", "Delhi 92": a city that numbers its postal districts, then the number -> that pincode. */
function postalDistrict(tokens: string[]): string | null {
  const n = tokens.length;
  if (n < 2 || !/^\d{1,3}$/.test(tokens[n - 1]!)) return null;
  const city = tokens[n - 2]!;
  const prefix =
    POSTAL_DISTRICT_PREFIX.get(CITY_SHORT.get(city) ?? city) ??
    POSTAL_DISTRICT_PREFIX.get(tokens.slice(-3, -1).join(''));
  return prefix ? prefix + tokens[n - 1]!.padStart(3, '0') : null;
}

/** "…, Maharashtra, India": the country narrows nothing. */
function dropCountry(parts: Part[]): void {
  const last = parts[parts.length - 1];
  if (!last) return;
  while (last.tokens.length > 0 && endsWithCountry(last.tokens) && (last.tokens.length > 1 || parts.length > 1))
    last.tokens.pop();
  if (last.tokens.length === 0) parts.pop();
}

/** True when the words end in the country's name, not in a name of something "of India" (Gateway, Reserve Bank). */
function endsWithCountry(tokens: string[]): boolean {
  return COUNTRY_WORDS.has(tokens[tokens.length - 1]!) && tokens[tokens.length - 2] !== 'of';
}

/** One comma-separated piece -> parts: landmark phrases cut out, marker words split, house numbers dropped, role by last word. */
function splitPart(raw: string[]): Part[] {
  const tokens = withSides(raw);
  // Hindi postpositions put the landmark first: "Hanuman Mandir ke paas, …" is "near Hanuman Mandir".
  const post = tokens.findIndex((t, i) => t === 'ke' && i > 0 && HINDI_NEAR.has(tokens[i + 1] ?? ''));
  if (post > 0) {
    const rest = tokens.slice(post + 2 + (tokens[post + 2] === 'me' ? 1 : 0));
    return [{ role: 'landmark', tokens: tokens.slice(0, Math.min(post, MAX_PART_WORDS)) }, ...splitPart(rest)];
  }
  const cut = tokens.findIndex(
    (t, i) =>
      LANDMARK.has(t) ||
      (t === 'next' && tokens[i + 1] === 'to') ||
      (t === 'in' && tokens[i + 1] === 'front') ||
      (i === 0 && HINDI_NEAR.has(t)),
  );
  if (cut < 0) return markedParts(tokens);
  const before = markedParts(tokens.slice(0, cut));
  const phrase = tokens.slice(cut);
  // A noun straight after "near" ends the landmark alone or before another noun ("near Park", "near Petrol Pump");
  // before a name word it starts a name ("near Park Street metro", "opp Bank of Baroda", "near Market Yard").
  let noun = phrase.findIndex(
    (t, i) =>
      i > 0 &&
      i <= LANDMARK_NAME_WORDS &&
      LANDMARK_NOUNS.has(t) &&
      (i > 1 || phrase.length === 2 || LANDMARK_NOUNS.has(phrase[2]!)),
  );
  // Nouns in a row are one ("Gupta Medical Store", "near Petrol Pump | Sector 14"): the place starts after the last.
  while (noun > 0 && LANDMARK_NOUNS.has(phrase[noun + 1] ?? '')) noun++;
  if (noun > 0)
    return [...before, { role: 'landmark', tokens: phrase.slice(0, noun + 1) }, ...splitPart(phrase.slice(noun + 1))];
  // No landmark noun: the whole phrase may be the landmark's name ("near Hawa Mahal Jaipur"), or its first word with
  // the place after it ("near DMart Wakad Pune"); both are kept and searched, unless the name goes on with "of"
  // ("Gateway of India").
  const tail = phrase.length > 3 && phrase[2] !== 'of' ? markedParts(phrase.slice(2)) : [];
  return [...before, { role: 'landmark', tokens: phrase.slice(0, MAX_PART_WORDS) }, ...tail];
}

/** "Andheri W", "Borivali Pashchim", "Goregaon Est": a side word after a name is that suburb's half. */
function withSides(tokens: string[]): string[] {
  return tokens.map((t, i) => {
    // Never index -1: V8 reads it as a property named "-1", a string table lookup, not an element.
    const prev = i > 0 ? tokens[i - 1] : undefined;
    const side = SIDE_WORDS.get(t) ?? misspeltSide(t);
    if (!side || prev === undefined || !/^[a-z]{3,}$/.test(prev) || NUMBERED_PLACE.has(prev) || HOUSE_WORDS.has(prev))
      return t;
    return side;
  });
}

/** "Eest", "Wset", "Esat": east or west a slip away, first letter kept (so "best" or "nest" stay words). */
function misspeltSide(t: string): string | null {
  for (const side of ['east', 'west']) {
    if (t[0] === side[0] && t.length >= 3 && t.length <= 5 && editDistance(t, side, 1) <= 1) return side;
  }
  return null;
}

/** Marker words ("Vill", "PO", "Teh", "Distt") split a piece into roled parts; a trailing state name is split off. */
function markedParts(kept: string[]): Part[] {
  const out: Part[] = [];
  let role: Role | null = null;
  let words: string[] = [];
  const flush = () => {
    const road = { named: false };
    const clean = withoutHouseNumbers(words, road);
    const first = clean[0];
    const before = out.length;
    const end = role === null ? buildingEnd(clean) : 0;
    if (end > 0) {
      out.push({ role: 'building', tokens: clean.slice(0, Math.min(end, MAX_PART_WORDS)) });
      clean.splice(0, end);
    }
    if (clean.length > 0)
      // A long piece without commas keeps its last words: they name the locality and city, the first the street.
      for (const p of withState({ role: role ?? roleOf(clean), tokens: clean.slice(-MAX_PART_WORDS) })) {
        if (road.named && p.role === 'place') p.road = true;
        out.push(p);
        const town = cantonmentTown(p);
        if (town) out.push(town);
      }
    else if (words.length > 0) out.push({ role: 'house', tokens: words.slice(0, MAX_PART_WORDS) });
    // "12 Park Street", "Flat 12 Sai Residency": the number dropped before the words is the house, for components.
    const at = first !== undefined ? words.indexOf(first) : -1;
    const leading = at > 0 ? words.slice(0, at) : [];
    if (leading.some((t) => /\d/.test(t))) out[before]!.house = leading.slice(0, MAX_PART_WORDS);
    words = [];
  };
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i]!;
    const marker = MARKERS.get(t);
    const next = kept[i + 1];
    // "Vill & PO Kharkhoda": "and" between two markers joins them.
    if (t === 'and' && words.length === 0 && role !== null && next !== undefined && MARKERS.has(next)) continue;
    // "Vaikom PO Kottayam", "Angamaly PO": after unmarked words, as Kerala writes it, PO ends the post office's name;
    // so do the south's taluk and district words ("Pollachi Tk Coimbatore Dt").
    const ending = t === 'po' || t === 'post' ? 'post' : ONLY_TRAILING.has(t) ? TRAILING_MARKERS.get(t)! : null;
    if (ending !== null && role === null && words.length > 0 && next !== 'office') {
      role = ending;
      flush();
      role = null;
      continue;
    }
    // "At/PO X", "At X" start a place; "at" elsewhere is a word. "Post Office" and a final marker mark nothing.
    const weak = t === 'at' && !(i === 0 || next === 'po' || next === 'post');
    if (marker && !weak && next !== undefined && next !== 'office') {
      flush();
      role = marker;
      continue;
    }
    const trailing = TRAILING_MARKERS.get(t);
    if (trailing && words.length > 0 && (next === undefined || next === 'and')) {
      role = trailing;
      continue;
    }
    words.push(t);
  }
  flush();
  return out.filter((p) => p.tokens.length > 0);
}

/**
 * "Chennai Towers Koramangala", "Model Town Apartments Pitampura": without commas, a building's noun after its name
 * ends it when a place's name follows; the words after it are the place. 0 when no building ends there ("Residency
 * Road": only an address word follows; "Tower 5": no name before the noun).
 */
function buildingEnd(tokens: string[]): number {
  const noun = tokens.findIndex((t, i) => i > 0 && BUILDING_WORDS.has(t));
  if (noun < 0) return 0;
  const rest = tokens.slice(noun + 1);
  return rest.some((t) => !ADDRESS_WORDS.has(t) && !STREET_WORDS.has(t) && !/^\d/.test(t)) ? noun + 1 : 0;
}

/** "Agra Cantt": a town's cantonment is searched as itself, and the town's name after it as the town; else null. */
function cantonmentTown(part: Part): Part | null {
  const t = part.tokens;
  if (part.role !== 'place' || t.length < 2 || t[t.length - 1] !== 'cantonment') return null;
  return { role: 'place', tokens: t.slice(0, -1) };
}

/** States that are one city: ending a part ("Pitampura Delhi", "Sector 22 Chandigarh") they are its city, read as such. */
const CITY_STATES = new Set(['delhi', 'chandigarh', 'puducherry', 'pondicherry']);
/** State codes that are also English words ("or", "as", "an"): at the end of a place part they stay words. */
const WORDLIKE_CODES = new Set(['or', 'as', 'an']);

/**
 * "Sonipat Haryana", "Sabarkantha Guj", "Sec 21 Gurgaon HR": the state at the end of a part becomes a part of its
 * own.
 */
function withState(part: Part): Part[] {
  const t = part.tokens;
  // A state's whole name stays whole: "Jammu and Kashmir" is not Jammu in Kashmir, "Paschim Bengal" no Paschim.
  if (STATE_KEYS.has(t.join(''))) return [part];
  for (let n = Math.min(3, t.length - 1); n >= 1; n--) {
    const key = t.slice(t.length - n).join('');
    // "New Delhi", "Navi Mumbai": a state's name after such a word is a city's name.
    if (t.slice(0, t.length - n).every((w) => CITY_PREFIX_WORDS.has(w))) continue;
    if (STATE_KEYS.has(key) && (n > 1 || part.role !== 'place' || !WORDLIKE_CODES.has(key))) {
      // "RK Puram New Delhi", "Mapusa North Goa": the word before the state is the city's or district's own.
      const at = CITY_PREFIX_WORDS.has(t[t.length - n - 1]!) ? t.length - n - 1 : t.length - n;
      if (at < t.length - n)
        return [
          { role: part.role, tokens: t.slice(0, at) },
          { role: 'place', tokens: t.slice(at) },
        ];
      return [
        { role: part.role, tokens: t.slice(0, t.length - n) },
        { role: CITY_STATES.has(key) ? 'place' : 'state', tokens: t.slice(t.length - n) },
      ];
    }
  }
  return [part];
}

/**
 * Drops "flat 12", "#4-5-6/a", "no 5", "b 204", "road no 12", leading numbers; keeps "sector 62", "5th block",
 * "phase 2". Sets `road.named` when a numbered road's words went after a name ("Banjara Hills Road No 12").
 */
function withoutHouseNumbers(tokens: string[], road: { named: boolean }): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = out.length > 0 ? out[out.length - 1] : undefined;
    const next = tokens[i + 1];
    const hasDigit = /\d/.test(t);
    if (HOUSE_WORDS.has(t) && (next !== undefined ? /\d/.test(next) || HOUSE_WORDS.has(next) : out.length === 0))
      continue;
    // "Road No. 12", "Street 3": a numbered street inside a place part names no place.
    if (STREET_WORDS.has(t) && next !== undefined && (/^\d+$/.test(next) || next === 'no') && tokens.length > 2) {
      if (out.length > 0) road.named = true;
      continue;
    }
    if (hasDigit && !(prev !== undefined && NUMBERED_PLACE.has(prev)) && !/^\d+(st|nd|rd|th)$/.test(t)) {
      // "Banashankari III Stage" (read "3 stage"): a number after a name and before its part's word is the part's.
      const ofPart =
        prev !== undefined && !/\d/.test(prev) && NUMBERED_PLACE.has(next ?? '') && !/\d/.test(tokens[i + 2] ?? '');
      if (!ofPart) continue;
    }
    if (/^[a-z]$/.test(t) && next !== undefined && /\d/.test(next)) continue;
    // "Banashankari 3rd Stage" as the directory writes it ("III Stage", read "3 stage").
    out.push(hasDigit && NUMBERED_PLACE.has(next ?? '') ? t.replace(/(?<=\d)(?:st|nd|rd|th)$/, '') : t);
  }
  return out;
}

function roleOf(tokens: string[]): Role {
  const last = tokens[tokens.length - 1]!;
  if (STREET_WORDS.has(last)) return 'street';
  if (
    BUILDING_WORDS.has(last) ||
    tokens.some((t) => t === 'apartment' || t === 'apartments' || t === 'tower' || t === 'towers')
  )
    return 'building';
  return 'place';
}

/** The parts by role as the answer's `components`: place parts together as the locality. */
export function componentsOf(parts: Part[], pincode: string | null): AddressComponents {
  const first = (role: Role) => {
    const p = parts.find((x) => x.role === role);
    return p ? p.tokens.join(' ') : null;
  };
  const places = parts.filter((p) => p.role === 'place');
  return {
    house: first('house') ?? parts.find((p) => p.house)?.house!.join(' ') ?? null,
    building: first('building'),
    street: first('street'),
    locality: places.length ? places.map((p) => p.tokens.join(' ')).join(', ') : null,
    village: first('village'),
    post_office: first('post'),
    subdistrict: first('subdistrict'),
    city: first('city'),
    district: first('district'),
    state: first('state'),
    pincode,
    landmark: first('landmark'),
  };
}
