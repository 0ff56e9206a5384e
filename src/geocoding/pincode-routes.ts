// GET /v1/location/stats and /v1/pincode/validate/{pincode}: they read the directory, so only the main thread serves them.
import { defineRoute, type RouteDef } from '../http/route.ts';
import type { LocationService } from './location-service.ts';
import { PincodeParamSchema, PincodeValidationSchema, StatsSchema } from './schemas.ts';

/** Stats and pincode validation. */
export function pincodeRoutes(service: LocationService): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/location/stats',
      tag: 'location',
      auth: 'api_key',
      response: StatsSchema,
      summary: 'Counts measured from the loaded dataset',
      handle: () => service.stats,
    }),
    defineRoute({
      method: 'get',
      path: '/v1/pincode/validate/{pincode}',
      tag: 'location',
      auth: 'api_key',
      publicKeys: true,
      params: PincodeParamSchema,
      response: PincodeValidationSchema,
      summary:
        'Is the pincode 6 digits and in the postal directory? With its offices, district, state and delivery status',
      handle: ({ params }) => {
        const validFormat = /^[1-9]\d{5}$/.test(params.pincode);
        const info = validFormat ? service.pincodeInfo(params.pincode) : null;
        const pin = validFormat ? service.data.pincodes.get(params.pincode) : undefined;
        return {
          pincode: params.pincode,
          valid_format: validFormat,
          exists: info !== null,
          state: info?.state ?? null,
          district: info?.district ?? null,
          division: info?.division ?? null,
          delivery: info?.delivery ?? false,
          offices: info?.offices ?? [],
          city: info?.city ?? null,
          coordinates:
            info?.latitude != null && info.longitude != null
              ? { latitude: info.latitude, longitude: info.longitude }
              : null,
          has_boundary: pin?.boundaryId != null,
        };
      },
    }),
  ];
}
