// The location service feature (/v1): its route table over a loaded LocationService, with native DIGIPIN errors made 400s.
import type { Clock } from '../kernel/clock.ts';
import type { RouteDef } from '../http/route.ts';
import type { UsageMeter } from '../platform/usage-meter.ts';
import { withClientErrors } from './client-errors.ts';
import { geopinRoutes } from './geopin-routes.ts';
import { infoRoutes } from './info-routes.ts';
import type { LocationService } from './location-service.ts';
import { pincodeRoutes } from './pincode-routes.ts';
import { pointRoutes, type PointLocator } from './point-routes.ts';
import { LocationQuerySchema, LookupAnswerSchema, LookupBatchAnswerSchema, LookupBatchSchema } from './schemas.ts';

export interface LocationFeature {
  routes: RouteDef[];
}

export function createLocationFeature(deps: {
  service: LocationService;
  meter: UsageMeter;
  clock: Clock;
  onBatch?: (route: string, items: number) => void;
}): LocationFeature {
  const routes: RouteDef[] = [];
  routes.push(
    ...infoRoutes({ service: deps.service, meter: deps.meter, clock: deps.clock, routes: () => routes }),
    ...geopinRoutes(deps.service, deps.onBatch),
    ...pointRoutes(locatorOf(deps.service), POINT_SCHEMAS, deps.onBatch),
    ...pincodeRoutes(deps.service),
  );
  return { routes: routes.map(withClientErrors) };
}

/** The main thread checks point bodies its fast checks refuse against these (HTTP worker threads send such bodies here). */
const POINT_SCHEMAS = { query: LocationQuerySchema, batch: LookupBatchSchema, answer: LookupAnswerSchema, batchAnswer: LookupBatchAnswerSchema };

/** The main thread's point locator: the service's own index and answers. */
export function locatorOf(service: LocationService): PointLocator {
  return {
    lookup: (lat, lon) => service.polygonAt(lat, lon),
    lookupMany: (lonLat) => service.lookupMany(lonLat),
    answers: service.answers,
  };
}
