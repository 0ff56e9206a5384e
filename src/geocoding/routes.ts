// The location service feature (/v1): its route table over a loaded LocationService, with native DIGIPIN errors made 400s.
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { RouteDef } from '../http/route.ts';
import { GeoError } from '../native/addon.ts';
import type { UsageMeter } from '../platform/usage-meter.ts';
import { geopinRoutes } from './geopin-routes.ts';
import { infoRoutes } from './info-routes.ts';
import { locationRoutes } from './location-routes.ts';
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
    ...locationRoutes(deps.service, deps.onBatch),
  );
  return { routes: routes.map(withClientErrors) };
}

/** A DIGIPIN the caller sent that the native core rejects (bad code, point off the grid) is a 400 with the official text. */
function withClientErrors(route: RouteDef): RouteDef {
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
