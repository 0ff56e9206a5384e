// Classifies the directory's raw latitude/longitude strings: sane, swapped (fixed) or unusable (NULL).

/** India's bounding box used to accept office coordinates. */
export const INDIA_BBOX = { minLat: 6, maxLat: 38, minLon: 68, maxLon: 98 } as const;

/** How a raw coordinate pair was judged; every kind is counted in the build summary. */
export type CoordinateKind = 'ok' | 'swapped' | 'missing' | 'malformed' | 'zero' | 'outside_india';

/** Result of checking one pair; lat/lon are set only for 'ok' and 'swapped'. */
export interface CheckedCoordinate {
  kind: CoordinateKind;
  lat: number | null;
  lon: number | null;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Accepts plain decimals inside India, fixes swapped pairs, and rejects "NA", DMS strings and 0,0. */
export function checkCoordinate(rawLat: string, rawLon: string): CheckedCoordinate {
  const latText = rawLat.trim();
  const lonText = rawLon.trim();
  if (isMissing(latText) || isMissing(lonText)) return { kind: 'missing', lat: null, lon: null };
  if (!DECIMAL.test(latText) || !DECIMAL.test(lonText)) return { kind: 'malformed', lat: null, lon: null };
  const lat = Number(latText);
  const lon = Number(lonText);
  if (lat === 0 && lon === 0) return { kind: 'zero', lat: null, lon: null };
  if (inIndia(lat, lon)) return { kind: 'ok', lat, lon };
  if (inIndia(lon, lat)) return { kind: 'swapped', lat: lon, lon: lat };
  return { kind: 'outside_india', lat: null, lon: null };
}

function isMissing(text: string): boolean {
  return text === '' || text.toUpperCase() === 'NA';
}

function inIndia(lat: number, lon: number): boolean {
  const b = INDIA_BBOX;
  return lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
}
