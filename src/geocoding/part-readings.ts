// Other readings of an address part, tried when the part as written finds nothing sure: a name spelt the other way
// Indian English spells it.
import type { Part } from './address-parser.ts';
import { otherSpelling } from './other-spelling.ts';

/** The part with its words spelt the other way where Indian English has two ways ("Lakshmi" for Laxmi), or null. */
export function respelt(part: Part): Part | null {
  const tokens = part.tokens.map((t) => otherSpelling(t) ?? t);
  return tokens.some((t, i) => t !== part.tokens[i]) ? { ...part, tokens } : null;
}
