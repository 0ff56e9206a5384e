// "Mirzapore" written alone: a district's old name that one hamlet happens to spell exactly.
import type { Part } from './address-parser.ts';
import { isKnown } from './consistency.ts';
import type { Work } from './fuzzy.ts';
import { directorySpelling } from './place-grams.ts';
import type { PlaceIndex } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import type { Region, Regions } from './regions.ts';

/**
 * The district that a lone name spells in an old way ("-pore" for "-pur"), when the name's own match is a place
 * nobody knows (a branch office): a buyer writing "Mirzapore" means Mirzapur, not Navsari's hamlet of that spelling.
 * Null when anything else was written, or the name's own place is known (Jeypore, Serampore are towns).
 */
export function districtOverHamlet(
  idx: PlaceIndex,
  regions: Regions,
  parts: Part[],
  best: Candidate,
  work: Work,
): Region | null {
  const part = parts[0]!;
  if (parts.length !== 1 || part.role !== 'place' || part.tokens.length > 2) return null;
  if (isKnown(idx, best.id)) return null;
  // The spelling the search's second pass reads too.
  const variant = directorySpelling(part.tokens);
  if (variant === part.tokens.join('')) return null;
  const region = regions.city(variant, null, work, { typos: false });
  // A district, or the town named as its district is (its reach is the district's).
  return region !== null && (region.level === 'district' || region.spanKm === null) ? region : null;
}
