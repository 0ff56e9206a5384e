// Service information (GET / and /v1), the generated OpenAPI document, and the caller's monthly usage.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../platform/route-table.ts';
import { limitsOf } from '../platform/gate.ts';
import { BURST_LIMIT, monthKey, nextMonthStart, PLANS, PLAN_NAMES } from '../platform/plans.ts';
import type { Platform } from '../platform/platform.ts';
import type { LocationService } from './location-service.ts';

export const SERVICE_VERSION = '1.0.0';

const InfoSchema = z.object({
  message: z.string(),
  description: z.string(),
  version: z.string(),
  live_statistics: z.record(z.string(), z.union([z.number(), z.string()])),
  endpoints: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string(), auth: z.string() })),
  features: z.array(z.string()),
  products: z.array(z.object({ name: z.string(), version: z.string(), base_path: z.string() })),
  pricing: z.array(z.object({ plan: z.string(), monthly_requests: z.number().nullable(), burst: z.string(), description: z.string() })),
  documentation: z.string(),
});

const UsageSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  plan: z.enum(PLAN_NAMES),
  month: z.string().meta({ description: 'YYYY-MM, UTC' }),
  used: z.number().meta({ description: 'Requests answered this month, including this one; refused (4xx) requests are not counted' }),
  limit: z.number().nullable().meta({ description: 'null = unlimited' }),
  remaining: z.number().nullable(),
  resets_at: z.string(),
  rate_limit: z.object({ per_second: z.number(), burst: z.number() }),
});

const FEATURES = [
  'Address geocoding from the India Post directory (pincode, post office, locality, district, state fallbacks)',
  'Coordinates and geopins (DIGIPIN) to state, district, division, locality, pincode and delivery status',
  'Batch geocoding and batch lookups of up to 100 items; a batch counts as one request',
  'Typo-tolerant autocomplete with 50 km proximity bias and "near me" search',
  'Official DIGIPIN encode/decode shapes for drop-in replacement',
  'Point-in-polygon over 19k pincode boundaries in a native Rust core',
];

/** Public routes (GET /, /v1, /openapi.json) plus the keyed usage route; `openapi` is built once the table is complete. */
export function infoRoutes(service: LocationService, platform: Platform, table: () => RouteDef[], openapi: () => unknown): RouteDef[] {
  const started = Date.now();
  const info = () => ({
    message: 'India GeoPin location API',
    description: 'Geocoding, DIGIPIN and pincode-boundary lookups for India, served from a self-hosted dataset.',
    version: SERVICE_VERSION,
    live_statistics: {
      dataset: service.stats.dataset, total_boundaries: service.stats.total_boundaries, total_pincodes: service.stats.total_pincodes,
      total_offices: service.stats.total_offices, total_states: service.stats.total_states, total_divisions: service.stats.total_divisions,
      uptime_seconds: Math.round((Date.now() - started) / 1000),
    },
    endpoints: table().map((r) => ({ method: r.method.toUpperCase(), path: r.path, summary: r.summary, auth: r.auth })),
    features: FEATURES,
    products: [
      { name: 'geocoding', version: 'v1', base_path: '/v1/geopin' },
      { name: 'location-lookup', version: 'v1', base_path: '/v1/location' },
    ],
    pricing: PLAN_NAMES.map((plan) => ({
      plan, monthly_requests: PLANS[plan].monthlyRequests, burst: `${BURST_LIMIT.ratePerSecond} req/s, burst ${BURST_LIMIT.burst}`,
      description: PLANS[plan].description,
    })),
    documentation: '/openapi.json',
  });
  const doc = { tag: 'service', auth: 'public' as const, response: InfoSchema, summary: 'Service information (no key needed)' };
  return [
    defineRoute({ ...doc, method: 'get', path: '/', handle: info }),
    defineRoute({ ...doc, method: 'get', path: '/v1', handle: info }),
    defineRoute({
      method: 'get', path: '/openapi.json', tag: 'service', auth: 'public', envelope: false, response: z.record(z.string(), z.unknown()),
      summary: 'This API as OpenAPI 3.1, generated from the route schemas (no key needed)',
      handle: openapi,
    }),
    defineRoute({
      method: 'get', path: '/v1/geopin/usage', tag: 'account', auth: 'api_key', response: UsageSchema,
      summary: "Requests used this month against the key's plan",
      handle: ({ key }) => {
        const now = new Date();
        const month = monthKey(now);
        const limits = limitsOf(key!);
        // This request is counted as soon as it is answered, just after this handler returns.
        const used = platform.meter.used(key!.id, month) + 1;
        return {
          key: `${key!.prefix}…`, label: key!.label, plan: key!.plan, month, used, limit: limits.monthly,
          remaining: limits.monthly === null ? null : Math.max(0, limits.monthly - used),
          resets_at: nextMonthStart(now).toISOString(), rate_limit: { per_second: limits.ratePerSecond, burst: limits.burst },
        };
      },
    }),
  ];
}
