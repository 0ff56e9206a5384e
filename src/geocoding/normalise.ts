// Text normalisation shared by the geocoder and the autocomplete index, so an address and a gazetteer name meet in one form.
import { ABBREVIATIONS, INSTITUTIONS, PLACE_ALIASES } from './aliases.ts';

/** Words that introduce a landmark; the rest of that address segment does not name a place we can match. */
const LANDMARK_WORDS = new Set([
  'near',
  'opposite',
  'behind',
  'beside',
  'besides',
  'landmark',
  'adjacent',
  'next',
  'facing',
]);

/** Office-type suffixes in post-office names ("Indiranagar S.O", "Karol Bagh SO", "Rampur B.O."). */
const OFFICE_TYPES = ['so', 'bo', 'ho', 'po', 'gpo', 'ndc', 'edbo', 'edso'];
/** Tags written before the type that no one writes in an address: extra-departmental, open for the pilgrim season. */
const OFFICE_TAGS = ['ed', 'seasonal', 'seasional'];
export const OFFICE_TYPE_TOKENS: ReadonlySet<string> = new Set([...OFFICE_TYPES, ...OFFICE_TAGS]);

/** Lower-case ASCII-ish form: accents dropped, "&" -> "and", apostrophes removed, other punctuation (dots too) -> space. */
export function foldText(text: string): string {
  // Start-up folds ~400k names; the single pass below is ~10x faster than a chain of regex replaces.
  const ascii = /^[\p{ASCII}]*$/u.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < ascii.length; i++) {
    let c = ascii.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (pendingSpace && out !== '') out += ' ';
      pendingSpace = false;
      out += String.fromCharCode(c);
    } else if (c === 38) {
      out += out === '' ? 'and' : ' and';
      pendingSpace = true;
    } else if (c !== 39 && c !== 96 && c !== 0x2019) {
      pendingSpace = true;
    }
  }
  return out;
}

/** Abbreviation or alias -> replacement tokens, pre-split once. */
const EXPANSIONS = new Map<string, string[]>(
  [...Object.entries(ABBREVIATIONS), ...Object.entries(PLACE_ALIASES)].map(([from, to]) => [from, to.split(' ')]),
);

/** "Andheri (E)", "Andheri W": the halves of a suburb as addresses write them; the directory spells "Andheri East". */
const SIDES: ReadonlyMap<string, string> = new Map([
  ['e', 'east'],
  ['w', 'west'],
]);

/** Folded tokens with abbreviations and place aliases applied. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const folded = foldText(
    text.includes('(')
      ? text.replace(/\(\s*([ew])\s*\)/gi, (_m, side: string) => ` ${SIDES.get(side.toLowerCase())} `)
      : text,
  );
  if (folded === '') return out;
  const words = folded.split(' ');
  const last = words.length - 1;
  // A lone trailing E or W after a name ("Andheri E"), but not a block letter ("Sector 5 E", "Block E").
  if (last > 0 && SIDES.has(words[last]!) && /^[a-z]{3,}$/.test(words[last - 1]!) && !NUMBERED.has(words[last - 1]!)) {
    words[last] = SIDES.get(words[last]!)!;
  }
  for (let i = 0; i < words.length; i++) {
    let raw = words[i]!;
    // Initials run together: "M.G. Road" -> "mg road", "S.O" -> "so"; a lone initial ("T Nagar") stays.
    // "Sector7", "Sec-11" and "Sector 7" meet: a letter run followed by digits is two tokens.
    const split = /^([a-z]{2,})(\d+)$/.exec(raw);
    if (split) {
      pushExpanded(out, split[1]!);
      out.push(split[2]!);
      continue;
    }
    if (raw.length === 1 && /[a-z]/.test(raw)) {
      while (words[i + 1]?.length === 1 && /[a-z]/.test(words[i + 1]!)) raw += words[++i];
    }
    pushExpanded(out, raw);
  }
  return folded.includes('univ') || folded.includes('institute') ? withAcronyms(out) : out;
}

/** Institution names by their words as tokenize leaves them ("banaras" is "varanasi"), with the acronym for them. */
const INSTITUTION_WORDS = Object.entries(INSTITUTIONS).map(([name, acronym]) => ({
  words: name.split(' ').flatMap((w) => EXPANSIONS.get(w) ?? [w]),
  acronym,
}));

const WORDS_OF_ACRONYM = new Map(INSTITUTION_WORDS.map((i) => [i.acronym, i.words]));

/** The words (tokenized) of the institution `token` is the acronym of, or none: what a buyer spelling it out types. */
export function institutionWords(token: string): readonly string[] {
  return WORDS_OF_ACRONYM.get(token) ?? [];
}

/** "Indian Institute of Technology Madras" -> "iit chennai": a written-out institution as its acronym. */
function withAcronyms(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const found = INSTITUTION_WORDS.find(({ words }) => words.every((w, k) => tokens[i + k] === w));
    if (found === undefined) out.push(tokens[i]!);
    else {
      out.push(found.acronym);
      i += found.words.length - 1;
    }
  }
  return out;
}

/** Roman numerals that are never words; "i" and "v" count only after a numbered-part word ("Phase I"). */
const ROMAN: ReadonlyMap<string, string> = new Map(
  Object.entries({
    ii: '2',
    iii: '3',
    iv: '4',
    vi: '6',
    vii: '7',
    viii: '8',
    ix: '9',
    xi: '11',
    xii: '12',
  }),
);
const NUMBERED = new Set(['phase', 'sector', 'block', 'stage', 'part', 'pocket', 'no']);

function pushExpanded(out: string[], raw: string): void {
  // "Ph-IV", "Phase 4" and "Lajpat Nagar IV" meet as numbers.
  const roman = ROMAN.get(raw);
  if (roman !== undefined || ((raw === 'i' || raw === 'v') && NUMBERED.has(out[out.length - 1] ?? ''))) {
    out.push(raw === 'i' ? '1' : raw === 'v' ? '5' : roman!);
    return;
  }
  // "Koramangala VI Bk": after a number "bk" is a block; after a name ("Ambegaon Bk") it is Budruk, left as written.
  if (raw === 'bk' && /^\d+$/.test(out[out.length - 1] ?? '')) {
    out.push('block');
    return;
  }
  const expanded = EXPANSIONS.get(raw);
  if (expanded === undefined) out.push(raw);
  else for (const token of expanded) out.push(token);
}

/** The key with spaces removed, so "Indira Nagar" and "Indiranagar" compare equal. */
export function compactKey(text: string): string {
  return tokenize(text).join('');
}

/** tokenize(officeName) cut at the office-type token: the same words officePlaceName keeps, without building the string. */
export function officeNameTokens(officeName: string): string[] {
  const tokens = tokenize(officeName);
  for (let i = 1; i < tokens.length; i++) if (OFFICE_TYPE_TOKENS.has(tokens[i]!)) return tokens.slice(0, i);
  return tokens;
}

/**
 * Splits an address into segments (commas, semicolons, new lines) and drops landmark text: a segment from
 * "near"/"opp."/"behind"… onwards names a landmark, not the place, so matching it would only add false hits.
 */
export function addressSegments(address: string): string[][] {
  const segments: string[][] = [];
  for (const part of address.split(/[,;\n|]+/)) {
    const tokens = tokenize(part);
    const cut = tokens.findIndex((t, i) => LANDMARK_WORDS.has(t) && !(t === 'next' && tokens[i + 1] !== 'to'));
    const kept = cut === -1 ? tokens : tokens.slice(0, cut);
    if (kept.length > 0) segments.push(kept);
  }
  return segments;
}

/** Every run of 1..maxLen consecutive tokens inside one segment, as compact keys, longest first. */
export function compactNgrams(segments: string[][], maxLen = 5): string[] {
  const grams: string[] = [];
  for (let len = maxLen; len >= 1; len--) {
    for (const tokens of segments) {
      for (let i = 0; i + len <= tokens.length; i++) grams.push(tokens.slice(i, i + len).join(''));
    }
  }
  return grams;
}

/** The first 6-digit Indian pincode in `text` ("560038", "560 038"); first digit is never 0. */
export function extractPincode(text: string): string | null {
  const match = /(?:^|\D)([1-9]\d{2})\s?(\d{3})(?!\d)/.exec(text);
  return match ? match[1]! + match[2]! : null;
}

/**
 * Drops trailing words that only say where the office is ("Lajpat Nagar South Delhi" -> "Lajpat Nagar"),
 * keeping at least one word. `isQualifier` gets a compact key of the last 1..3 words.
 */
export function withoutQualifier(tokens: string[], isQualifier: (key: string) => boolean): string[] {
  for (let n = Math.min(3, tokens.length - 1); n >= 1; n--) {
    // "New Delhi" keeps its "Delhi": a one-word qualifier must leave two words behind.
    if ((n >= 2 || tokens.length - n >= 2) && isQualifier(tokens.slice(tokens.length - n).join('')))
      return tokens.slice(0, tokens.length - n);
  }
  return tokens;
}

/**
 * A sound-alike skeleton of a compact key for Indian transliterations: vowels and "h" after the first letter
 * dropped, doubled letters merged, w/v (and a first b), z/j, q/k, f/p, c/k and a soft g/j unified
 * ("Ghatkoper"/"Ghatkopar", "Mylapur"/"Mylapore", "Ballyganj"/"Ballygunge" meet).
 */
export function phoneticKey(key: string): string {
  let out = '';
  let last = '';
  for (let i = 0; i < key.length; i++) {
    let c = key[i]!;
    if (i === 0 && 'aeiouy'.includes(c)) c = 'a';
    // Bengali writes a v as b: "Basant"/"Vasant", "Bijay"/"Vijay", "Behala"/"Vehala" (as a name's first letter).
    else if (i === 0 && c === 'b') c = 'v';
    else if ('aeiouyh'.includes(c)) continue;
    // After a vowel and before a consonant, w is the vowel's: "Kowdiar"/"Kaudiar", "Chowk"/"Chauk", "Howrah".
    else if (c === 'w' && 'aeiou'.includes(key[i - 1] ?? '_') && !'aeiouy'.includes(key[i + 1] ?? 'a')) continue;
    else if (c === 'w') c = 'v';
    else if (c === 'z') c = 'j';
    else if (c === 'q') c = 'k';
    else if (c === 'f') c = 'p';
    else if (c === 'c') c = key[i + 1] === 'h' ? 'c' : 'k';
    else if (c === 'x') c = 'k';
    // A soft g, as Metaphone reads it: "Tollygunge" and "Tollyganj" sound alike.
    else if (c === 'g' && 'eiy'.includes(key[i + 1] ?? '_')) c = 'j';
    // Between vowels or before h, Hindi's flapped d (ड़, ढ़) is written d or r: "Bada"/"Bara", "Aligadh"/"Aligarh"
    // (not a final d: "Road" must keep it).
    else if (c === 'd' && 'aeiouw'.includes(key[i - 1] ?? '_') && 'aeiouh'.includes(key[i + 1] ?? '_')) c = 'r';
    if (c === last) continue;
    out += c;
    last = c;
  }
  return out;
}
