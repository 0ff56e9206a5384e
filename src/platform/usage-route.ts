// GET /v1/geopin/usage: the calling key's requests this month against its plan (not metered: readable over quota).
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import { limitsOf, type ApiKeyPrincipal } from './gate.ts';
import { BURST_LIMIT, nextMonthStart, PLANS, PLAN_NAMES } from './plans.ts';
import type { UsageMeter } from './usage-meter.ts';

const UsageSchema = z.object({
  key: z.string(),
  label: z.string().nullable(),
  plan: z.enum(PLAN_NAMES),
  month: z.string().meta({ description: 'YYYY-MM, UTC' }),
  used: z.number().int().meta({
    description:
      'Requests answered this month (a batch counts one per item); refused (4xx) requests and usage reads are not counted',
  }),
  limit: z.number().int().nullable().meta({ description: 'null = unlimited' }),
  remaining: z.number().int().nullable(),
  resets_at: z.string(),
  rate_limit: z.object({ per_second: z.number(), burst: z.number() }),
});

export function usageRoute(deps: { meter: UsageMeter; clock: Clock }): RouteDef {
  return routesWith<ApiKeyPrincipal>()({
    method: 'get',
    path: '/v1/geopin/usage',
    tag: 'account',
    auth: 'api_key',
    response: UsageSchema,
    metered: false,
    summary: "Requests used this month against the key's plan (readable even over quota; not counted)",
    handle: async ({ auth }) => {
      const now = deps.clock();
      const limits = limitsOf(auth.key);
      const used = await deps.meter.used(auth.key.id, auth.month);
      return {
        key: `${auth.key.prefix}…`,
        label: auth.key.label,
        plan: auth.key.plan,
        month: auth.month,
        used,
        limit: limits.monthly,
        remaining: limits.monthly === null ? null : Math.max(0, limits.monthly - used),
        resets_at: nextMonthStart(now).toISOString(),
        rate_limit: { per_second: limits.ratePerSecond, burst: limits.burst },
      };
    },
  });
}

/** The plans as the location service's information document lists them. */
export function pricing() {
  return PLAN_NAMES.map((plan) => ({
    plan: plan,
    monthly_requests: PLANS[plan].monthlyRequests,
    price_inr_per_month: PLANS[plan].priceInrPerMonth,
    rate_limit: `${BURST_LIMIT.ratePerSecond} requests/s, burst ${BURST_LIMIT.burst}`,
    description: PLANS[plan].description,
  }));
}
