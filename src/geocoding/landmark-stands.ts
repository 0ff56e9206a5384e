// Whether a landmark part's match is the landmark meant: names of temples and monuments repeat from town to town.
import { LANDMARK_NOUNS } from './address-words.ts';
import { onlyOneHolds } from './key-score.ts';
import { KIND, type PlaceIndex } from './place-index.ts';
import type { Candidate } from './place-search.ts';
import { inRegion, type Region } from './regions.ts';

/**
 * True for a landmark part's match inside the city or district (within a town's reach: "near Shiv Mandir, Motihari"
 * is not the Shiv Mandir 27 km out in its district, unless no other district has one), or, with no city or district,
 * one that stands without it (namesOnePlace).
 */
export function landmarkStands(idx: PlaceIndex, c: Candidate, region: Region | null, local: boolean): boolean {
  if (!local) return namesOnePlace(idx, c);
  return inRegion(idx, c.id, region) === 1 || onlyOneHolds(idx, idx.compact(c.id));
}

/**
 * True for a landmark's entry beyond the written town's reach ("Sai Baba Temple, Shirdi": the one 25 km out is
 * another town's; temples repeat from town to town), unless no other district has its exact name. The town answers.
 */
export function landmarkBeyondTown(idx: PlaceIndex, c: Candidate, region: Region | null): boolean {
  if (region?.spanKm == null || idx.kind[c.id] !== KIND.landmark || inRegion(idx, c.id, region) === 1) return false;
  return c.quality !== 'exact' || !onlyOneHolds(idx, idx.compact(c.id));
}

/**
 * True for a landmark part's match that stands without a city: a name one district holds, the landmark's whole name
 * ("near Charminar") or a place named in it ("near Mysore Palace"), never its noun alone ("Medical", a Meerut office).
 */
function namesOnePlace(idx: PlaceIndex, c: Candidate): boolean {
  return c.districts === 1 && (c.whole || !LANDMARK_NOUNS.has(idx.compact(c.id)));
}
