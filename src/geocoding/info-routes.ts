// Service information documents: GET /, /v1 for geocoding; GET /v1/location for location lookup.
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { defineRoute, type RouteDef } from '../http/route.ts';
import type { LocationService } from './location-service.ts';

export const SERVICE_VERSION = '1.0.0';

const LiveStatisticsSchema = z.object({
  total_boundaries: z.number().int(),
  total_states: z.number().int(),
  total_divisions: z.number().int(),
  cache_size: z.number().int().meta({ description: 'Records held in memory for request-time answers' }),
  total_pincodes: z.number().int(),
  total_offices: z.number().int(),
  uptime_seconds: z.number().int(),
});

const LocationInfoDocSchema = z.object({
  message: z.string(),
  description: z.string(),
  live_statistics: LiveStatisticsSchema,
  endpoints: z.record(z.string(), z.string()).meta({ description: 'Endpoint name -> "METHOD path: what it does"' }),
  dataset: z.enum(['full', 'sample']),
  documentation: z.string(),
});

const GeocodingInfoDocSchema = LocationInfoDocSchema.extend({
  version: z.string(),
  features: z.array(z.string()),
  products: z.array(z.object({ name: z.string(), version: z.string(), base_path: z.string() })),
  pricing: z.array(
    z.object({
      plan: z.string(),
      monthly_requests: z.number().int().nullable(),
      price_inr_per_month: z.number().int().nullable(),
      rate_limit: z.string(),
      description: z.string(),
    }),
  ),
});

/** A plan as the geocoding document lists it (the platform's plans, given by the composition root). */
export type PricingRow = z.infer<typeof GeocodingInfoDocSchema>['pricing'][number];

const FEATURES = [
  'Address geocoding from the India Post directory with calibrated confidence',
  'Coordinates and geopins (DIGIPIN) to state, district, division, locality, pincode and delivery status',
  'Batch geocoding and batch lookups of up to 100 items; a batch counts as one request per item',
  'Typo-tolerant autocomplete with ~50 km proximity bias and "near me" search',
  'Official DIGIPIN encode/decode shapes for drop-in replacement',
  'Point-in-polygon over 19,312 pincode boundaries in a native Rust core',
];

/** "POST /v1/geopin/geocode" -> "geopin.geocode"; "/v1/pincode/validate/{pincode}" -> "pincode.validate". */
function endpointName(route: RouteDef): string {
  return (
    route.path
      .replace(/^\/v1\/?/, '')
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .join('.') || 'service'
  );
}

export interface InfoDeps {
  service: LocationService;
  clock: Clock;
  pricing: PricingRow[];
  /** Every /v1 route of the app, once the table is complete. */
  routes(): RouteDef[];
}

/** The public information documents. */
export function infoRoutes(deps: InfoDeps): RouteDef[] {
  const started = deps.clock().getTime();
  const endpoints = (prefixes: string[]) =>
    Object.fromEntries(
      deps
        .routes()
        .filter((r) => r.auth === 'api_key' && prefixes.some((p) => r.path.startsWith(p)))
        .map((r) => [endpointName(r), `${r.method.toUpperCase()} ${r.path}: ${r.summary}`]),
    );
  const locationDoc = () => {
    const s = deps.service.stats;
    return {
      message: 'India location lookup API',
      description:
        'Pincode boundary lookups for coordinates and geopins (state, district, division, locality, pincode, delivery) and pincode validation.',
      live_statistics: {
        total_boundaries: s.total_boundaries,
        total_states: s.total_states,
        total_divisions: s.total_divisions,
        cache_size: s.cache_size,
        total_pincodes: s.total_pincodes,
        total_offices: s.total_offices,
        uptime_seconds: Math.round((deps.clock().getTime() - started) / 1000),
      },
      endpoints: endpoints(['/v1/location', '/v1/pincode']),
      dataset: s.dataset,
      documentation: '/openapi.json',
    };
  };
  const geocodingDoc = () => ({
    ...locationDoc(),
    message: 'India GeoPin geocoding API',
    description:
      'Geocoding, autocomplete, reverse geocoding and DIGIPIN (geopin) codes for India, served from a self-hosted dataset.',
    endpoints: endpoints(['/v1/']),
    version: SERVICE_VERSION,
    features: FEATURES,
    products: [
      { name: 'geocoding', version: 'v1', base_path: '/v1/geopin' },
      { name: 'location-lookup', version: 'v1', base_path: '/v1/location' },
    ],
    pricing: deps.pricing,
  });
  const doc = { tag: 'service', auth: 'public' as const, method: 'get' as const };
  return [
    defineRoute({
      ...doc,
      path: '/',
      response: GeocodingInfoDocSchema,
      summary: 'Geocoding service information (no key needed)',
      handle: geocodingDoc,
    }),
    defineRoute({
      ...doc,
      path: '/v1',
      response: GeocodingInfoDocSchema,
      summary: 'Geocoding service information (no key needed)',
      handle: geocodingDoc,
    }),
    defineRoute({
      ...doc,
      path: '/v1/location',
      response: LocationInfoDocSchema,
      summary: 'Location lookup service information (no key needed)',
      handle: locationDoc,
    }),
  ];
}
