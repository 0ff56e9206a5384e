// The runs of an address part worth looking up, and the shapes of their keys: qualifiers, sides, numbered places.
import { INSTITUTION_ACRONYMS } from './aliases.ts';
import {
  ADDRESS_WORDS,
  COMMON_NAME_WORDS,
  LANDMARK,
  LANDMARK_NOUNS,
  NAME_WORDS,
  NUMBERED_PLACE,
} from './address-words.ts';
import type { Role } from './address-parser.ts';
import type { PlaceIndex } from './place-index.ts';

/** Trailing words dropped in a second pass: "Lajpat Nagar II" -> "Lajpat Nagar", "Andheri (E)" -> "Andheri". */
export const STRIPPABLE =
  /^(?:east|west|north|south|i|ii|iii|iv|v|vi|\d+|\d+(?:st|nd|rd|th)|e|w|n|s|extension|phase|sector|block|stage|part|pocket|main|new|old)$/;
/** Sides of a place the directory names apart ("Borivali West", "Andheri East"). */
export const SIDES = new Set(['east', 'west', 'north', 'south']);

/**
 * The last word, when every word before it is a street's ("1st Cross 2nd Main BTM": BTM), else the words themselves.
 * A house's street written before its locality without a comma leaves the locality's one word last.
 */
export function afterStreetWords(words: string[]): string[] {
  if (words.length < 2) return words;
  for (let i = 0; i < words.length - 1; i++) if (!/^\d/.test(words[i]!) && !ADDRESS_WORDS.has(words[i]!)) return words;
  return words.slice(-1);
}

/**
 * A run worth looking up: at least 4 letters when it is one word (or an institution's acronym, or 3 letters when the
 * word is the whole part: "Leh", "Mau", "Una" are districts), and not only address words or numbers, unless a city or
 * district already narrows the search ("Park Street, Kolkata", "Sector 15, Chandigarh").
 */
export function isPlaceGram(gram: string[], local: boolean, alone = false): boolean {
  // Loops, not every() with closures: called for every run of every part searched.
  let generic = true;
  let numbers = true;
  for (const t of gram) {
    const number = startsWithDigit(t);
    // Initials count as content in a longer run ("T Nagar", "J P Nagar").
    if (!number && !ADDRESS_WORDS.has(t) && !NAME_WORDS.has(t)) generic = false;
    if (!number) numbers = false;
  }
  if (generic && !(local && gram.length > 1 && !numbers)) return false;
  const first = gram[0]!;
  const short = (first.length < 3 || (first.length === 3 && !alone)) && !INSTITUTION_ACRONYMS.has(first);
  if (gram.length === 1 && (short || startsWithDigit(first) || NAME_WORDS.has(first))) return false;
  return !startsWithDigit(first) || gram.length > 1;
}

/** /^\d/.test(t) without a regex call. */
function startsWithDigit(t: string): boolean {
  const c = t.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/** True when the words of `tokens` outside [i, i + len) are only qualifiers ("Koramangala 5th Block", "Lajpat Nagar IV"). */
export function coversPart(tokens: readonly string[], i: number, len: number, role: Role): boolean {
  for (let k = 0; k < tokens.length; k++) {
    if (k >= i && k < i + len) continue;
    if (!STRIPPABLE.test(tokens[k]!) && !(role === 'landmark' && LANDMARK.has(tokens[k]!))) return false;
  }
  return true;
}

/**
 * The words run together as the directory spells what English often writes otherwise: a long vowel doubled ("Jaipoor",
 * "Sreenagar") as its single letter, and the old "-pore" of a "-pur" ("Cawnpore", "Tezpore", "Mirzapore").
 */
export function directorySpelling(words: readonly string[]): string {
  return words
    .map((t) => t.replace(/pore$/, 'pur'))
    .join('')
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i');
}

/**
 * "Sector 10 Dwarka" and "4th Block Jayanagar" as the directory writes them, "Dwarka Sector 10" and "Jayanagar 4
 * Block" (run together), or null for other runs.
 */
export function numberLast(gram: string[]): string | null {
  if (gram.length < 3) return null;
  const first = gram[0]!;
  const second = gram[1]!;
  // Called for every run of every part: the set lookups first, a regex only where a part's word is.
  const numbered = NUMBERED_PLACE.has(first) ? /^\d/.test(second) : NUMBERED_PLACE.has(second) && /^\d/.test(first);
  return numbered ? gram.slice(2).join('') + first + second : null;
}

/** "East Tambaram" as the directory writes it, "Tambaram East" (run together), or null for a run not led by a side. */
export function sideLast(gram: string[]): string | null {
  return gram.length > 1 && SIDES.has(gram[0]!) ? gram.slice(1).join('') + gram[0]! : null;
}

/** True when the entry's first name words run together spell `prefix` exactly (a prefix that ends at a word). */
export function startsWithWords(idx: PlaceIndex, id: number, prefix: string): boolean {
  let spelt = '';
  for (let k = idx.tokAt[id]!; k < idx.tokAt[id]! + idx.nameTokens[id]! && spelt.length < prefix.length; k++)
    spelt += idx.vocab[idx.toks[k]!]!;
  return spelt === prefix;
}

/**
 * True when the entry's name goes on past `prefix` (its first words, startsWithWords) with a landmark's noun: "Beliaghata
 * Bridge" names a thing at Beliaghata, not the place.
 */
export function goesOnToLandmark(idx: PlaceIndex, id: number, prefix: string): boolean {
  let spelt = '';
  for (let k = idx.tokAt[id]!; k < idx.tokAt[id]! + idx.nameTokens[id]!; k++) {
    const word = idx.vocab[idx.toks[k]!]!;
    if (spelt.length >= prefix.length && LANDMARK_NOUNS.has(word)) return true;
    spelt += word;
  }
  return false;
}

/** Words a town's railway station is written with after its name ("Pune station", "Patna Jn"). */
const STATION_WORDS = new Set(['station', 'stn', 'junction', 'jn']);
/** Words before them that make it some other station ("Hauz Khas metro station", "Kotwali police station"). */
const OTHER_STATIONS = new Set(['railway', 'metro', 'bus', 'police', 'fire', 'petrol', 'power', 'radio', 'rly']);

/** "Pune station", "Patna Junction": the key the railway station of that name has ("punerailwaystation"), or null. */
export function railwayStation(gram: string[]): string | null {
  const last = gram[gram.length - 1]!;
  // Never index -1 (a one-word gram): V8 reads it as a property named "-1", a string table lookup.
  const before = gram.length > 1 ? gram[gram.length - 2] : undefined;
  if (!STATION_WORDS.has(last) || before === undefined || OTHER_STATIONS.has(before)) return null;
  return `${gram.slice(0, -1).join('')}railwaystation`;
}

/** A landmark part's own words: without "near", "opposite" and a "to" or "by" after them ("near by", "opposite to"). */
export function landmarkName(tokens: readonly string[]): string[] {
  return tokens.filter(
    (t, i) => !LANDMARK.has(t) && !((t === 'to' || t === 'by') && LANDMARK.has(tokens[i - 1] ?? '')),
  );
}

/** "near Railway Station", "opp Rly Stn": a railway station named by its kind only. */
export function isBareStation(words: readonly string[]): boolean {
  return (
    words.length > 0 &&
    words.length <= 2 &&
    STATION_WORDS.has(words[words.length - 1]!) &&
    words.every((w) => STATION_WORDS.has(w) || w === 'railway' || w === 'rly')
  );
}

/**
 * True when a name's letters are common words only ("barabazar", "civillines", "modeltown"): any town may have such a
 * place where the data lacks it, so it never stands for one town's.
 */
export function isCommonName(key: string): boolean {
  // made[i]: the first i letters are common words.
  const made = new Array<boolean>(key.length + 1).fill(false);
  made[0] = true;
  for (let i = 1; i <= key.length; i++) {
    for (let j = Math.max(0, i - LONGEST_COMMON_WORD); j < i && !made[i]; j++)
      made[i] = made[j]! && isCommonWord(key.slice(j, i));
  }
  return key.length > 0 && made[key.length]!;
}

const isCommonWord = (w: string) => COMMON_NAME_WORDS.has(w) || ADDRESS_WORDS.has(w) || NAME_WORDS.has(w);
const LONGEST_COMMON_WORD = Math.max(...[...COMMON_NAME_WORDS, ...ADDRESS_WORDS, ...NAME_WORDS].map((w) => w.length));

/** The digits of a key, in order: a typo never changes them. */
export function digitsOf(key: string): string {
  return key.replace(/\D+/g, '');
}
