// /v1/location/* and /v1/pincode/* routes: point lookups (single and one-native-call batch), stats, pincode validation.
import { decode, decodeMany, encodeMany, encodeOrNull, hyphenate } from '../native/digipin.ts';
import { DomainError } from '../kernel/errors.ts';
import { defineRoute, JsonText, type RouteDef } from '../http/route.ts';
import { acceptCoordinates, acceptLocations } from './fast-accept.ts';
import { round6 } from './geo-math.ts';
import type { LocationService } from './location-service.ts';
import type { PolygonAnswers } from './polygon-answers.ts';
import {
  BATCH_BODY_BYTES, InvalidItem, LocationQuerySchema, LookupAnswerSchema, LookupBatchAnswerSchema, LookupBatchSchema, PincodeParamSchema,
  PincodeValidationSchema, StatsSchema, type LocationQuery,
} from './schemas.ts';

/** What the point routes need, in the main thread (LocationService's index) or a worker thread (the shared index). */
export interface PointLocator {
  /** Polygon id containing the point, or -1. */
  lookup(lat: number, lon: number): number;
  /** One native call for `[lon0, lat0, …]`; -1 per miss. */
  lookupMany(lonLat: Float64Array): Int32Array;
  answers: PolygonAnswers;
}

/** `"coordinates":{…},"geopin":…`: numbers print as JSON.stringify prints them; a geopin's symbols need no escaping. */
function pointJson(latitude: number, longitude: number, geopin: string | null): string {
  return `"coordinates":{"latitude":${latitude},"longitude":${longitude}},"geopin":${geopin === null ? 'null' : `"${geopin}"`}`;
}

function lookupOne(locator: PointLocator, q: LocationQuery): JsonText {
  let lat: number;
  let lon: number;
  let geopin: string | null;
  if (!('latitude' in q)) {
    const centre = decode(q.geopin);
    lat = round6(centre.lat);
    lon = round6(centre.lon);
    geopin = hyphenate(q.geopin.replaceAll('-', '').toUpperCase());
  } else {
    lat = q.latitude;
    lon = q.longitude;
    // A lookup by coordinates may legitimately fall outside the DIGIPIN grid: then the geopin is null.
    geopin = encodeOrNull(lat, lon);
  }
  const id = locator.lookup(lat, lon);
  if (id < 0) {
    throw new DomainError('not_found', 'location_not_found', `No pincode boundary contains ${lat.toFixed(6)}, ${lon.toFixed(6)} (outside India's postal areas)`);
  }
  return new JsonText(`{${locator.answers.fragment(id)},${pointJson(lat, lon, geopin)}}`);
}

/** Resolves every item to a point (geopins decoded in one call), then answers all points with ONE native lookupMany. */
function lookupBatch(locator: PointLocator, items: Array<LocationQuery | InvalidItem>): JsonText {
  const n = items.length;
  const lonLat = new Float64Array(n * 2);
  const errors = new Map<number, { code: string; message: string }>();
  let codes: string[] | null = null;
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    if (it instanceof InvalidItem) {
      errors.set(i, { code: 'invalid_item', message: it.message });
      lonLat[2 * i] = lonLat[2 * i + 1] = NaN;
    } else if ('latitude' in it) {
      // Coordinates first: an item may carry other keys besides (the schema strips them; the fast check passes them on).
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
  const ids = locator.lookupMany(lonLat);
  const geopins = encodeMany(lonLat);
  let found = 0;
  let results = '';
  for (let index = 0; index < n; index++) {
    const error = errors.get(index);
    let item: string;
    if (error) item = JSON.stringify({ index, found: false, error });
    else {
      const id = ids[index]!;
      const point = pointJson(lonLat[2 * index + 1]!, lonLat[2 * index]!, geopins[index]!);
      if (id < 0) item = `{"index":${index},"found":false,${point}}`;
      else {
        found++;
        item = `{"index":${index},"found":true,${locator.answers.fragment(id)},${point}}`;
      }
    }
    results += index === 0 ? item : `,${item}`;
  }
  const notFound = n - found - errors.size;
  return new JsonText(`{"results":[${results}],"found":${found},"not_found":${notFound},"invalid":${errors.size}}`);
}

/** Lookups by point: served by the main thread and by every worker thread. `onBatch` hears each batch's size (metrics). */
export function pointRoutes(locator: PointLocator, onBatch: (route: string, items: number) => void = () => undefined): RouteDef[] {
  return [
    defineRoute({
      method: 'post', path: '/v1/location/lookup', tag: 'location', auth: 'api_key', body: LocationQuerySchema, accept: acceptCoordinates,
      response: LookupAnswerSchema, summary: 'State, district, division, locality, pincode and delivery status for coordinates or a geopin',
      errors: { 404: 'The point is outside every pincode boundary' },
      handle: ({ body }) => lookupOne(locator, body),
    }),
    defineRoute({
      method: 'post', path: '/v1/location/batch-lookup', tag: 'location', auth: 'api_key', body: LookupBatchSchema, accept: acceptLocations,
      response: LookupBatchAnswerSchema, summary: 'Up to 100 coordinates/geopins answered with one native lookupMany call (counts as one request)',
      maxBodyBytes: BATCH_BODY_BYTES,
      handle: ({ body }) => {
        onBatch('/v1/location/batch-lookup', body.locations.length);
        return lookupBatch(locator, body.locations);
      },
    }),
  ];
}

/** Stats and pincode validation: they read the directory, so only the main thread serves them. */
export function pincodeRoutes(service: LocationService): RouteDef[] {
  return [
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
