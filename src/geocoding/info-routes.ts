// Service information documents (GET /, /v1 for geocoding; GET /v1/location for location lookup) and the caller's usage.
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { defineRoute, routesWith, type RouteDef } from '../http/route.ts';
import { limitsOf, type ApiKeyPrincipal } from '../platform/gate.ts';
import { BURST_LIMIT, nextMonthStart, PLANS, PLAN_NAMES } from '../platform/plans.ts';
import type { UsageMeter } from '../platform/usage-meter.ts';
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
  pricing: z.array(z.object({
    plan: z.enum(PLAN_NAMES), monthly_requests: z.number().int().nullable(), price_inr_per_month: z.number().int().nullable(),
    rate_limit: z.string(), description: z.string(),
  })),
});

const UsageSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  plan: z.enum(PLAN_NAMES),
  month: z.string().meta({ description: 'YYYY-MM, UTC' }),
  used: z.number().int().meta({ description: 'Requests answered this month; refused (4xx) requests and usage reads are not counted' }),
  limit: z.number().int().nullable().meta({ description: 'null = unlimited' }),
  remaining: z.number().int().nullable(),
  resets_at: z.string(),
  rate_limit: z.object({ per_second: z.number(), burst: z.number() }),
});

const FEATURES = [
  'Address geocoding from the India Post directory with calibrated confidence',
  'Coordinates and geopins (DIGIPIN) to state, district, division, locality, pincode and delivery status',
  'Batch geocoding and batch lookups of up to 100 items; a batch counts as one request',
  'Typo-tolerant autocomplete with ~50 km proximity bias and "near me" search',
  'Official DIGIPIN encode/decode shapes for drop-in replacement',
  'Point-in-polygon over 19,312 pincode boundaries in a native Rust core',
];

/** "POST /v1/geopin/geocode" -> "geopin.geocode"; "/v1/pincode/validate/{pincode}" -> "pincode.validate". */
function endpointName(route: RouteDef): string {
  return route.path.replace(/^\/v1\/?/, '').split('/').filter((s) => s && !s.startsWith('{')).join('.') || 'service';
}

export interface InfoDeps {
  service: LocationService;
  meter: UsageMeter;
  clock: Clock;
  /** Every /v1 route, once the table is complete. */
  routes(): RouteDef[];
}

/** Public documents plus the keyed usage route (not metered, so it stays readable over quota). */
export function infoRoutes(deps: InfoDeps): RouteDef[] {
  const started = deps.clock().getTime();
  const endpoints = (prefixes: string[]) =>
    Object.fromEntries(deps.routes().filter((r) => r.auth === 'api_key' && prefixes.some((p) => r.path.startsWith(p)))
      .map((r) => [endpointName(r), `${r.method.toUpperCase()} ${r.path}: ${r.summary}`]));
  const locationDoc = () => {
    const s = deps.service.stats;
    return {
      message: 'India location lookup API',
      description: 'Pincode boundary lookups for coordinates and geopins (state, district, division, locality, pincode, delivery) and pincode validation.',
      live_statistics: {
        total_boundaries: s.total_boundaries, total_states: s.total_states, total_divisions: s.total_divisions, cache_size: s.cache_size,
        total_pincodes: s.total_pincodes, total_offices: s.total_offices, uptime_seconds: Math.round((deps.clock().getTime() - started) / 1000),
      },
      endpoints: endpoints(['/v1/location', '/v1/pincode']),
      dataset: s.dataset,
      documentation: '/openapi.json',
    };
  };
  const geocodingDoc = () => ({
    ...locationDoc(),
    message: 'India GeoPin geocoding API',
    description: 'Geocoding, autocomplete, reverse geocoding and DIGIPIN (geopin) codes for India, served from a self-hosted dataset.',
    endpoints: endpoints(['/v1/']),
    version: SERVICE_VERSION,
    features: FEATURES,
    products: [
      { name: 'geocoding', version: 'v1', base_path: '/v1/geopin' },
      { name: 'location-lookup', version: 'v1', base_path: '/v1/location' },
    ],
    pricing: PLAN_NAMES.map((plan) => ({
      plan, monthly_requests: PLANS[plan].monthlyRequests, price_inr_per_month: PLANS[plan].priceInrPerMonth,
      rate_limit: `${BURST_LIMIT.ratePerSecond} requests/s, burst ${BURST_LIMIT.burst}`, description: PLANS[plan].description,
    })),
  });
  const doc = { tag: 'service', auth: 'public' as const, method: 'get' as const };
  return [
    defineRoute({ ...doc, path: '/', response: GeocodingInfoDocSchema, summary: 'Geocoding service information (no key needed)', handle: geocodingDoc }),
    defineRoute({ ...doc, path: '/v1', response: GeocodingInfoDocSchema, summary: 'Geocoding service information (no key needed)', handle: geocodingDoc }),
    defineRoute({ ...doc, path: '/v1/location', response: LocationInfoDocSchema, summary: 'Location lookup service information (no key needed)', handle: locationDoc }),
    routesWith<ApiKeyPrincipal>()({
      method: 'get', path: '/v1/geopin/usage', tag: 'account', auth: 'api_key', response: UsageSchema, metered: false,
      summary: "Requests used this month against the key's plan (readable even over quota; not counted)",
      handle: async ({ auth }) => {
        const now = deps.clock();
        const limits = limitsOf(auth.key);
        const used = await deps.meter.used(auth.key.id, auth.month);
        return {
          key: `${auth.key.prefix}…`, label: auth.key.label, plan: auth.key.plan, month: auth.month, used, limit: limits.monthly,
          remaining: limits.monthly === null ? null : Math.max(0, limits.monthly - used),
          resets_at: nextMonthStart(now).toISOString(), rate_limit: { per_second: limits.ratePerSecond, burst: limits.burst },
        };
      },
    }),
  ];
}
