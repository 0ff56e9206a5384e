// The location service feature (/v1): its route table over a loaded LocationService, with native DIGIPIN errors made
// 400s, and the fast lane its two hot lookups take on the transport.
import type { Endpoint } from '../http/pipeline.ts';
import type { RouteDef } from '../http/route.ts';
import type { Clock } from '../kernel/clock.ts';
import { boundaryRoutes } from './boundary-routes.ts';
import { withClientErrors } from './client-errors.ts';
import { geopinRoutes } from './geopin-routes.ts';
import { infoRoutes, type PricingRow } from './info-routes.ts';
import type { LocationService } from './location-service.ts';
import { lookupLane } from './lookup-lane.ts';
import { pincodeRoutes } from './pincode-routes.ts';
import { pointRoutes } from './point-routes.ts';

export interface LocationFeature {
  routes: RouteDef[];
  /** The lookup routes' fast lane, over their general endpoints (compiled from `routes`) and their authenticator's reads. */
  lane(general: Endpoint[], authReads: readonly string[]): Endpoint[];
}

export function createLocationFeature(deps: {
  service: LocationService;
  clock: Clock;
  pricing: PricingRow[];
  /** Every /v1 route of the app (the information documents list them), once the table is complete. */
  allRoutes: () => RouteDef[];
  onBatch?: (route: string, items: number) => void;
}): LocationFeature {
  const { service } = deps;
  const onBatch = deps.onBatch ?? (() => undefined);
  const routes: RouteDef[] = [
    ...infoRoutes({ service, clock: deps.clock, pricing: deps.pricing, routes: deps.allRoutes }),
    ...geopinRoutes(service, onBatch),
    ...pointRoutes(service, onBatch),
    ...pincodeRoutes(service),
    ...boundaryRoutes(service),
  ];
  return {
    routes: routes.map(withClientErrors),
    lane: (general, authReads) =>
      lookupLane({ general, authReads, index: () => service.boundaryIndex, answers: service.answers, onBatch }),
  };
}
