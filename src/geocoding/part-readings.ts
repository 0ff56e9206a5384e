// Other readings of an address part, tried when the part as written finds nothing sure: a name spelt the other way
// Indian English spells it, or a place named before its feature.
import type { Part } from './address-parser.ts';
import { otherSpelling } from './other-spelling.ts';

/** Features named after the place they are at or near ("Diu Island", "Golconda Fort"). */
const FEATURES: ReadonlySet<string> = new Set('island islands lake beach dam falls fort hill hills'.split(' '));

/** The part with its words spelt the other way where Indian English has two ways ("Lakshmi" for Laxmi), or null. */
export function respelt(part: Part): Part | null {
  const tokens = part.tokens.map((t) => otherSpelling(t) ?? t);
  return tokens.some((t, i) => t !== part.tokens[i]) ? { ...part, tokens } : null;
}

/** The part without the feature its last word names ("Diu Island" -> "Diu"), or null. */
export function withoutFeature(part: Part): Part | null {
  const last = part.tokens[part.tokens.length - 1]!;
  if (part.tokens.length < 2 || !FEATURES.has(last)) return null;
  return { ...part, tokens: part.tokens.slice(0, -1) };
}
