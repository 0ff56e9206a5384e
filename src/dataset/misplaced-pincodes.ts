// Pincodes the directory files under a state or district far from where the pincode is, put back where they are.
import { haversineKm } from '../geocoding/geo-math.ts';
import { median } from './median.ts';
import type { PlaceOfPincode } from './read-directory.ts';
import type { StateLocator } from './states.ts';

/** A pincode this far from the middle of its district's pincodes is not in it (India's largest districts span less). */
export const MISPLACED_KM = 250;
/** Share of a three-digit prefix's pincodes in one state that makes it that state's (sorting districts follow states). */
const PREFIX_STATE_SHARE = 0.9;

/** What changed for one pincode: from the directory's state and district to where its point is. */
export interface Relocation {
  pincode: string;
  from: PlaceOfPincode;
  to: PlaceOfPincode;
}

/**
 * Corrections for pincodes the directory misfiles (799001, Agartala's head office, is "Nirmal, Telangana"): a pincode
 * farther than MISPLACED_KM from the middle of its district's pincodes gets the district of the nearest well-placed
 * pincode of the state its point lies in, when that is its own state or, for a state the pincode's prefix does not
 * belong to, the prefix's. A point that is itself wrong (a Nagaland pincode's office plotted in Karnataka) changes
 * nothing: the state it lies in is neither. Near a state line nothing moves (state polygons are coarse there, and
 * enclaves such as Puducherry's are real). `points` are [lon, lat].
 */
export function misplacedPincodes(
  places: ReadonlyMap<string, PlaceOfPincode>,
  points: ReadonlyMap<string, readonly [number, number]>,
  locateState: StateLocator,
): Relocation[] {
  const prefixState = statesOfPrefixes(places);
  const centres = districtCentres(places, points);
  // Pincode -> the state it is in, for each pincode far from its district's other pincodes whose point is trusted.
  const misplaced = new Map<string, string>();
  for (const [pincode, place] of places) {
    const point = points.get(pincode);
    if (point === undefined || place.state === null || place.district === null) continue;
    const centre = centres.get(`${place.state}|${place.district}`);
    if (centre === undefined || km(point, centre) <= MISPLACED_KM) continue;
    const located = locateState(point[0], point[1]);
    const main = prefixState.get(pincode.slice(0, 3));
    if (located !== null && (located === place.state || (located === main && place.state !== main)))
      misplaced.set(pincode, located);
  }
  const out: Relocation[] = [];
  for (const [pincode, state] of [...misplaced].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const from = places.get(pincode)!;
    const district = nearestDistrict(pincode, state, places, points, misplaced);
    if (district !== null && (district !== from.district || state !== from.state))
      out.push({ pincode, from, to: { state, district } });
  }
  return out;
}

/** The state holding nearly all of each three-digit prefix's pincodes, where one does. */
function statesOfPrefixes(places: ReadonlyMap<string, PlaceOfPincode>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const [pincode, { state }] of places) {
    if (state === null) continue;
    const byState = counts.get(pincode.slice(0, 3)) ?? new Map<string, number>();
    byState.set(state, (byState.get(state) ?? 0) + 1);
    counts.set(pincode.slice(0, 3), byState);
  }
  const out = new Map<string, string>();
  for (const [prefix, byState] of counts) {
    const total = [...byState.values()].reduce((a, b) => a + b, 0);
    for (const [state, n] of byState) if (n >= PREFIX_STATE_SHARE * total) out.set(prefix, state);
  }
  return out;
}

/** Component-wise median point of each "state|district"'s pincodes: robust to the few misplaced among them. */
function districtCentres(
  places: ReadonlyMap<string, PlaceOfPincode>,
  points: ReadonlyMap<string, readonly [number, number]>,
): Map<string, [number, number]> {
  const members = new Map<string, Array<readonly [number, number]>>();
  for (const [pincode, { state, district }] of places) {
    const point = points.get(pincode);
    if (point === undefined || state === null || district === null) continue;
    const key = `${state}|${district}`;
    const list = members.get(key) ?? [];
    list.push(point);
    members.set(key, list);
  }
  const out = new Map<string, [number, number]>();
  for (const [key, list] of members) out.set(key, [median(list.map((p) => p[0])), median(list.map((p) => p[1]))]);
  return out;
}

/** The district of the nearest pincode of `state` that is not itself misplaced, or null when there is none. */
function nearestDistrict(
  pincode: string,
  state: string,
  places: ReadonlyMap<string, PlaceOfPincode>,
  points: ReadonlyMap<string, readonly [number, number]>,
  misplaced: ReadonlyMap<string, string>,
): string | null {
  const point = points.get(pincode)!;
  let best: string | null = null;
  let bestKm = Infinity;
  for (const [other, place] of places) {
    if (place.state !== state || place.district === null || misplaced.has(other)) continue;
    const p = points.get(other);
    if (p === undefined) continue;
    const d = km(point, p);
    if (d < bestKm) [best, bestKm] = [place.district, d];
  }
  return best;
}

/** Great-circle km between two [lon, lat] points. */
function km(a: readonly [number, number], b: readonly [number, number]): number {
  return haversineKm(a[1], a[0], b[1], b[0]);
}
