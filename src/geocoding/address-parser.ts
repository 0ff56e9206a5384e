// Splits an Indian address into typed parts (house, building, street, places, village, post office, tehsil, district, landmark, pincode).
import { extractPincode, tokenize } from './normalise.ts';

/** What a part of the address is; only place-like roles are matched against the gazetteer. */
export type Role = 'house' | 'building' | 'street' | 'place' | 'village' | 'post' | 'subdistrict' | 'district' | 'city' | 'state' | 'landmark';

export interface Part {
  role: Role;
  tokens: string[];
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

/** Words that start a landmark; the rest of that part names something near the place, not the place. */
const LANDMARK = new Set(['near', 'opposite', 'behind', 'beside', 'besides', 'landmark', 'adjacent', 'facing', 'nearby', 'infront']);
/** Hindi postpositions after a landmark ("ke paas" near, "ke saamne" opposite, "ke peeche" behind). */
const HINDI_NEAR = new Set(['paas', 'pas', 'saamne', 'samne', 'samane', 'peeche', 'piche', 'pichhe', 'bagal', 'nazdeek', 'najdik']);
/** Marker word -> the role of the words after it ("Vill Rampur", "Post Shahabad", "Distt Hardoi", "Tehsil Sadar"). */
const MARKERS: Record<string, Role> = {
  village: 'village', gram: 'village', gaon: 'village', mauza: 'village', vpo: 'post', po: 'post', post: 'post',
  dakghar: 'post', via: 'post', tehsil: 'subdistrict', tahsil: 'subdistrict', taluk: 'subdistrict', taluka: 'subdistrict',
  mandal: 'subdistrict', district: 'district', zila: 'district', jila: 'district', zilla: 'district', dt: 'district',
  thana: 'place', ps: 'place', mohalla: 'place', kasba: 'place', qasba: 'place', muhalla: 'place',
};
/** Marker words that follow the name instead ("Hardoi District", "Sadar Tehsil"). */
const TRAILING_MARKERS: Record<string, Role> = { district: 'district', tehsil: 'subdistrict', taluk: 'subdistrict', taluka: 'subdistrict', mandal: 'subdistrict' };
/** Words of a house/flat designation, dropped together with the numbers they introduce. */
const HOUSE_WORDS = new Set(['flat', 'house', 'h', 'no', 'num', 'number', 'plot', 'door', 'shop', 'room', 'unit', 'floor', 'ground', 'first', 'second', 'third', 'fourth', 'fifth', 'wing', 'apartment', 'khasra', 'ward', 'quarter', 'qtr', 'site']);
/** A part ending in one of these is a building's name. */
const BUILDING_WORDS = new Set(['apartment', 'apartments', 'tower', 'towers', 'residency', 'heights', 'complex', 'building', 'society', 'mansion', 'villa', 'villas', 'plaza', 'chambers', 'niwas', 'nivas', 'sadan', 'bhavan', 'bhawan', 'arcade', 'mall', 'hostel', 'hospital', 'hotel', 'school', 'college', 'residence', 'residences', 'enclave', 'homes', 'court', 'castle', 'manor', 'palace', 'greens', 'annexe', 'cooperative']);
/** A part ending in one of these is a street. */
const STREET_WORDS = new Set(['road', 'street', 'marg', 'lane', 'gali', 'cross', 'main', 'salai', 'path', 'highway', 'avenue', 'rasta', 'sadak', 'veedhi', 'bypass', 'expressway']);
/** Words that keep the number after them: "Sector 62", "Phase 2", "5th Block" stay place words. */
const NUMBERED_PLACE = new Set(['sector', 'phase', 'block', 'stage', 'pocket', 'extension', 'part', 'sec']);

/** Parses free text plus the optional city/state fields; the `city`/`state` fields become parts of those roles. */
export function parseAddress(address: string, city?: string, state?: string): { parts: Part[]; pincode: string | null; components: AddressComponents } {
  const text = address.slice(0, MAX_INPUT_CHARS);
  const pincode = extractPincode(text) ?? (city ? extractPincode(city) : null);
  const parts: Part[] = [];
  for (const raw of text.split(/[,;\n|]+|\s-\s/)) {
    if (parts.length >= MAX_PARTS) break;
    const tokens = tokenize(raw.replace(/(?:^|\D)[1-9]\d{2}\s?\d{3}(?!\d)/g, ' ')).slice(0, 3 * MAX_PART_WORDS);
    for (const part of splitPart(tokens)) if (parts.length < MAX_PARTS) parts.push(part);
  }
  if (city?.trim()) parts.push({ role: 'city', tokens: tokenize(city).slice(0, MAX_PART_WORDS) });
  if (state?.trim()) parts.push({ role: 'state', tokens: tokenize(state).slice(0, MAX_PART_WORDS) });
  return { parts, pincode, components: componentsOf(parts, pincode) };
}

/** One comma-separated piece -> parts: landmark cut, marker words split, house numbers dropped, role by last word. */
function splitPart(tokens: string[]): Part[] {
  const out: Part[] = [];
  // Hindi postpositions put the landmark first: "Hanuman Mandir ke paas" is "near Hanuman Mandir".
  const post = tokens.findIndex((t, i) => t === 'ke' && i > 0 && HINDI_NEAR.has(tokens[i + 1] ?? ''));
  if (post > 0) return [{ role: 'landmark', tokens: tokens.slice(0, Math.min(post, MAX_PART_WORDS)) }];
  let cut = tokens.findIndex((t, i) => LANDMARK.has(t) || (t === 'next' && tokens[i + 1] === 'to') || (t === 'in' && tokens[i + 1] === 'front'));
  if (cut === 0) return [{ role: 'landmark', tokens: tokens.slice(0, MAX_PART_WORDS) }];
  if (cut > 0) out.push({ role: 'landmark', tokens: tokens.slice(cut, cut + MAX_PART_WORDS) });
  const kept = cut > 0 ? tokens.slice(0, cut) : tokens;
  let role: Role | null = null;
  let words: string[] = [];
  const flush = () => {
    const clean = withoutHouseNumbers(words);
    if (clean.length > 0) out.unshift({ role: role ?? roleOf(clean), tokens: clean.slice(0, MAX_PART_WORDS) });
    else if (words.length > 0) out.unshift({ role: 'house', tokens: words.slice(0, MAX_PART_WORDS) });
    words = [];
  };
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i]!;
    const marker = Object.hasOwn(MARKERS, t) ? MARKERS[t] : undefined;
    // "Post Office" and a marker at the very end ("Hardoi District") are not markers of what follows.
    if (marker && i + 1 < kept.length && kept[i + 1] !== 'office') {
      flush();
      role = marker;
      continue;
    }
    const trailing = Object.hasOwn(TRAILING_MARKERS, t) ? TRAILING_MARKERS[t] : undefined;
    if (trailing && words.length > 0 && (i + 1 === kept.length || kept[i + 1] === 'and')) {
      role = trailing;
      continue;
    }
    words.push(t);
  }
  flush();
  return out.reverse().filter((p) => p.tokens.length > 0);
}

/** Drops "flat 12", "#4-5-6/a", "no 5", "b 204", leading numbers; keeps "sector 62", "5th block", "phase 2". */
function withoutHouseNumbers(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = out[out.length - 1];
    const hasDigit = /\d/.test(t);
    if (HOUSE_WORDS.has(t) && (i + 1 < tokens.length ? /\d/.test(tokens[i + 1]!) || HOUSE_WORDS.has(tokens[i + 1]!) : out.length === 0)) continue;
    if (hasDigit && !(prev !== undefined && NUMBERED_PLACE.has(prev)) && !/^\d+(st|nd|rd|th)$/.test(t)) continue;
    if (/^[a-z]$/.test(t) && i + 1 < tokens.length && /\d/.test(tokens[i + 1]!)) continue;
    out.push(t);
  }
  return out;
}

function roleOf(tokens: string[]): Role {
  const last = tokens[tokens.length - 1]!;
  if (STREET_WORDS.has(last)) return 'street';
  if (BUILDING_WORDS.has(last) || tokens.some((t) => t === 'apartment' || t === 'apartments' || t === 'tower' || t === 'towers')) return 'building';
  return 'place';
}

function componentsOf(parts: Part[], pincode: string | null): AddressComponents {
  const first = (role: Role) => {
    const p = parts.find((x) => x.role === role);
    return p ? p.tokens.join(' ') : null;
  };
  const places = parts.filter((p) => p.role === 'place');
  return {
    house: first('house'), building: first('building'), street: first('street'),
    locality: places.length ? places.map((p) => p.tokens.join(' ')).join(', ') : null,
    village: first('village'), post_office: first('post'), subdistrict: first('subdistrict'),
    city: first('city'), district: first('district'), state: first('state'), pincode, landmark: first('landmark'),
  };
}
