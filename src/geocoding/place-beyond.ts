// A place written with the district it used to be in ("Jangaon, Warangal": Jangaon's own district since 2016).
import type { Part } from './address-parser.ts';
import { isKnown } from './consistency.ts';
import type { Work } from './fuzzy.ts';
import { isCommonName } from './place-grams.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import type { Candidate, PlaceSearch } from './place-search.ts';
import { inRegion, type Region } from './regions.ts';

/** How far from a typed city's or district's centre a well-known place of the same state still counts as meant. */
const BEYOND_KM = 70;

/**
 * When nothing of the address lies in the typed city or district: a well-known place (a town, a head or sub office,
 * a locality of a city) named exactly within 70 km of its centre in the same state, without a number or a name any
 * town has; else null. Its answer is then flagged as another district's (a district split off, or a neighbouring town
 * written as the city).
 */
export function placeJustBeyond(
  places: PlaceSearch,
  idx: PlaceIndex,
  parts: Part[],
  region: Region,
  work: Work,
): Candidate | null {
  if (region.level === 'state' || region.fuzzy) return null;
  const wider: Region = { ...region, areas: null, spanKm: BEYOND_KM };
  const c = places.search(parts, wider, work)[0];
  if (!c || !(c.quality === 'exact' || c.quality === 'alias') || !c.whole || c.role === 'landmark') return null;
  if (idx.kind[c.id] === KIND.landmark || inRegion(idx, c.id, wider) < 1) return null;
  // Numbered and common names repeat from town to town ("Sector 15" of Gurugram is not Faridabad's, nor "Civil Lines").
  const key = idx.compact(c.id);
  return isKnown(idx, c.id) && !/\d/.test(key) && !isCommonName(key) ? c : null;
}
