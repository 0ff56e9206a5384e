// POST /v1/location/lookup and /v1/location/batch-lookup in the general route model: the reference the fast lane
// (lookup-lane.ts) answers like, the OpenAPI document's source, and the path of every body the fast lane does not take.
import { routesWith, type RouteDef } from '../http/route.ts';
import { BATCH_BODY_BYTES } from './batch.ts';
import type { BatchPayer } from './location-api.ts';
import { lookupBatch, lookupOne, type PointIndex } from './point-lookups.ts';
import { LocationQuerySchema, LookupAnswerSchema, LookupBatchAnswerSchema, LookupBatchSchema } from './schemas.ts';

export const LOOKUP_PATH = '/v1/location/lookup';
export const BATCH_LOOKUP_PATH = '/v1/location/batch-lookup';

/** `onBatch` hears each batch's size (metrics). */
export function pointRoutes(index: PointIndex, onBatch: (route: string, items: number) => void): RouteDef[] {
  const route = routesWith<BatchPayer>();
  return [
    route({
      method: 'post',
      path: LOOKUP_PATH,
      tag: 'location',
      auth: 'api_key',
      body: LocationQuerySchema,
      response: LookupAnswerSchema,
      summary: 'State, district, division, locality, pincode and delivery status for coordinates or a geopin',
      errors: { 404: 'The point is outside every pincode boundary' },
      handle: ({ body }) => lookupOne(index, body),
    }),
    route({
      method: 'post',
      path: BATCH_LOOKUP_PATH,
      tag: 'location',
      auth: 'api_key',
      body: LookupBatchSchema,
      response: LookupBatchAnswerSchema,
      summary: 'Up to 100 coordinates/geopins answered in one native call; a batch counts as one request per item',
      errors: { 429: 'The key has fewer requests left (per second or this month) than the batch has items' },
      maxBodyBytes: BATCH_BODY_BYTES,
      batch: true,
      handle: async ({ auth, body, head }) => {
        await auth.charge(body.locations.length, head);
        onBatch(BATCH_LOOKUP_PATH, body.locations.length);
        return lookupBatch(index, body.locations);
      },
    }),
  ];
}
