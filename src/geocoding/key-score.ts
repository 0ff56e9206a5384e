// Scores the entries under one key of the place index inside a region: the best of them, how it matched, its namesakes.
import type { Role } from './address-parser.ts';
import { spent, type Work } from './fuzzy.ts';
import { haversineKm } from './geo-math.ts';
import { goesOnToLandmark, startsWithWords } from './place-grams.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import { inRegion, type Region } from './regions.ts';

/** How much each way of matching a name is worth. */
export const QUALITY = { exact: 1, alias: 0.95, variant: 0.85, prefix: 0.82, fuzzy: 0.78, sound: 0.74 } as const;
/** Entries looked at per key: lists are importance-ordered, so the cap drops only the least likely. */
const MAX_PER_KEY = 400;

/** The best entry under `key` inside the region (or pincode), scored. */
export function scoreKey(
  idx: PlaceIndex,
  key: string,
  quality: Candidate['quality'],
  weight: number,
  role: Role,
  region: Region | null,
  work: Work,
  prefixOf = '',
): Candidate | null {
  const k = idx.keyIndex(key);
  if (k < 0 || spent(work)) return null;
  const end = Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + MAX_PER_KEY);
  let bestId = -1;
  let bestScore = -Infinity;
  const areas = new Set<number>();
  const numbered = /\d/.test(key);
  for (let j = idx.keyAt[k]!; j < end; j++) {
    work.count++;
    const id = idx.keyEnt[j]!;
    if (idx.kind[id]! < KIND.locality) continue;
    // The region before the words: a few loads, where spelling out the name builds strings.
    const inside = inRegion(idx, id, region);
    // Numbered places repeat from town to town ("Sector 10" of Chandigarh and of Panchkula): only the region's own.
    if (inside === 0 || (inside < 1 && numbered)) continue;
    // A landmark is named whole: "Dwarka" may start "Dwarka Sector 6", not "Dwarka Railway Station"; and a prefix
    // ends at a word ("Nerul" starts "Nerul Node II", not "Nerulkar"; "Koramangala" not "Koramangalam").
    if (
      quality === 'prefix' &&
      (idx.kind[id] === KIND.landmark || !startsWithWords(idx, id, prefixOf) || goesOnToLandmark(idx, id, prefixOf))
    )
      continue;
    areas.add(idx.area[id]!);
    // The penalties below only lower a score: an entry that cannot beat the best even without them is not scored.
    const ceiling = idx.importance[id]! * 0.15 - (inside < 1 ? 0.1 : 0);
    if (ceiling <= bestScore) continue;
    // A name that is some place's own name beats the same text as another place's alternate name.
    let score = idx.importance[id]! * 0.15 - (idx.namedExactly(id, key) ? 0 : 0.08) - (inside < 1 ? 0.1 : 0);
    // Among namesakes inside a city (or district) the one nearer its centre is the likelier.
    if (region && region.level !== 'state') {
      const km = haversineKm(region.lat, region.lon, idx.lat[id]!, idx.lon[id]!);
      score -= region.level === 'city' ? Math.min(0.2, km / 150) : Math.min(0.1, km / 300);
    }
    if (score > bestScore) {
      bestScore = score;
      bestId = id;
    }
  }
  if (bestId < 0) return null;
  const q = quality === 'exact' && !idx.namedExactly(bestId, key) ? 'alias' : quality;
  const namesakes = areas.size === 1 && hasNamesake(idx, k, end, bestId, region);
  return {
    id: bestId,
    score: weight * QUALITY[q] + bestScore,
    quality: q,
    role,
    districts: areas.size,
    agreed: false,
    part: 0,
    whole: false,
    namesakes,
    prefix: undefined,
  };
}

/** A candidate found by one entry alone (a facility, initials, a sound-alike): one district, not yet agreed. */
export function oneEntry(
  id: number,
  score: number,
  quality: Candidate['quality'],
  role: Role,
  whole: boolean,
): Candidate {
  return { id, score, quality, role, districts: 1, agreed: false, part: 0, whole, namesakes: false, prefix: undefined };
}

/**
 * A copy of `c` written field by field in scoreKey's order: every candidate keeps one shape, so reading and writing
 * them stays monomorphic (a spread's copy takes its source's shape, and the sources' shapes varied).
 */
export function copyCandidate(c: Candidate): Candidate {
  return {
    id: c.id,
    score: c.score,
    quality: c.quality,
    role: c.role,
    districts: c.districts,
    agreed: c.agreed,
    part: c.part,
    whole: c.whole,
    namesakes: c.namesakes,
    prefix: c.prefix,
  };
}

/** True when another entry of key index k inside the region lies over 5 km from `id` (two "Model Town"s in one district). */
function hasNamesake(idx: PlaceIndex, k: number, end: number, id: number, region: Region | null): boolean {
  for (let j = idx.keyAt[k]!; j < end; j++) {
    const other = idx.keyEnt[j]!;
    if (other === id || idx.kind[other]! < KIND.locality || inRegion(idx, other, region) === 0) continue;
    if (haversineKm(idx.lat[id]!, idx.lon[id]!, idx.lat[other]!, idx.lon[other]!) > 5) return true;
  }
  return false;
}

/** True when some town or district is named `key` exactly. */
export function namesTown(idx: PlaceIndex, key: string): boolean {
  const k = idx.keyIndex(key);
  if (k < 0) return false;
  for (let j = idx.keyAt[k]!; j < idx.keyAt[k + 1]!; j++) {
    const id = idx.keyEnt[j]!;
    if ((idx.kind[id] === KIND.town || idx.kind[id] === KIND.district) && idx.namedExactly(id, key)) return true;
  }
  return false;
}

/** True when every entry named `key` lies in one district ("Konark Sun Temple"; "Shiv Mandir" is in hundreds). */
export function onlyOneHolds(idx: PlaceIndex, key: string): boolean {
  const k = idx.keyIndex(key);
  if (k < 0) return false;
  const area = idx.area[idx.keyEnt[idx.keyAt[k]!]!];
  for (let j = idx.keyAt[k]! + 1; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + MAX_PER_KEY); j++)
    if (idx.area[idx.keyEnt[j]!] !== area) return false;
  return true;
}
