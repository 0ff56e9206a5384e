// POST /v1/location/lookup and /v1/location/batch-lookup: point lookups, single and one-native-call batch. Served by every
// HTTP thread; their schemas come from the caller, so HTTP worker threads, which load none, can serve them too.
import type { z } from 'zod';
import { decode, decodeMany, encodeMany, encodeOrNull, hyphenate } from '../native/digipin.ts';
import { DomainError } from '../kernel/errors.ts';
import { CHECKED_ELSEWHERE, defineRoute, JsonText, type RouteDef } from '../http/route.ts';
import { BATCH_BODY_BYTES, InvalidItem } from './batch.ts';
import { acceptCoordinates, acceptCoordinatesBytes, acceptLocations } from './fast-accept.ts';
import { round6 } from './geo-math.ts';
import type { PolygonAnswers } from './polygon-answers.ts';
import type { LocationQuery } from './schemas.ts';

/** The point routes' schemas: the body checks and the answers' shapes (for the OpenAPI document). */
export interface PointSchemas {
  query: z.ZodType<LocationQuery>;
  batch: z.ZodType<{ locations: Array<LocationQuery | InvalidItem> }>;
  answer: z.ZodType;
  batchAnswer: z.ZodType;
}

/** For threads without schemas: a body the fast check refuses is finished where the schemas are. */
export const SCHEMAS_ELSEWHERE: PointSchemas = { query: CHECKED_ELSEWHERE, batch: CHECKED_ELSEWHERE, answer: CHECKED_ELSEWHERE, batchAnswer: CHECKED_ELSEWHERE };

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
export function pointRoutes(locator: PointLocator, schemas: PointSchemas, onBatch: (route: string, items: number) => void = () => undefined): RouteDef[] {
  return [
    defineRoute({
      method: 'post', path: '/v1/location/lookup', tag: 'location', auth: 'api_key', body: schemas.query, accept: acceptCoordinates, acceptBytes: acceptCoordinatesBytes,
      response: schemas.answer, summary: 'State, district, division, locality, pincode and delivery status for coordinates or a geopin',
      errors: { 404: 'The point is outside every pincode boundary' },
      handle: ({ body }) => lookupOne(locator, body),
    }),
    defineRoute({
      method: 'post', path: '/v1/location/batch-lookup', tag: 'location', auth: 'api_key', body: schemas.batch, accept: acceptLocations,
      response: schemas.batchAnswer, summary: 'Up to 100 coordinates/geopins answered with one native lookupMany call (counts as one request)',
      maxBodyBytes: BATCH_BODY_BYTES,
      handle: ({ body }) => {
        onBatch('/v1/location/batch-lookup', body.locations.length);
        return lookupBatch(locator, body.locations);
      },
    }),
  ];
}
