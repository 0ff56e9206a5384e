// What a picked place keeps of the words typed into a locality field: the words its name does not account for, as
// typed, run together, a letter or two off, abbreviated, or numbered another way.

/** The name folded as the buyer may type it: case, spaces, dots and commas ignored. */
export const folded = (text) => text.toLowerCase().replace(/[\s.,]+/g, '');

/** Edits a typed word may be off a name's word and still be that word: one, two from eight letters. */
const typoEdits = (word) => (word.length >= 8 ? 2 : 1);

/** Levenshtein distance of `a` and `b`, or `max + 1` once it is sure to exceed `max`. */
function editDistance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return max + 1;
    prev = row;
  }
  return prev[b.length];
}

/** Letters of India's scripts (Devanagari to Malayalam), and Latin ones. */
const INDIC = /[\u0900-\u0D7F]/;
const LATIN = /[a-z]/i;

/** Words that say where, not what: never read as short for a name's word ("nr" is near, not Nagar). */
const LOCATING = new Set(['nr', 'near', 'opp', 'off', 'behind', 'beside']);
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const ROMAN = { i: 1, v: 5, x: 10 };

/** The number a folded word names, written any way: 1 for "1", "1st", "i", "first"; null for other words. */
export function numberOf(word) {
  const digits = /^(\d+)(?:st|nd|rd|th)?$/.exec(word);
  if (digits) return Number(digits[1]);
  if (ORDINALS.includes(word)) return ORDINALS.indexOf(word) + 1;
  return romanValue(word);
}

/** A roman numeral's value, i to xxxix ("vi" 6, "ix" 9), or null. */
function romanValue(word) {
  if (!word || !/^x{0,3}(ix|iv|v?i{0,3})$/.test(word)) return null;
  let sum = 0;
  for (let k = 0; k < word.length; k++) {
    const value = ROMAN[word[k]];
    // A smaller numeral before a larger one is taken off it: "iv" is 4.
    sum += value < (ROMAN[word[k + 1]] ?? 0) ? -value : value;
  }
  return sum;
}

/** Whether one folded word is short for the other: same first letter, its letters in order ("blk", "block"). */
export function shortFor(a, b) {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (short.length < 2 || short.length === long.length || short[0] !== long[0]) return false;
  let at = 0;
  for (const c of long) if (c === short[at]) at++;
  return at === short.length;
}

/**
 * Which of `name`'s words `typed`'s words spell (run together, or a letter or two off): for each typed word, the
 * indices of the name's words it stands for, or null when it spells none.
 */
function spelledWords(name, words) {
  const whole = folded(name);
  const nameWords = name.split(/\s+/).map(folded).filter(Boolean);
  // `whole` is the name's words run together: each starts where the ones before it end.
  const starts = nameWords.map((_, j) => nameWords.slice(0, j).join('').length);
  const overlapping = (at, length) =>
    nameWords.flatMap((w, j) => (starts[j] < at + length && starts[j] + w.length > at ? [j] : []));
  return words.map((word, i) => {
    if (word.length === 1) {
      // Most names hold any one letter: it counts only with the word beside it ("Sector 1"), so "Block A" keeps its A.
      const before = i > 0 ? whole.indexOf(words[i - 1] + word) : -1;
      if (before >= 0) return overlapping(before + words[i - 1].length, 1);
      const after = i + 1 < words.length ? whole.indexOf(word + words[i + 1]) : -1;
      return after >= 0 ? overlapping(after, 1) : null;
    }
    const at = whole.indexOf(word);
    if (at >= 0) return overlapping(at, word.length);
    const near = nameWords.findIndex((w) => editDistance(word, w, typoEdits(word)) <= typoEdits(word));
    return near >= 0 ? [near] : null;
  });
}

/**
 * The field's text once the buyer picks `name` after typing `typed`: the name, then the typed words it does not
 * already account for, in the order typed ("Sector 17 Vashi" + "Sector 17" -> "Sector 17 Vashi"). A word is accounted
 * for when it is part of the name run together ("Indira", "Koram") or a near spelling of one of its words
 * ("Koramangla", "Chok"); else when it says what a word of the name says that no other typed word stands for: the
 * same number ("1st", "1" or "first" for "I") or one short for the other ("blk" for "Block", "ngr" for "Nagar", "Bk"
 * for "blk"). Words that locate ("nr", "opp") are never read as short for another.
 */
export function withTypedWords(name, typed) {
  const nameWords = name.split(/\s+/).map(folded).filter(Boolean);
  const shown = typed.split(/\s+/).filter((word) => folded(word) !== '');
  const words = shown.map(folded);
  const spelled = spelledWords(name, words);
  const taken = new Set(spelled.flatMap((hit) => hit ?? []));
  /** Takes a word of the name no typed word stands for yet that `word` says in other letters, if there is one. */
  const saysSame = (word) => {
    if (LOCATING.has(word)) return false;
    const n = numberOf(word);
    const j = nameWords.findIndex((w, k) => !taken.has(k) && (n === null ? shortFor(word, w) : numberOf(w) === n));
    if (j >= 0) taken.add(j);
    return j >= 0;
  };
  // Typed only in an Indic script ("अमीनाबाद"), a name picked in Latin letters is what those words spelled (the
  // service read them transliterated): none of them is kept beside it.
  const transliterated = INDIC.test(typed) && !LATIN.test(typed) && !INDIC.test(name);
  const accounted = words.map(
    (word, i) => spelled[i] !== null || (transliterated && INDIC.test(word)) || saysSame(word),
  );
  return [name, ...shown.filter((_, i) => !accounted[i])].join(' ');
}
