// A district named alone or with its state ("Imphal West", "Mirzapore"), which an unknown place also spells.
import type { Part } from './address-parser.ts';
import { isKnown } from './consistency.ts';
import type { Work } from './fuzzy.ts';
import { directorySpelling } from './place-grams.ts';
import type { PlaceIndex } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import type { Region, Regions } from './regions.ts';

/**
 * The district a lone name (or one with only its state) names, when the name's own match is a place nobody knows:
 * a district's name exactly ("Imphal West", "North Goa": a map point of that name stands somewhere in the state), or
 * spelt in an old way ("-pore" for "-pur": "Mirzapore" is Mirzapur, not Navsari's hamlet of that spelling). Null when
 * anything else was written, or the name's own place is known (Jeypore, Serampore are towns). `best` is undefined when
 * the search found nothing of that name.
 */
export function districtOverHamlet(
  idx: PlaceIndex,
  regions: Regions,
  parts: Part[],
  state: Region | null,
  best: Candidate | undefined,
  work: Work,
): Region | null {
  const places = parts.filter((p) => p.role === 'place');
  // One place part, and beside it only the state's.
  if (places.length !== 1 || parts.length !== (state ? 2 : 1)) return null;
  const part = places[0]!;
  // Nothing else of the name found ("Raigad, Maharashtra"): the district is all there is; a known place only
  // spelt like it ("Raigad" of Gujarat's Raigadh) is no namesake.
  const namesake = best !== undefined && best.quality !== 'fuzzy' && best.quality !== 'sound';
  if (part.tokens.length > 4 || (namesake && isKnown(idx, best.id))) return null;
  const key = part.tokens.join('');
  const named = regions.city(key, state, work, { typos: false });
  if (named !== null && named.level === 'district' && named.key === key) return named;
  // The spelling the search's second pass reads too.
  const variant = directorySpelling(part.tokens);
  if (part.tokens.length > 2 || variant === key) return null;
  const region = regions.city(variant, state, work, { typos: false });
  // A district, or the town named as its district is (its reach is the district's).
  return region !== null && (region.level === 'district' || region.spanKm === null) ? region : null;
}
