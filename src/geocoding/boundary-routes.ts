// GET /v1/location/boundaries: a pincode's outline and its neighbours' as GeoJSON, for maps without a tile server.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { DomainError } from '../kernel/errors.ts';
import { boundariesAround } from './boundary-shapes.ts';
import type { LocationService } from './location-service.ts';
import { QueryNumberSchema } from './schemas.ts';

export const BOUNDARIES_PATH = '/v1/location/boundaries';

const BoundaryQuerySchema = z
  .object({
    pincode: z
      .string()
      .regex(/^[0-9]{6}$/, 'must be 6 digits')
      .optional()
      .meta({ description: 'The pincode to outline (this, or latitude and longitude)' }),
    // No example: "Try it" sends the pincode's, and both ways at once are refused.
    // WGS84 ranges as on every route: a point off the globe is a malformed query (400), not one at sea (404).
    latitude: QueryNumberSchema.pipe(z.number().min(-90).max(90)).optional().meta({
      type: 'number',
      minimum: -90,
      maximum: 90,
      description: 'Outline the pincode at this point',
      example: null,
    }),
    longitude: QueryNumberSchema.pipe(z.number().min(-180).max(180))
      .optional()
      .meta({ type: 'number', minimum: -180, maximum: 180, example: null }),
    neighbours: z
      .enum(['true', 'false'])
      .default('true')
      .meta({ description: 'Also the pincodes around it (at most 24, nearest first)' }),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'latitude and longitude go together',
    path: ['latitude'],
  })
  .refine((q) => (q.pincode === undefined) !== (q.latitude === undefined), {
    message: 'give either pincode or latitude and longitude',
    path: ['pincode'],
  });

const FeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  properties: z.object({
    pincode: z.string(),
    locality: z.string().nullable(),
    district: z.string().nullable(),
    state: z.string().nullable(),
    delivery: z.boolean(),
    selected: z.boolean().meta({ description: 'The pincode asked for (or at the point); false for neighbours' }),
    label: z.array(z.number()).length(2).meta({ description: '[longitude, latitude] inside the outline' }),
  }),
  geometry: z.object({
    type: z.literal('MultiPolygon'),
    coordinates: z.array(z.array(z.array(z.array(z.number())))),
  }),
});

const BoundaryCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  bbox: z.array(z.number()).length(4).meta({ description: "The selected outline's [west, south, east, north]" }),
  pincode: z.string(),
  features: z.array(FeatureSchema),
});

export function boundaryRoutes(service: LocationService): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: BOUNDARIES_PATH,
      tag: 'location',
      auth: 'api_key',
      publicKeys: true,
      query: BoundaryQuerySchema,
      response: BoundaryCollectionSchema,
      summary: "GeoJSON outline of a pincode (by code or at a point) and its neighbours', simplified for display",
      errors: { 404: 'No pincode boundary has this code or contains this point' },
      handle: ({ query }) => {
        const id =
          query.pincode !== undefined
            ? (service.data.pincodes.get(query.pincode)?.boundaryId ?? -1)
            : service.polygonAt(query.latitude!, query.longitude!);
        const answer = id < 0 ? null : boundariesAround(service, id, query.neighbours === 'true');
        if (!answer)
          throw new DomainError(
            'not_found',
            'boundary_not_found',
            query.pincode !== undefined
              ? `No boundary is known for pincode ${query.pincode}`
              : `No pincode boundary contains ${query.latitude}, ${query.longitude}`,
          );
        return answer;
      },
    }),
  ];
}
