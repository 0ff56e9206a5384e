// What a picked place keeps of the words typed into a locality field: the words its name does not account for.

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

/**
 * The field's text once the buyer picks `name` after typing `typed`: the name, then the typed words it does not
 * already account for, in the order typed ("Sector 17 Vashi" + "Sector 17" -> "Sector 17 Vashi"). A word is accounted
 * for when it is part of the name run together ("Indira", "Koram") or a near spelling of one of its words
 * ("Koramangla", "Chok").
 */
export function withTypedWords(name, typed) {
  const whole = folded(name);
  const nameWords = name.split(/\s+/).map(folded).filter(Boolean);
  const shown = typed.split(/\s+/).filter((word) => folded(word) !== '');
  const words = shown.map(folded);
  const accounted = (word, i) => {
    if (word.length > 1)
      return whole.includes(word) || nameWords.some((w) => editDistance(word, w, typoEdits(word)) <= typoEdits(word));
    // Most names hold any one letter: it counts only with the word beside it ("Sector 1"), so "Block A" keeps its A.
    return (
      (i > 0 && whole.includes(words[i - 1] + word)) || (i + 1 < words.length && whole.includes(word + words[i + 1]))
    );
  };
  return [name, ...shown.filter((_, i) => !accounted(words[i], i))].join(' ');
}
