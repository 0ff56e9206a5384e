// The location service feature (/v1): its route table over a loaded LocationService, with native DIGIPIN errors made 400s.
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { RouteDef } from '../http/route.ts';
import { GeoError } from '../native/addon.ts';
import type { UsageMeter } from '../platform/usage-meter.ts';
import { geopinRoutes } from './geopin-routes.ts';
import { infoRoutes } from './info-routes.ts';
import { pincodeRoutes, pointRoutes, type PointLocator } from './location-routes.ts';
import type { LocationService } from './location-service.ts';

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
    ...pointRoutes(locatorOf(deps.service), deps.onBatch),
    ...pincodeRoutes(deps.service),
  );
  return { routes: routes.map(withClientErrors) };
}

/** The main thread's point locator: the service's own index and answers. */
export function locatorOf(service: LocationService): PointLocator {
  return {
    lookup: (lat, lon) => service.polygonAt(lat, lon),
    lookupMany: (lonLat) => service.lookupMany(lonLat),
    answers: service.answers,
  };
}

/** A DIGIPIN the caller sent that the native core rejects (bad code, point off the grid) is a 400 with the official text. */
export function withClientErrors(route: RouteDef): RouteDef {
  const handle = route.handle;
  return {
    ...route,
    handle(input) {
      try {
        const result = handle(input);
        return result instanceof Promise ? result.catch(translate) : result;
      } catch (err) {
        return translate(err);
      }
    },
  };
}

function translate(err: unknown): never {
  if (err instanceof GeoError) throw new DomainError('invalid', err.code.replace(/^E_/, '').toLowerCase(), err.message);
  throw err;
}
