// A city's facility named by its kind ("Mumbai Airport"): the place inside the city whose name holds that word.
import type { Part } from './address-parser.ts';
import { ADDRESS_WORDS, CITY_FACILITIES, LANDMARK_NOUNS } from './address-words.ts';
import type { Work } from './fuzzy.ts';
import { haversineKm } from './geo-math.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
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
    const [lo, hi] = idx.tokenRange(word);
    if (lo >= hi || idx.vocab[lo] !== word) continue;
    for (let k = idx.vocabAt[lo]!; k < Math.min(idx.vocabAt[lo + 1]!, idx.vocabAt[lo]! + MAX_POSTINGS); k++) {
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
  return { id: bestId, score, quality: 'variant', role: part.role, districts: 1, agreed: false, part: 0, whole: true };
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
