// Sounds Indian English spells two ways: a name the directory writes one way is found written the other.

/** क्ष is written "ksh" or "x" (Lakshmi Nagar, Laxmi Nagar): a word spelt one way, the other way, or null. */
export function otherSpelling(word: string): string | null {
  if (word.includes('ksh')) return word.replaceAll('ksh', 'x');
  return word.includes('x') ? word.replaceAll('x', 'ksh') : null;
}
