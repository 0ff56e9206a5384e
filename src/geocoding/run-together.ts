// Names written as two parts that the directory runs into one: "Sector 7, Rohini" is the office "Rohini Sector 7",
// "Sector 62, Noida" is "Noida Sector 62", "Hirapur, Dhanbad" is "Dhanbad Hirapur SO".
import type { Part, Role } from './address-parser.ts';
import type { Work } from './fuzzy.ts';
import { scoreKey } from './key-score.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import type { Region } from './regions.ts';

/** Weight of two neighbouring parts run together: above any single part, as the longer match. */
export const COMBINED_WEIGHT = 1.05;

/**
 * `b + a`, then `a + b`: each an exact name inside the region (that `keep` accepts) is one place named by both, added
 * to `best`.
 */
export function runTogether(
  idx: PlaceIndex,
  a: string,
  b: string,
  role: Role,
  part: number,
  region: Region | null,
  work: Work,
  best: Candidate[],
  keep?: (c: Candidate) => boolean,
): void {
  for (const key of [b + a, a + b]) {
    const c = scoreKey(idx, key, 'exact', COMBINED_WEIGHT, role, region, work);
    if (c && (keep === undefined || keep(c))) {
      c.part = part;
      c.whole = true;
      best.push(c);
    }
  }
}

/**
 * "Sector 62, Noida" is the office "Noida Sector 62". "Sector 15A, Faridabad", when nothing has the lettered number,
 * is its sector's ("Faridabad Sector 15": the directory names a sector, not its A, B and C parts).
 */
export function numberedInCity(
  idx: PlaceIndex,
  part: Part,
  index: number,
  region: Region,
  work: Work,
  best: Candidate[],
): void {
  runTogether(idx, part.tokens.join(''), region.key, part.role, index, region, work, best);
  if (best.some((c) => c.part === index)) return;
  const plain = part.tokens.map((t) => (/^\d+[a-z]$/.test(t) ? t.slice(0, -1) : t));
  if (plain.some((t, i) => t !== part.tokens[i]))
    runTogether(idx, plain.join(''), region.key, part.role, index, region, work, best);
}

/**
 * "Hirapur, Dhanbad" is the office "Dhanbad Hirapur SO": the directory names many of a town's offices after the town
 * first ("UJJAIN NANAKHEDA"), and its old quarters after a word alone ("Chowk, Lucknow" is "Lucknow Chowk HO",
 * "Cantt, Kanpur" "Kanpur Cantt HO"). Added when it is a locality or office in another pincode than the part's own
 * match; never the town itself ("Nai, Delhi" runs together as "Nai Delhi").
 */
export function townCarried(
  idx: PlaceIndex,
  part: Part,
  index: number,
  region: Region,
  work: Work,
  best: Candidate[],
): void {
  const own = best.find((c) => c.part === index);
  const keep = (c: Candidate) =>
    idx.compact(c.id) !== region.key &&
    (idx.kind[c.id] === KIND.locality || idx.kind[c.id] === KIND.office) &&
    (own === undefined || idx.pin[own.id] !== idx.pin[c.id]);
  runTogether(idx, part.tokens.join(''), region.key, part.role, index, region, work, best, keep);
}
