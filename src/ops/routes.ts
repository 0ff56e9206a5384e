// Operations routes: GET /healthz (the process answers), GET /readyz (dataset loaded, store reachable), GET /metrics (Prometheus).
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../kernel/errors.ts';
import { defineRoute, RawReply, type RouteDef } from '../http/route.ts';
import type { Metrics } from './metrics.ts';

export interface OpsDeps {
  metrics: Metrics;
  /** True when the store answers a trivial query. */
  storeReady(): Promise<boolean>;
  /** Polygons loaded (0 = not loaded). */
  boundaries(): number;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
}

const Health = z.object({ status: z.literal('ok') });
const Readiness = z.object({ status: z.enum(['ready', 'not_ready']), checks: z.object({ dataset: z.boolean(), store: z.boolean() }) });

export function opsRoutes(d: OpsDeps): RouteDef[] {
  const common = { method: 'get' as const, auth: 'public' as const, tag: 'operations' };
  return [
    defineRoute({ ...common, path: '/healthz', response: Health, summary: 'The process is up and answering', handle: () => ({ status: 'ok' as const }) }),
    defineRoute({
      ...common, path: '/readyz', response: Readiness, errors: { 503: 'Not ready: the dataset is not loaded or the store does not answer' },
      summary: 'Ready for traffic: the location dataset is loaded and the store answers',
      handle: async () => {
        const checks = { dataset: d.boundaries() > 0, store: await d.storeReady().catch(() => false) };
        if (!checks.dataset || !checks.store) {
          throw new DomainError('unavailable', 'not_ready', `not ready: ${Object.entries(checks).filter(([, ok]) => !ok).map(([k]) => k).join(', ')}`, { details: { checks } });
        }
        return { status: 'ready' as const, checks };
      },
    }),
    defineRoute({
      ...common, path: '/metrics', hidden: true, response: z.string(), summary: 'Prometheus metrics (text format)',
      handle: async ({ head }) => {
        if (d.metricsToken !== null && !bearerMatches(head.headers.authorization, d.metricsToken)) {
          throw new DomainError('unauthorized', 'invalid_metrics_token', 'Send the metrics token as Authorization: Bearer <token>');
        }
        return new RawReply(await d.metrics.text(), { 'content-type': d.metrics.registry.contentType, 'cache-control': 'no-store' });
      },
    }),
  ];
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
