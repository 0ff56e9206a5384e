// Location service routes under /v1 (registered by createApp): the route table, CORS preflight, and the platform behind them.
import type { TemplatedApp } from 'uWebSockets.js';
import { buildOpenApi } from '../platform/openapi.ts';
import { createPlatform, type Platform } from '../platform/platform.ts';
import { registerRouteTable, type RouteDef } from '../platform/route-table.ts';
import type { AppContext } from '../server/context.ts';
import { preflight } from '../server/cors.ts';
import { route } from '../server/http.ts';
import { geopinRoutes } from './geopin-routes.ts';
import { infoRoutes, SERVICE_VERSION } from './info-routes.ts';
import { locationRoutes } from './location-routes.ts';
import { LocationService } from './location-service.ts';

/** Every route of the service, framework-agnostic (uWS registers it here; the bench serves it on node:http too). */
export function locationRouteTable(service: LocationService, platform: Platform): RouteDef[] {
  let doc: unknown = null;
  const table: RouteDef[] = [];
  const openapi = () =>
    (doc ??= buildOpenApi(table, {
      title: 'India GeoPin location API',
      version: SERVICE_VERSION,
      description: 'Geocoding and location lookup for India. Send x-api-key on every /v1 route; GET /, /v1 and /openapi.json are public.',
    }));
  table.push(...infoRoutes(service, platform, () => table, openapi), ...geopinRoutes(service), ...locationRoutes(service));
  return table;
}

/** Registers every /v1 route; uses ctx.location when it is the loaded service, else opens the dataset itself. */
export function registerLocationRoutes(app: TemplatedApp, ctx: AppContext): void {
  const service = ctx.location instanceof LocationService ? ctx.location : LocationService.open(ctx.config.DATA_OUT_DIR);
  const platform = createPlatform(ctx.db, ctx.onShutdown);
  registerRouteTable(app, locationRouteTable(service, platform), platform.gate);
  // Browsers preflight x-api-key requests without the key; the real request is still checked against the key's origins.
  route(app, 'options', '/v1/*', preflight({ status: 200, methods: 'GET, POST', headers: 'x-api-key, content-type' }));
}
