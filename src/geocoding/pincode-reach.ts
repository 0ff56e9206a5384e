// Whether a pincode's boundary comes near a point: the native index probed on rings around it, in one call.
import type { BoundaryIndex } from '../native/boundary-index.ts';

/** True when pincode index `pin`'s boundary holds the point or a point within `km` of it. */
export type PincodeReach = (pin: number, lat: number, lon: number, km: number) => boolean;

/** Rings probed inside the distance, and points per ring (30 degrees apart: 1.6 km of arc at 3 km). */
const RINGS = 3;
const DIRECTIONS = 12;
const KM_PER_DEGREE_LAT = 110.57;
const KM_PER_DEGREE_LON_AT_EQUATOR = 111.32;

/**
 * The reach over the boundary index (opened on first use) and `bndPin`, each polygon's pincode index. A pincode
 * without a boundary reaches nothing; callers fall back to its point.
 */
export function pincodeReach(index: () => BoundaryIndex, bndPin: Uint32Array): PincodeReach {
  const unit: number[] = [];
  for (let d = 0; d < DIRECTIONS; d++)
    unit.push(Math.cos((d * 2 * Math.PI) / DIRECTIONS), Math.sin((d * 2 * Math.PI) / DIRECTIONS));
  const points = new Float64Array(2 * (1 + RINGS * DIRECTIONS));
  return (pin, lat, lon, km) => {
    const dLat = km / KM_PER_DEGREE_LAT;
    const dLon = km / (KM_PER_DEGREE_LON_AT_EQUATOR * Math.cos((lat * Math.PI) / 180));
    points[0] = lon;
    points[1] = lat;
    let at = 2;
    for (let r = 1; r <= RINGS; r++) {
      for (let d = 0; d < DIRECTIONS; d++) {
        points[at++] = lon + ((dLon * r) / RINGS) * unit[2 * d]!;
        points[at++] = lat + ((dLat * r) / RINGS) * unit[2 * d + 1]!;
      }
    }
    const found = index().lookupMany(points);
    for (let i = 0; i < found.length; i++) if (found[i]! >= 0 && bndPin[found[i]!] === pin) return true;
    return false;
  };
}
