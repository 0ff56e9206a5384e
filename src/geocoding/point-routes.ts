// POST /v1/location/lookup and /v1/location/batch-lookup: point lookups, single and one-native-call batch. Served by every
// HTTP thread; their schemas come from the caller, so HTTP worker threads, which load none, can serve them too.
import type { z } from 'zod';
import { CHECKED_ELSEWHERE, defineRoute, type RouteDef } from '../http/route.ts';
import { BATCH_BODY_BYTES, type InvalidItem } from './batch.ts';
import { acceptCoordinates, acceptCoordinatesBytes, acceptLocations } from './fast-accept.ts';
import { lookupBatch, lookupOne, type PointLocator } from './point-lookups.ts';
import type { LocationQuery } from './schemas.ts';

export type { PointLocator } from './point-lookups.ts';

/** The point routes' schemas: the body checks and the answers' shapes (for the OpenAPI document). */
export interface PointSchemas {
  query: z.ZodType<LocationQuery>;
  batch: z.ZodType<{ locations: Array<LocationQuery | InvalidItem> }>;
  answer: z.ZodType;
  batchAnswer: z.ZodType;
}

/** For threads without schemas: a body the fast check refuses is finished where the schemas are. */
export const SCHEMAS_ELSEWHERE: PointSchemas = { query: CHECKED_ELSEWHERE, batch: CHECKED_ELSEWHERE, answer: CHECKED_ELSEWHERE, batchAnswer: CHECKED_ELSEWHERE };

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
