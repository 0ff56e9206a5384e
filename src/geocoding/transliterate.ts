// Indic scripts to the Latin spellings addresses use: Sanscript's IAST, then Hindi schwa deletion and plain letters.
import SanscriptModule from '@indic-transliteration/sanscript';
import { readInitials } from './letter-names.ts';

type Translit = (data: string, from: string, to: string) => string;
/** The package is CommonJS while its types declare a default export: take `t` from wherever the loader put it. */
const sanscript = SanscriptModule as unknown as { t?: Translit; default?: { t: Translit } };
const translit: Translit = sanscript.t ?? sanscript.default!.t;

/** Unicode blocks of the scripts read, and whether the language drops the inherent "a" (Hindi "Patna", not "Patana"). */
const SCRIPTS: Array<{ from: number; to: number; name: string; schwa: boolean }> = [
  { from: 0x0900, to: 0x097f, name: 'devanagari', schwa: true },
  { from: 0x0980, to: 0x09ff, name: 'bengali', schwa: true },
  { from: 0x0a00, to: 0x0a7f, name: 'gurmukhi', schwa: true },
  { from: 0x0a80, to: 0x0aff, name: 'gujarati', schwa: true },
  { from: 0x0b00, to: 0x0b7f, name: 'oriya', schwa: true },
  { from: 0x0b80, to: 0x0bff, name: 'tamil', schwa: false },
  { from: 0x0c00, to: 0x0c7f, name: 'telugu', schwa: false },
  { from: 0x0c80, to: 0x0cff, name: 'kannada', schwa: false },
  { from: 0x0d00, to: 0x0d7f, name: 'malayalam', schwa: false },
];
/** Nukta signs (ड़ is read as ड) and the candra vowels of English loan words (कॉलोनी) as plain o/e. */
const PRE = /[\u093c\u09bc\u0a3c\u0abc\u0b3c\u200c\u200d]/g;
const CANDRA: Record<string, string> = {
  '\u0949': '\u094b',
  '\u0945': '\u0947',
  '\u0911': '\u0913',
  '\u090d': '\u090f',
};
/**
 * Candrabindu nasalises a vowel as anusvara does; the romaniser writes it "~", which split words: गाँधी was "ga~dhi".
 * Each script's anusvara is the next code point.
 */
const CANDRABINDU = /[\u0901\u0981\u0a01\u0a81\u0b01\u0c01\u0c81\u0d01]/g;

/** Odia writes "wa" as ୱ, which the romaniser does not know (ଭୁବନେଶ୍ୱର kept it raw); it is read as ଵ, va. */
const ODIA_WA = /\u0b71/g;
/** Malayalam's chillu letters, a consonant with no vowel (കലൂർ, Kalur), which the romaniser does not know. */
const CHILLU = /[\u0d7a-\u0d7f]/g;
const CHILLU_BASE: Record<string, string> = {
  '\u0d7a': '\u0d23',
  '\u0d7b': '\u0d28',
  '\u0d7c': '\u0d30',
  '\u0d7d': '\u0d32',
  '\u0d7e': '\u0d33',
  '\u0d7f': '\u0d15',
};
/** Malayalam's doubled റ is said and written "tt" (വൈറ്റില is Vyttila): read as doubled ട. */
const MALAYALAM_TT = /\u0d31\u0d4d\u0d31/g;
/** Bengali's য is said "j" (যাদবপুর is Jadavpur) except after a consonant (্য) or with a nukta (য়, "y"). */
const BENGALI_JA = /(?<!\u09cd)\u09af(?!\u09bc)/g;
const VOWELS = ['ai', 'au', 'a', 'ā', 'i', 'ī', 'u', 'ū', 'ṛ', 'ṝ', 'e', 'o', 'è', 'ò'];
/** Latin for IAST letters that do not fold to one: c is "ch", ś and ṣ "sh", ṛ "ri", anusvara "n" (or "m" before p/b/m). */
const LATIN: Record<string, string> = {
  c: 'ch',
  ś: 'sh',
  ṣ: 'sh',
  ṛ: 'ri',
  ṝ: 'ri',
  ḷ: 'l',
  l̤: 'l',
  ṟ: 'r',
  ṉ: 'n',
  ḥ: '',
  ṁ: 'n',
  ṃ: 'n',
};

/** English words as Hindi writes them (कॉलोनी, रोड, सेक्टर), back to their English spelling. */
const LOANWORDS: Record<string, string> = {
  koloni: 'colony',
  kaloni: 'colony',
  eyraporta: 'airport',
  rod: 'road',
  sektar: 'sector',
  sektor: 'sector',
  blok: 'block',
  lains: 'lines',
  lain: 'line',
  sivil: 'civil',
  steshan: 'station',
  tavar: 'tower',
  phlait: 'flat',
  flait: 'flat',
  phej: 'phase',
  enklev: 'enclave',
  eksatenshan: 'extension',
  marget: 'market',
  market: 'market',
  park: 'park',
  sitti: 'city',
  siti: 'city',
  kaimp: 'camp',
  kaint: 'cantt',
  // The sides and the words around a place, as the romaniser reads them (a final conjunct keeps its vowel: वेस्ट).
  northa: 'north',
  sauth: 'south',
  vesta: 'west',
  vest: 'west',
  ista: 'east',
  ist: 'east',
  jankshan: 'junction',
  ples: 'place',
  strit: 'street',
  leaut: 'layout',
  parka: 'park',
  skul: 'school',
  apartament: 'apartment',
  relve: 'railway',
  kros: 'cross',
  gardan: 'garden',
  hilsa: 'hills',
  posta: 'post',
  ophis: 'office',
  niyar: 'near',
  bihaind: 'behind',
  nyu: 'new',
  niu: 'new',
  olda: 'old',
  taun: 'town',
};

/** Latin text of `text`; ASCII text comes back unchanged (the common case costs one test). */
export function transliterate(text: string): string {
  if (/^[\p{ASCII}]*$/u.test(text)) return text;
  text = text.replace(/[\u200c\u200d]/g, '');
  let out = '';
  let i = 0;
  while (i < text.length) {
    const script = scriptOf(text.charCodeAt(i));
    let j = i + 1;
    while (
      j < text.length &&
      (scriptOf(text.charCodeAt(j)) === script ||
        (script && text[j] === ' ' && scriptOf(text.charCodeAt(j + 1)) === script))
    )
      j++;
    out += script ? romanise(text.slice(i, j), script) : text.slice(i, j);
    i = j;
  }
  return out;
}

function scriptOf(code: number): (typeof SCRIPTS)[number] | undefined {
  if (code < 0x0900 || code > 0x0d7f) return undefined;
  return SCRIPTS.find((s) => code >= s.from && code <= s.to);
}

function romanise(run: string, script: (typeof SCRIPTS)[number]): string {
  const clean = run
    .replace(BENGALI_JA, '\u099c')
    .replace(PRE, '')
    .replace(/[\u0949\u0945\u0911\u090d]/g, (c) => CANDRA[c]!)
    .replace(CANDRABINDU, (c) => String.fromCharCode(c.charCodeAt(0) + 1))
    .replace(ODIA_WA, '\u0b35')
    .replace(CHILLU, (c) => `${CHILLU_BASE[c]}\u0d4d`)
    .replace(MALAYALAM_TT, '\u0d1f\u0d4d\u0d1f');
  const iast = translit(clean, script.name, 'iast');
  const words = iast.split(/\s+/).map((w: string) => {
    const letters = script.schwa ? dropSchwas(units(w)) : units(w);
    const spoken =
      script.name === 'tamil' ? tamilStops(letters) : script.name === 'malayalam' ? malayalamStops(letters) : letters;
    let word = latin(spoken).replace(/chch/g, 'ch');
    // Bengali has no v: ব is b (Behala).
    if (script.name === 'bengali') word = word.replace(/v/g, 'b');
    // A closing ನಗರ/నగర keeps its vowel in these scripts, never in English (ಜಯನಗರ is Jayanagar), nor a Tamil நகர
    // being typed (நகர்).
    if (!script.schwa && word.endsWith('nagara')) word = word.slice(0, -1);
    return Object.hasOwn(LOANWORDS, word) ? LOANWORDS[word]! : word;
  });
  // Initials spelt out by their letters' names (एमजी रोड is MG Road): Devanagari is where buyers write them so.
  return (script.name === 'devanagari' ? readInitials(words) : words).join(' ');
}

/** A word as IAST letters, aspirates and two-letter vowels kept together ("kh", "ai"). */
function units(word: string): string[] {
  const out: string[] = [];
  const w = word.normalize('NFC');
  for (let i = 0; i < w.length;) {
    const two = w.slice(i, i + 2);
    if (VOWELS.includes(two) || (/^[^aāiīuūeoṛ]h$/.test(two) && two[0] !== 'h')) {
      out.push(two);
      i += 2;
    } else {
      // A letter and its combining marks (l̤ is two code points).
      let k = i + 1;
      while (k < w.length && /[\u0300-\u036f]/.test(w[k]!)) k++;
      out.push(w.slice(i, k));
      i = k;
    }
  }
  return out;
}

/**
 * Tamil has one letter per stop, which Sanscript reads as the aspirated one (க "gh", ட "ḍh"); how English spells it
 * depends on its neighbours: voiced after a nasal (Ambattur, Guindy, Kodambakkam) and between vowels (Adyar, Madurai,
 * Nagar), plain when doubled or first (Thoothukudi, Kodaikkanal, Chennai); ப between vowels stays p (Vadapalani).
 */
const TAMIL_STOPS: Record<string, { plain: string; voiced: string; between: string }> = {
  gh: { plain: 'k', voiced: 'g', between: 'g' },
  jh: { plain: 'ch', voiced: 'j', between: 's' },
  ḍh: { plain: 't', voiced: 'd', between: 'd' },
  dh: { plain: 'th', voiced: 'd', between: 'd' },
  bh: { plain: 'p', voiced: 'b', between: 'p' },
};
const TAMIL_NASALS = new Set(['ṅ', 'ñ', 'ṇ', 'n', 'm', 'ṉ']);

function tamilStops(u: string[]): string[] {
  return u.map((x, i) => {
    const stop = TAMIL_STOPS[x];
    if (stop === undefined) return x;
    const prev = u[i - 1];
    if (prev === x || u[i + 1] === x) return stop.plain === 'th' ? 't' : stop.plain;
    if (prev !== undefined && TAMIL_NASALS.has(prev)) return stop.voiced;
    return isVowel(prev) && isVowel(u[i + 1]) ? stop.between : stop.plain;
  });
}

/**
 * Malayalam's ട between vowels or ending a word is written d (Edappally, Vadakara, Kakkanad); doubled it stays t
 * (Pattom, Kottayam).
 */
function malayalamStops(u: string[]): string[] {
  return u.map((x, i) => (x === 'ṭ' && isVowel(u[i - 1]) && (u[i + 1] === undefined || isVowel(u[i + 1])) ? 'ḍ' : x));
}

const isVowel = (u: string | undefined) => u !== undefined && VOWELS.includes(u);
const isConsonant = (u: string | undefined) =>
  u !== undefined && !isVowel(u) && u !== 'ṃ' && u !== 'ṁ' && u !== 'ḥ' && /\p{L}/u.test(u);

/** नगर closing a compound is its own word for the silent vowels: गांधीनगर is Gandhinagar, not "gandhingar". */
const NAGAR = ['n', 'a', 'g', 'a', 'r'];

/**
 * Hindi's inherent vowel is silent at the end of a word and between a vowel-consonant and a consonant-vowel
 * ("ka-ro-la" -> karol, "pa-ṭa-nā" -> paṭnā, "ko-la-kā-tā" -> kolkātā); the first syllable keeps it.
 */
function dropSchwas(u: string[]): string[] {
  const tail = u.length > NAGAR.length + 1 ? u.length - NAGAR.length - (u[u.length - 1] === 'a' ? 1 : 0) : -1;
  if (tail > 1 && NAGAR.every((x, i) => u[tail + i] === x)) return [...dropSchwas(u.slice(0, tail)), ...NAGAR];
  const out = [...u];
  const n = out.length;
  // "-iya" keeps its a (मालवीय is Malviya).
  const iya = out[n - 2] === 'y' && (out[n - 3] === 'ī' || out[n - 3] === 'i');
  // After a cluster the a stays (मध्य is Madhya); after a vowel or a nasal it goes (करोल बाग, हजरतगंज).
  const open = isVowel(out[n - 3]) || out[n - 3] === 'ṃ' || out[n - 3] === 'ṁ';
  if (n > 2 && out[n - 1] === 'a' && isConsonant(out[n - 2]) && open && !iya) out.pop();
  for (let i = 2; i + 2 < out.length; i++) {
    if (
      out[i] === 'a' &&
      isConsonant(out[i - 1]) &&
      isVowel(out[i - 2]) &&
      isConsonant(out[i + 1]) &&
      isVowel(out[i + 2])
    )
      out.splice(i, 1);
  }
  return out;
}

function latin(u: string[]): string {
  let s = '';
  for (let i = 0; i < u.length; i++) {
    const x = u[i]!;
    if (x === 'ṃ' || x === 'ṁ') {
      const next = u[i + 1]?.[0];
      s += next === undefined || next === 'p' || next === 'b' ? 'm' : next === 'm' ? '' : 'n';
    } else if (x === 'au' && isConsonant(u[i + 1])) {
      // औ before a consonant is written o (Indore, Chowk), at the end au (Lucknow's -nau).
      s += 'o';
    } else if (Object.hasOwn(LATIN, x)) s += LATIN[x];
    else s += x.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  }
  return s;
}
