// What an answer calls a place: a directory name as people write it (an office's without its type, tidied).
import { INSTITUTION_ACRONYMS } from './aliases.ts';
import { OFFICE_TYPE_TOKENS } from './normalise.ts';

/**
 * A post-office name without its type suffix and qualifiers: "Indiranagar S.O (Bengaluru)" -> "Indiranagar",
 * "Patel Nagar SO Central Delhi" -> "Patel Nagar", "New Delhi GPO" -> "New Delhi".
 */
export function officePlaceName(officeName: string): string {
  const plain = officeName.includes('(') ? officeName.replace(/\(.*?\)/g, ' ') : officeName;
  const words = plain.trim().split(/\s+/);
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.length <= 9 && OFFICE_TYPE_TOKENS.has(w.toLowerCase().replace(/\./g, ''))) return words.slice(0, i).join(' ');
  }
  return words.join(' ') || officeName.trim();
}

const ROMAN_WORD = /^(?:i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii)$/i;

/**
 * A directory name as people write it: all capitals (or all small letters) become title case, keeping initials ("MG",
 * "GPO": no vowel) and roman numerals, institutions' acronyms in capitals; a number glued to a word is spaced.
 * "VASANTHNAGAR" -> "Vasanthnagar", "Vasant Vihar1" -> "Vasant Vihar 1", "T.NAGAR" -> "T.Nagar", "Iit" -> "IIT".
 */
export function tidyPlaceName(name: string): string {
  let out = name;
  if (/[A-Z]{3}/.test(out) && out === out.toUpperCase())
    out = out.replace(/[A-Za-z]+/g, (w, at: number) => {
      // "ST." is an abbreviation to title-case like a word; "T." an initial.
      const abbreviation = w.length > 1 && out[at + w.length] === '.';
      const initials = ROMAN_WORD.test(w) || !/[AEIOU]/i.test(w);
      return initials && !abbreviation ? w : w[0]! + w.slice(1).toLowerCase();
    });
  // A name all in small letters (some map points: "hanuman mandir") is capitalised word by word.
  else if (/[a-z]{3}/.test(out) && out === out.toLowerCase())
    out = out.replace(/[a-z]+/g, (w) =>
      ROMAN_WORD.test(w) && w.length > 1 ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1),
    );
  // Each replace below runs only where a scan of the name finds what it needs: the three regex replaces cost ~0.3 us
  // a name even when nothing matches, and every geocode answers a name or more.
  if (hasAcronymWord(out)) out = out.replace(ACRONYM_WORD, (w) => w.toUpperCase());
  // "I I T" (Guwahati's office) is the acronym spelt out letter by letter.
  if (hasLetterWord(out))
    out = out.replace(SPACED_LETTERS, (w) => {
      const joined = w.replace(/[ .]/g, '');
      return INSTITUTION_ACRONYMS.has(joined.toLowerCase()) ? joined.toUpperCase() : w;
    });
  return hasDigit(out) ? out.replace(/\b([A-Za-z]{3,})(\d+)\b/g, '$1 $2') : out;
}

/** True when a code unit is a regex word character (\w: ASCII letters, digits, underscore). */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** True when some word (a run of \w) of `s` is an institution's acronym, in any case: where ACRONYM_WORD matches. */
function hasAcronymWord(s: string): boolean {
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && isWordChar(s.charCodeAt(i))) continue;
    if (
      i - start >= MIN_ACRONYM &&
      i - start <= MAX_ACRONYM &&
      INSTITUTION_ACRONYMS.has(s.slice(start, i).toLowerCase())
    )
      return true;
    start = i + 1;
  }
  return false;
}

/** True when `s` has a word of one letter: where SPACED_LETTERS may match. */
function hasLetterWord(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c < 97 || c > 122) continue;
    if ((i === 0 || !isWordChar(s.charCodeAt(i - 1))) && (i + 1 === s.length || !isWordChar(s.charCodeAt(i + 1))))
      return true;
  }
  return false;
}

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) return true;
  return false;
}

/** Three to five single letters, spaced or dotted ("I I T", "I.I.T."). */
const SPACED_LETTERS = /\b[A-Za-z](?:[ .]+[A-Za-z]\b){2,4}\.?/g;
/** Institutions' acronyms, written in capitals whatever the directory does ("Iit SO" -> "IIT", "JNU" not "Jnu"). */
const ACRONYM_WORD = new RegExp(`\\b(?:${[...INSTITUTION_ACRONYMS].join('|')})\\b`, 'gi');
const MIN_ACRONYM = Math.min(...[...INSTITUTION_ACRONYMS].map((a) => a.length));
const MAX_ACRONYM = Math.max(...[...INSTITUTION_ACRONYMS].map((a) => a.length));

/** What an answer calls a place: an office's name without its type, tidied. */
export function shownPlaceName(name: string, isOffice: boolean): string {
  return tidyPlaceName(isOffice ? officePlaceName(name) : name);
}
