// Small spherical helpers: great-circle distance for ranking and nearest-place answers.

const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Haversine distance in kilometres. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * True when the two points are at most `km` apart; points farther apart north-south than that (with a margin for
 * rounding) are ruled out without the trigonometry, as the great-circle distance is never less.
 */
export function withinKm(lat1: number, lon1: number, lat2: number, lon2: number, km: number): boolean {
  if (Math.abs(lat2 - lat1) * RAD * EARTH_RADIUS_KM > km * 1.0001) return false;
  return haversineKm(lat1, lon1, lat2, lon2) <= km;
}

/** Rounds to 6 decimals (~0.1 m), the precision of the source data. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
