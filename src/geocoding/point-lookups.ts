// Answers to point lookups as the general routes give them: the point a query names, its pincode boundary, its geopin.
import { extend } from '../kernel/extend.ts';
import { DomainError } from '../kernel/errors.ts';
import { decode, decodeMany, encodeMany, encodeOrNull, hyphenate } from '../native/digipin.ts';
import { InvalidItem } from './batch.ts';
import { round6 } from './geo-math.ts';
import type { LocationInfo } from './location-api.ts';
import { documentLocation } from './polygon-answers.ts';
import type { LocationQuery } from './schemas.ts';

/** What point lookups read of the loaded location service. */
export interface PointIndex {
  /** Polygon id containing the point, or -1. */
  polygonAt(lat: number, lon: number): number;
  /** One native call for `[lon0, lat0, …]`; -1 per miss. */
  lookupMany(lonLat: Float64Array): Int32Array;
  locationOf(id: number): LocationInfo;
}

export interface Point {
  coordinates: { latitude: number; longitude: number };
  geopin: string | null;
}

/** The point a query names: coordinates as given (geopin null off the DIGIPIN grid), or a geopin's cell centre. */
export function pointOf(q: LocationQuery): Point {
  if ('latitude' in q)
    return {
      coordinates: { latitude: q.latitude, longitude: q.longitude },
      geopin: encodeOrNull(q.latitude, q.longitude),
    };
  const centre = decode(q.geopin);
  return {
    coordinates: { latitude: round6(centre.lat), longitude: round6(centre.lon) },
    geopin: hyphenate(q.geopin.replaceAll('-', '').toUpperCase()),
  };
}

export function notFound(latitude: number, longitude: number): DomainError {
  return new DomainError(
    'not_found',
    'location_not_found',
    `No pincode boundary contains ${latitude.toFixed(6)}, ${longitude.toFixed(6)} (outside India's postal areas)`,
  );
}

/** The six document strings of the polygon holding the point, with the point and its geopin; 404 outside every polygon. */
export function lookupOne(index: PointIndex, q: LocationQuery) {
  const point = pointOf(q);
  const { latitude, longitude } = point.coordinates;
  const id = index.polygonAt(latitude, longitude);
  if (id < 0) throw notFound(latitude, longitude);
  return extend(documentLocation(index.locationOf(id)), point);
}

type ItemError = { code: string; message: string };

/** Every item answered with ONE native lookupMany and one encodeMany (geopins decoded in one call first). */
export function lookupBatch(index: PointIndex, items: Array<LocationQuery | InvalidItem>) {
  const { lonLat, errors } = pointsOf(items);
  const ids = index.lookupMany(lonLat);
  const geopins = encodeMany(lonLat);
  const results = items.map((_item, i) => {
    const error = errors.get(i);
    if (error) return { index: i, found: false as const, error };
    const point = { coordinates: { latitude: lonLat[2 * i + 1]!, longitude: lonLat[2 * i]! }, geopin: geopins[i]! };
    const id = ids[i]!;
    return id < 0
      ? { index: i, found: false as const, ...point }
      : { index: i, found: true as const, ...documentLocation(index.locationOf(id)), ...point };
  });
  const found = results.filter((r) => r.found).length;
  return { results, found, not_found: items.length - found - errors.size, invalid: errors.size };
}

/** Each item's point (coordinates first: an item may carry other keys besides), and why an item has none. */
function pointsOf(items: Array<LocationQuery | InvalidItem>): { lonLat: Float64Array; errors: Map<number, ItemError> } {
  const n = items.length;
  const lonLat = new Float64Array(n * 2);
  const errors = new Map<number, ItemError>();
  let codes: string[] | null = null;
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    if (it instanceof InvalidItem) {
      errors.set(i, { code: 'invalid_item', message: it.message });
      lonLat[2 * i] = lonLat[2 * i + 1] = NaN;
    } else if ('latitude' in it) {
      lonLat[2 * i] = it.longitude;
      lonLat[2 * i + 1] = it.latitude;
    } else {
      (codes ??= new Array<string>(n).fill(''))[i] = it.geopin;
    }
  }
  if (codes) {
    const decoded = decodeMany(codes);
    codes.forEach((code, i) => {
      if (code === '') return;
      lonLat[2 * i] = round6(decoded[2 * i]!);
      lonLat[2 * i + 1] = round6(decoded[2 * i + 1]!);
      if (Number.isNaN(lonLat[2 * i]!)) errors.set(i, { code: 'invalid_digipin', message: `Invalid DIGIPIN: ${code}` });
    });
  }
  return { lonLat, errors };
}
