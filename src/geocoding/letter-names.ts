// English initials written out in Devanagari (एमजी रोड, बीटीएम, यूपी) read back as the letters: MG Road, BTM, UP.
import { ADDRESS_WORDS } from './address-words.ts';

/** Each letter's name as the romaniser writes it. */
const NAMES: Record<string, string> = {
  e: 'a',
  bi: 'b',
  si: 'c',
  di: 'd',
  i: 'e',
  eph: 'f',
  ji: 'g',
  ech: 'h',
  ai: 'i',
  je: 'j',
  ke: 'k',
  el: 'l',
  em: 'm',
  en: 'n',
  o: 'o',
  pi: 'p',
  kyu: 'q',
  ar: 'r',
  es: 's',
  ti: 't',
  yu: 'u',
  vi: 'v',
  dablyu: 'w',
  eks: 'x',
  vai: 'y',
  jed: 'z',
};
/** Names that are one vowel: a word of them is more likely Hindi than initials, so a word may hold one at most. */
const VOWEL_NAMES = new Set(['e', 'i', 'o']);
const LONGEST_NAME = 6;

/** The letter a piece names: the name itself, or one ending in a consonant with the inherent a the romaniser kept. */
function letterOf(piece: string): string | undefined {
  if (Object.hasOwn(NAMES, piece)) return NAMES[piece];
  const bare = piece.slice(0, -1);
  return piece.endsWith('a') && /[^aeiou]$/.test(bare) && Object.hasOwn(NAMES, bare) ? NAMES[bare] : undefined;
}

/** The letters one word spells by their names ("emji" -> "mg", "echaesaar" -> "hsr"), or null. */
function spelled(word: string): string[] | null {
  // pieces[i]: the letters of word.slice(0, i), when it splits into names.
  const pieces: Array<string[] | null> = [[]];
  for (let i = 1; i <= word.length; i++) {
    pieces.push(null);
    for (let len = 1; len <= Math.min(LONGEST_NAME + 1, i) && pieces[i] === null; len++) {
      const before = pieces[i - len];
      const letter = letterOf(word.slice(i - len, i));
      if (before && letter !== undefined) pieces[i] = [...before, word.slice(i - len, i)];
    }
  }
  return pieces[word.length] ?? null;
}

/** True for names enough like initials: two or more, at most one of them a bare vowel. */
function initialsLike(names: string[]): boolean {
  return names.length >= 2 && names.filter((n) => VOWEL_NAMES.has(n)).length <= 1;
}

/**
 * Words with initials read back as letters: one word spelling two or more letter names ("bitiem" -> "btm"), and a run
 * of words that are each one letter's name before an address word ("em ji road" -> "mg road"). A lone name stays a
 * word ("ke", "ji").
 */
export function readInitials(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const names = spelled(words[i]!);
    if (names && initialsLike(names)) {
      out.push(names.map((n) => letterOf(n)).join(''));
      continue;
    }
    let end = i;
    while (end < words.length && letterOf(words[end]!) !== undefined) end++;
    // Apart, only before an address word: "em ji road" is MG Road, but "gandhi ji ke pas" is Hindi.
    if (initialsLike(words.slice(i, end)) && ADDRESS_WORDS.has(words[end] ?? '')) {
      out.push(
        words
          .slice(i, end)
          .map((n) => letterOf(n))
          .join(''),
      );
      i = end - 1;
    } else out.push(words[i]!);
  }
  return out;
}
