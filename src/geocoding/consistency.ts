// Checks an answer against the pincode, city and state the buyer typed: mismatches become warnings with suggestions.
import type { GeocodeMatch } from './geocode-answer.ts';
import { editDistance, maxEdits } from './fuzzy.ts';
import { compactKey } from './normalise.ts';
import { haversineKm } from './geo-math.ts';
import { KIND, OFFICE_TYPE, type PlaceIndex } from './place-index.ts';
import { ADDRESS_WORDS, STATE_NAMES } from './address-words.ts';
import { PLACE_ALIASES } from './aliases.ts';
import { isCommonName, startsWithWords } from './place-grams.ts';
import type { Candidate } from './place-search.ts';
import type { PincodeReach } from './pincode-reach.ts';
import { inRegion, type Region } from './regions.ts';

/** What the address states about where it is, besides its place names. */
export interface Given {
  /** Pincode index of the typed pincode (-1: none or unknown). */
  pin: number;
  /** A pincode was typed that no post office has (a mistyped digit): any place found disagrees with it. */
  unknownPin: boolean;
  /** The city or district named (field or text), and the state named. */
  city: Region | null;
  state: Region | null;
}

/**
 * A typed pincode whose boundary comes this close to the named place may be its own: a locality spans pincodes, and
 * its point is one spot of it ("Andheri West" and 400061, Koramangala and 560095 reach it within 1.5 km; Colaba and
 * 400004, Girgaon's, not within 5).
 */
export const NEAR_PINCODE_KM = 3;
/**
 * Without a boundary, the pincode's point: this far from the named place, in another district, is another area, not a
 * neighbouring office of the same one; in the same district only farther than FAR_PINCODE_KM.
 */
export const PINCODE_MISMATCH_KM = 8;
export const FAR_PINCODE_KM = 15;
/** A place named elsewhere than the typed city replaces it only when it lies in a city or is well known itself. */
const KNOWN_PROMINENCE = 0.25;
const KNOWN_IMPORTANCE = 0.6;

/** Entries a name's rarest word may appear in and still single out one place ("Koramangala", not "Raja Park"). */
const RARE_WORD_ENTRIES = 40;

/** Entries of one name compared (key lists are in rank order, so the best known come early). */
const NAMESAKES_LOOKED_AT = 64;
/** How much better known a place must be than every namesake elsewhere to stand for its name alone. */
const OUTSHINE_RATIO = 2;
/** Against only a sound-alike in the typed city, leading its namesakes is enough ("Anna Nagar, Delhi" is Chennai's). */
export const LEAD_RATIO = 1.2;

/**
 * A place name that outweighs a typed pincode or city: the part's whole text named exactly (or with only a qualifier
 * dropped), held by one district, and with a rare word in it, so it is no namesake of a locality the data lacks in
 * the typed city ("Raja Park, Jaipur" must not move to a Raja Park elsewhere); a locality or landmark, not a street.
 */
export function isSpecific(idx: PlaceIndex, c: Candidate, ratio = OUTSHINE_RATIO): boolean {
  if (!(c.quality === 'exact' || c.quality === 'alias' || c.quality === 'variant') || !c.whole) return false;
  if (isCommonName(idx.compact(c.id))) return false;
  if (c.districts !== 1 && !outshinesNamesakes(idx, c.id, ratio) && urbanNamesake(idx, c.id) !== c.id) return false;
  if (c.role === 'street' || c.role === 'building') return false;
  let rarest = Infinity;
  for (let k = idx.tokAt[c.id]!; k < idx.tokAt[c.id]! + idx.nameTokens[c.id]!; k++) {
    const t = idx.toks[k]!;
    if (ADDRESS_WORDS.has(idx.vocab[t]!) || /^\d/.test(idx.vocab[t]!)) continue;
    rarest = Math.min(rarest, idx.vocabAt[t + 1]! - idx.vocabAt[t]!);
  }
  return rarest <= RARE_WORD_ENTRIES;
}

/**
 * True for a well-known place whose namesakes in other districts are all obscure ("Hazratganj" of Lucknow against a
 * village of that name) or close by (Gachibowli's offices on both sides of a district line): the name means it.
 */
function outshinesNamesakes(idx: PlaceIndex, id: number, ratio: number): boolean {
  if (!isKnown(idx, id)) return false;
  const k = idx.keyIndex(idx.compact(id));
  if (k < 0) return false;
  const known = fame(idx, id);
  for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + NAMESAKES_LOOKED_AT); j++) {
    const other = idx.keyEnt[j]!;
    if (other === id || idx.kind[other]! < KIND.locality || idx.area[other] === idx.area[id]) continue;
    if (haversineKm(idx.lat[id]!, idx.lon[id]!, idx.lat[other]!, idx.lon[other]!) <= FAR_PINCODE_KM) continue;
    if (fame(idx, other) * ratio > known) return false;
  }
  return true;
}

/** Most prominence a namesake of a city's place may have and still be a village's or a small town's. */
const RURAL_PROMINENCE = 0.2;
/** Rank of a town too big to be passed over as a namesake (about 30,000 people). */
const TOWN_IMPORTANCE = 0.8;
/** States a name may be held in and still be one city's (Aundh: Maharashtra, Himachal, Uttar Pradesh). */
const MAX_NAME_STATES = 3;

/**
 * The place of `id`'s name in a city (a dense postal area), when every namesake in another district is a village's or
 * a small town's ("Hebbal" is Bengaluru's, not Belagavi's or Kolhapur's): what the name alone means. -1 when no
 * holder is in a city, or another holder is too (Jayanagar of Bengaluru and of Mysuru), or a big town has the name,
 * or holders in many states make it a common name.
 */
export function urbanNamesake(idx: PlaceIndex, id: number): number {
  const k = idx.keyIndex(idx.compact(id));
  if (k < 0) return -1;
  const end = Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + NAMESAKES_LOOKED_AT);
  const place = (j: number) => {
    const other = idx.keyEnt[j]!;
    return idx.kind[other]! < KIND.locality || idx.kind[other] === KIND.landmark ? -1 : other;
  };
  let urban = -1;
  for (let j = idx.keyAt[k]!; j < end; j++) {
    const other = place(j);
    // A head office is its town's main post office ("Ballia H.O"), urban whatever its neighbourhood.
    const urbanish =
      other >= 0 && (idx.prominence[other]! >= KNOWN_PROMINENCE || idx.officeType[other] === OFFICE_TYPE.HO);
    if (urbanish && (urban < 0 || fame(idx, other) > fame(idx, urban))) urban = other;
  }
  if (urban < 0) return -1;
  const states = new Set<string>();
  for (let j = idx.keyAt[k]!; j < end; j++) {
    const other = place(j);
    if (other >= 0) states.add(idx.areas[idx.area[other]!]!.state);
    if (other < 0 || idx.area[other] === idx.area[urban]) continue;
    if (haversineKm(idx.lat[urban]!, idx.lon[urban]!, idx.lat[other]!, idx.lon[other]!) <= FAR_PINCODE_KM) continue;
    const town = idx.kind[other] === KIND.town && idx.importance[other]! >= TOWN_IMPORTANCE;
    if (idx.prominence[other]! >= RURAL_PROMINENCE || town) return -1;
  }
  // Held in many states, it is a name any city may have where the data lacks it ("Shanti Nagar, Kolkata").
  return states.size > MAX_NAME_STATES ? -1 : urban;
}

/** Rank and prominence together: how well known a place is. */
export function fame(idx: PlaceIndex, id: number): number {
  return idx.importance[id]! + idx.prominence[id]!;
}

/**
 * True when a sound-alike's distinctive words are a spelling of the typed ones, within the typos a word of that
 * length allows, or the start of them ("Jaya Prakash Nagar" is Jaiprakash Nagar, "Rajmahal" Rajamahal Guttahalli);
 * "Anna Nagar" for Aya Nagar is another name.
 */
export function spellsLike(idx: PlaceIndex, typed: readonly string[], id: number): boolean {
  const distinctive = (t: string) => !ADDRESS_WORDS.has(t) && !/^\d/.test(t);
  const query = typed.filter(distinctive).join('');
  let name = '';
  for (let k = idx.tokAt[id]!; k < idx.tokAt[id]! + idx.nameTokens[id]!; k++) {
    const t = idx.vocab[idx.toks[k]!]!;
    if (distinctive(t)) name += t;
  }
  const max = maxEdits(query.length);
  return query.length > 0 && editDistance(query, name, max, true) <= max;
}

/**
 * True when entry `id` lies too far from pincode `pin` to be in it: farther than NEAR_PINCODE_KM from its boundary, or,
 * for a pincode without one, from its point by the distances above (or a slip of the entry's own pincode).
 */
export function farFromPincode(idx: PlaceIndex, reach: PincodeReach, id: number, pin: number): boolean {
  if (idx.pin[id] === pin) return false;
  if (idx.pinBoundary[pin]! >= 0) return !reach(pin, idx.lat[id]!, idx.lon[id]!, NEAR_PINCODE_KM);
  const km = haversineKm(idx.pinLat[pin]!, idx.pinLon[pin]!, idx.lat[id]!, idx.lon[id]!);
  if (km > FAR_PINCODE_KM) return true;
  if (km <= PINCODE_MISMATCH_KM) return false;
  const own = idx.pin[id]!;
  return idx.area[id] !== idx.pinArea[pin] || (own >= 0 && isSlipOf(idx.pinCode[pin]!, idx.pinCode[own]!));
}

/** True when one of pincode `pin`'s places (no landmark) has a name starting with the words of `prefix`. */
export function pincodeHoldsNameStart(idx: PlaceIndex, pin: number, prefix: string): boolean {
  for (let k = idx.pinEntAt[pin]!; k < idx.pinEntAt[pin + 1]!; k++) {
    const id = idx.pinEnts[k]!;
    if (idx.kind[id]! >= KIND.locality && idx.kind[id] !== KIND.landmark && startsWithWords(idx, id, prefix))
      return true;
  }
  return false;
}

/** True when `typed` is `own` with one digit changed or two neighbours swapped: a slip ("400067" for 400076). */
function isSlipOf(typed: string, own: string): boolean {
  if (typed.length !== own.length || typed === own) return false;
  let first = -1;
  for (let i = 0; i < typed.length; i++) {
    if (typed[i] === own[i]) continue;
    if (first < 0) first = i;
    else
      return (
        i === first + 1 && typed[first] === own[i] && typed[i] === own[first] && typed.slice(i + 1) === own.slice(i + 1)
      );
  }
  return true;
}

/** A place well known enough to stand for a mistyped city: in a dense postal area, or of high rank itself. */
export function isKnown(idx: PlaceIndex, id: number): boolean {
  return idx.prominence[id]! >= KNOWN_PROMINENCE || idx.importance[id]! >= KNOWN_IMPORTANCE;
}

/**
 * True when the answer (entry `id`, else the typed pincode's own point) lies in or near the city named; near is not
 * enough across a state line ("Lajpat Nagar, Noida" is in Delhi, "Indirapuram, Delhi" in Uttar Pradesh).
 */
function withinCity(idx: PlaceIndex, city: Region, id: number, pin: number): boolean {
  if (id >= 0) {
    const inside = inRegion(idx, id, city);
    return inside === 1 || (inside > 0 && idx.areas[idx.area[id]!]?.state === city.state);
  }
  if (pin < 0) return true;
  const area = idx.pinArea[pin]!;
  return city.areas ? city.areas.has(area) : idx.areas[area]?.state === city.state;
}

/**
 * Adds a warning for each typed field the answer disagrees with, and the value the answer suggests instead: a
 * pincode the answer's point is far from (or one no post office has), a city or district it lies outside of, a state
 * it is not in.
 */
export function flagMismatches(
  idx: PlaceIndex,
  reach: PincodeReach,
  m: GeocodeMatch,
  given: Given,
  answerId: number,
): void {
  if (given.unknownPin && m.pincode !== null) {
    m.warnings.push('pincode_mismatch');
    m.suggestions.pincode = m.pincode;
  } else if (given.pin >= 0 && m.pincode !== null && m.pincode !== idx.pinCode[given.pin]) {
    const far = answerId >= 0 ? farFromPincode(idx, reach, answerId, given.pin) : true;
    if (far) {
      m.warnings.push('pincode_mismatch');
      m.suggestions.pincode = m.pincode;
    }
  }
  if (
    given.city &&
    !withinCity(idx, given.city, answerId, given.pin) &&
    !spellsDistrict(given.city, m.district) &&
    !namesState(given.city, m.state)
  ) {
    m.warnings.push('city_mismatch');
    if (m.district) m.suggestions.city = m.district;
  }
  if (given.state && m.state !== null && m.state !== given.state.state) {
    m.warnings.push('state_mismatch');
    m.suggestions.state = m.state;
  }
}

/**
 * True when the city typed is also the name of the answer's state, a territory named after its capital: "Mahe,
 * Pondicherry" and "Karaikal, Puducherry" write the territory, not its capital's district.
 */
function namesState(city: Region, state: string | null): boolean {
  if (state === null) return false;
  const key = PLACE_ALIASES[city.key] ?? city.key;
  return key === compactKey(state) || STATE_NAMES.get(key) === state;
}

/** True when the city typed is a spelling of the answer's district ("Keshod, Junagarh": Junagadh, not Odisha's town). */
function spellsDistrict(city: Region, district: string | null): boolean {
  if (district === null) return false;
  const edits = maxEdits(city.key.length);
  return editDistance(city.key, compactKey(district), edits) <= edits;
}
