// A place written with the district it used to be in ("Jangaon, Warangal": Jangaon's own district since 2016), or
// with the metro whose wider area it is in ("Mira Road, Mumbai", "Gurgaon, Delhi").
import type { Part } from './address-parser.ts';
import { isKnown } from './consistency.ts';
import type { Work } from './fuzzy.ts';
import { isCommonName } from './place-grams.ts';
import { withinKm } from './geo-math.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import type { Candidate, PlaceSearch } from './place-search.ts';
import { inRegion, type Region } from './regions.ts';

/** How far from a typed city's or district's centre a well-known place of the same state still counts as meant. */
const BEYOND_KM = 70;
/** ...and one of another state: a metro's wider area crosses state lines (Gurugram, Noida, Ghaziabad of Delhi's). */
const ACROSS_KM = 35;

/**
 * When nothing of the address lies in the typed city or district, or only a guess does: a well-known place (a town, a
 * head or sub office, a locality of a city) named exactly within 70 km of its centre in the same state, or the best
 * found anywhere (`national`, searched when not given) when it is such a place within 35 km in another state; else
 * null. Its answer is then flagged as another district's (a district split off, or a town of a metro's wider area
 * written with the metro's name).
 */
export function placeJustBeyond(
  places: PlaceSearch,
  idx: PlaceIndex,
  parts: Part[],
  region: Region,
  national: Candidate[] | null,
  work: Work,
): Candidate | null {
  if (region.level === 'state' || region.fuzzy) return null;
  const wider: Region = { ...region, areas: null, spanKm: BEYOND_KM };
  // Only an exact name is taken: the typo, prefix and sound searches would be work for nothing.
  const c = places.search(parts, wider, work, true)[0];
  if (c && wellKnownNamedWhole(idx, c) && inRegion(idx, c.id, wider) === 1) return c;
  const across = (national ?? places.search(parts, null, work, true))[0];
  if (!across || idx.areas[idx.area[across.id]!]?.state === region.state) return null;
  const near = withinKm(region.lat, region.lon, idx.lat[across.id]!, idx.lon[across.id]!, ACROSS_KM);
  return near && wellKnownNamedWhole(idx, across) ? across : null;
}

/** A well-known place the part names whole, exactly, without a number or a name any town has. */
function wellKnownNamedWhole(idx: PlaceIndex, c: Candidate): boolean {
  if (!(c.quality === 'exact' || c.quality === 'alias') || !c.whole || c.role === 'landmark') return false;
  if (idx.kind[c.id] === KIND.landmark) return false;
  // Numbered and common names repeat from town to town ("Sector 15" of Gurugram is not Faridabad's, nor "Civil Lines").
  const key = idx.compact(c.id);
  return isKnown(idx, c.id) && !/\d/.test(key) && !isCommonName(key);
}
