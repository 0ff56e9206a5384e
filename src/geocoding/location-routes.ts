// /v1/location/* and /v1/pincode/* routes: point lookups (single and one-native-call batch), stats, pincode validation.
import { decode, decodeMany, encode, hyphenate } from '../native/digipin.ts';
import { DomainError } from '../kernel/errors.ts';
import { defineRoute, type RouteDef } from '../http/route.ts';
import type { LocationInfo } from './location-api.ts';
import { round6 } from './geo-math.ts';
import type { LocationService } from './location-service.ts';
import {
  BATCH_BODY_BYTES, InvalidItem, LocationQuerySchema, LookupAnswerSchema, LookupBatchAnswerSchema, LookupBatchSchema, PincodeParamSchema,
  PincodeValidationSchema, StatsSchema, type LocationQuery,
} from './schemas.ts';

/** Cell centres to 6 decimals, as the official decoder prints them. */
function rounded(p: { lat: number; lon: number }): { lat: number; lon: number } {
  return { lat: round6(p.lat), lon: round6(p.lon) };
}

/** Geopin of a point, or null outside the DIGIPIN grid (a lookup by coordinates may legitimately be outside it). */
function geopinOrNull(latitude: number, longitude: number): string | null {
  try {
    return encode(latitude, longitude);
  } catch {
    return null;
  }
}

/** The document's six strings: empty where the data has no value, delivery in the directory's words. */
export function documentLocation(info: LocationInfo) {
  return {
    state: info.state ?? '', district: info.district ?? '', division: info.division ?? '', locality: info.locality ?? '',
    pincode: info.pincode, delivery: info.delivery ? ('Delivery' as const) : ('Non Delivery' as const),
  };
}

function lookupOne(service: LocationService, q: LocationQuery) {
  const point = 'geopin' in q ? rounded(decode(q.geopin)) : { lat: q.latitude, lon: q.longitude };
  const geopin = 'geopin' in q ? hyphenate(q.geopin.replaceAll('-', '').toUpperCase()) : geopinOrNull(point.lat, point.lon);
  const location = service.lookup(point.lat, point.lon);
  if (!location) {
    throw new DomainError('not_found', 'location_not_found', `No pincode boundary contains ${point.lat.toFixed(6)}, ${point.lon.toFixed(6)} (outside India's postal areas)`);
  }
  return { ...documentLocation(location), coordinates: { latitude: point.lat, longitude: point.lon }, geopin };
}

/** Resolves every item to a point (geopins decoded in one call), then answers all points with ONE native lookupMany. */
function lookupBatch(service: LocationService, items: Array<LocationQuery | InvalidItem>) {
  const codes = items.map((it) => (!(it instanceof InvalidItem) && 'geopin' in it ? it.geopin : ''));
  const decoded = codes.some((c) => c !== '') ? decodeMany(codes) : null;
  const lonLat = new Float64Array(items.length * 2).fill(NaN);
  const errors = new Map<number, { code: string; message: string }>();
  items.forEach((it, i) => {
    if (it instanceof InvalidItem) errors.set(i, { code: 'invalid_item', message: it.message });
    else if ('geopin' in it) {
      lonLat[2 * i] = round6(decoded![2 * i]!);
      lonLat[2 * i + 1] = round6(decoded![2 * i + 1]!);
      if (Number.isNaN(lonLat[2 * i]!)) errors.set(i, { code: 'invalid_digipin', message: `Invalid DIGIPIN: ${it.geopin}` });
    } else {
      lonLat[2 * i] = it.longitude;
      lonLat[2 * i + 1] = it.latitude;
    }
  });
  const ids = service.lookupMany(lonLat);
  let found = 0;
  const results = items.map((_it, index) => {
    const error = errors.get(index);
    if (error) return { index, found: false as const, error };
    const id = ids[index]!;
    if (id >= 0) found++;
    const coordinates = { latitude: lonLat[2 * index + 1]!, longitude: lonLat[2 * index]! };
    const geopin = geopinOrNull(coordinates.latitude, coordinates.longitude);
    if (id < 0) return { index, found: false as const, coordinates, geopin };
    return { index, found: true as const, ...documentLocation(service.locationOf(id)), coordinates, geopin };
  });
  return { results, found, not_found: items.length - found - errors.size, invalid: errors.size };
}

/** `onBatch` hears the size of every batch (metrics). */
export function locationRoutes(service: LocationService, onBatch: (route: string, items: number) => void = () => undefined): RouteDef[] {
  return [
    defineRoute({
      method: 'post', path: '/v1/location/lookup', tag: 'location', auth: 'api_key', body: LocationQuerySchema, response: LookupAnswerSchema,
      summary: 'State, district, division, locality, pincode and delivery status for coordinates or a geopin',
      errors: { 404: 'The point is outside every pincode boundary' },
      handle: ({ body }) => lookupOne(service, body),
    }),
    defineRoute({
      method: 'post', path: '/v1/location/batch-lookup', tag: 'location', auth: 'api_key', body: LookupBatchSchema, response: LookupBatchAnswerSchema,
      summary: 'Up to 100 coordinates/geopins answered with one native lookupMany call (counts as one request)',
      maxBodyBytes: BATCH_BODY_BYTES,
      handle: ({ body }) => {
        onBatch('/v1/location/batch-lookup', body.locations.length);
        return lookupBatch(service, body.locations);
      },
    }),
    defineRoute({
      method: 'get', path: '/v1/location/stats', tag: 'location', auth: 'api_key', response: StatsSchema,
      summary: 'Counts measured from the loaded dataset',
      handle: () => service.stats,
    }),
    defineRoute({
      method: 'get', path: '/v1/pincode/validate/{pincode}', tag: 'location', auth: 'api_key', params: PincodeParamSchema, response: PincodeValidationSchema,
      summary: 'Is the pincode 6 digits and in the postal directory? With its offices, district, state and delivery status',
      handle: ({ params }) => {
        const validFormat = /^[1-9]\d{5}$/.test(params.pincode);
        const info = validFormat ? service.pincodeInfo(params.pincode) : null;
        const pin = validFormat ? service.data.pincodes.get(params.pincode) : undefined;
        return {
          pincode: params.pincode, valid_format: validFormat, exists: info !== null,
          state: info?.state ?? null, district: info?.district ?? null, division: info?.division ?? null,
          delivery: info?.delivery ?? false, offices: info?.offices ?? [],
          coordinates: info?.latitude != null && info.longitude != null ? { latitude: info.latitude, longitude: info.longitude } : null,
          has_boundary: pin?.boundaryId != null,
        };
      },
    }),
  ];
}
