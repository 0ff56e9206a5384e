// A landmark named by or without its kind: a city's facility ("Mumbai Airport"), a landmark without its noun ("Salar Jung").
import type { Part } from './address-parser.ts';
import { ADDRESS_WORDS, CITY_FACILITIES, LANDMARK_NOUNS } from './address-words.ts';
import { spent, type Work } from './fuzzy.ts';
import { haversineKm } from './geo-math.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import { isBareStation, landmarkName } from './place-grams.ts';
import { oneEntry, scoreKey } from './key-score.ts';
import type { Candidate } from './place-search.ts';
import { inRegion, type Region } from './regions.ts';

/** Entries holding a facility's word looked at per word, most important first (a city has a handful). */
const MAX_POSTINGS = 400;

/**
 * The best entry inside the city or district named for the facility the part names ("Airport (Mumbai)", "Kempegowda
 * International Airport", "Patna Aerodrome": airport and aerodrome are one), scored as a name matched with only a
 * qualifier dropped (`matchScore` its weight), or null. Names where another noun follows the word are other places
 * ("Airport Railway Station", "Airport Road", "Airport Express Terminal").
 */
export function cityFacility(
  idx: PlaceIndex,
  part: Part,
  region: Region,
  matchScore: number,
  work: Work,
): Candidate | null {
  const tokens = part.tokens;
  if (!tokens.some((t) => CITY_FACILITIES.has(t))) return null;
  let bestId = -1;
  let bestScore = -Infinity;
  for (const word of CITY_FACILITIES) {
    const t = idx.tokenIndex(word);
    if (t < 0) continue;
    for (let k = idx.vocabAt[t]!; k < Math.min(idx.vocabAt[t + 1]!, idx.vocabAt[t]! + MAX_POSTINGS); k++) {
      work.count++;
      const id = idx.postings[k]!;
      const weight = idx.kind[id]! < KIND.locality || !namedFor(idx, id) ? 0 : inRegion(idx, id, region);
      if (weight === 0) continue;
      // As scoreKey ranks namesakes: the more important, inside the region, nearer its centre.
      const km = haversineKm(region.lat, region.lon, idx.lat[id]!, idx.lon[id]!);
      const score = idx.importance[id]! * 0.15 - (weight < 1 ? 0.1 : 0) - Math.min(0.1, km / 300);
      if (score > bestScore) {
        bestScore = score;
        bestId = id;
      }
    }
  }
  if (bestId < 0) return null;
  const score = matchScore + bestScore;
  return oneEntry(bestId, score, 'variant', part.role, true);
}

/** "near Railway Station, Kota": the station named after the city (Kota Jn), as "Kota station" finds it; or null. */
export function cityStation(
  idx: PlaceIndex,
  part: Part,
  region: Region,
  matchScore: number,
  work: Work,
): Candidate | null {
  if (!isBareStation(landmarkName(part.tokens))) return null;
  const c = scoreKey(idx, `${region.key}railwaystation`, 'variant', matchScore, part.role, region, work);
  if (c) c.whole = true;
  return c;
}

/** Names read that start with a landmark's written name: a handful have one noun more. */
const MAX_LONGER_NAMES = 32;

/**
 * "near Salar Jung", "Victoria Memorial", "ISKCON": a landmark written without the noun its name ends with (Salar Jung
 * Museum, Victoria Memorial Hall, ISKCON Temple), inside the region, scored as a name with a qualifier dropped.
 */
export function landmarkWithNoun(
  idx: PlaceIndex,
  part: Part,
  region: Region,
  matchScore: number,
  work: Work,
): Candidate | null {
  const name = landmarkName(part.tokens).join('');
  if (name.length < 4) return null;
  const [lo, hi] = idx.keyRange(name);
  let best: Candidate | null = null;
  for (let k = lo; k < Math.min(hi, lo + MAX_LONGER_NAMES) && !spent(work); k++) {
    const key = idx.keys[k]!;
    if (!LANDMARK_NOUNS.has(key.slice(name.length))) continue;
    const c = scoreKey(idx, key, 'variant', matchScore, part.role, region, work);
    if (c && (!best || c.score > best.score)) {
      c.whole = true;
      best = c;
    }
  }
  return best;
}

/** True when the entry's own name holds a facility word that no other noun or address word follows. */
function namedFor(idx: PlaceIndex, id: number): boolean {
  const start = idx.tokAt[id]!;
  const end = start + idx.nameTokens[id]!;
  for (let k = start; k < end; k++) {
    if (!CITY_FACILITIES.has(idx.vocab[idx.toks[k]!]!)) continue;
    for (let j = k + 1; j < end; j++) {
      const t = idx.vocab[idx.toks[j]!]!;
      if (LANDMARK_NOUNS.has(t) || ADDRESS_WORDS.has(t)) return false;
    }
    return true;
  }
  return false;
}
