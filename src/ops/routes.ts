// Operations routes: GET /healthz (the process answers), GET /readyz (ready for traffic), GET /metrics (Prometheus).
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../kernel/errors.ts';
import { defineRoute, RawReply, type RouteDef } from '../http/route.ts';

export interface OpsDeps {
  /** The whole process's metrics in the text format (every HTTP thread's requests). */
  metricsText(): Promise<string>;
  metricsContentType: string;
  /** True when the store answers a trivial query. */
  storeReady(): Promise<boolean>;
  /** Polygons loaded (0 = not loaded). */
  boundaries(): number;
  /** True once shutdown began: load balancers must stop sending new requests. */
  draining(): boolean;
  /**
   * Who may read /metrics on this port: `token` = with `Authorization: Bearer <token>`; `anyone` (development only);
   * `nobody` (production without METRICS_TOKEN: the loopback listener serves it).
   */
  metricsAccess: { token: string } | 'anyone' | 'nobody';
}

const Health = z.object({ status: z.literal('ok') });
const Readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ dataset: z.boolean(), store: z.boolean(), accepting: z.boolean() }),
});

export function opsRoutes(d: OpsDeps): RouteDef[] {
  const common = { method: 'get' as const, auth: 'public' as const, tag: 'operations' };
  return [
    defineRoute({
      ...common,
      path: '/healthz',
      response: Health,
      summary: 'The process is up and answering',
      handle: () => ({ status: 'ok' as const }),
    }),
    defineRoute({
      ...common,
      path: '/readyz',
      response: Readiness,
      errors: {
        503: 'Not ready: the dataset is not loaded, the store does not answer, or the server is shutting down',
      },
      summary:
        'Ready for traffic: the location dataset is loaded, the store answers and the server is not shutting down',
      handle: async () => {
        const checks = {
          dataset: d.boundaries() > 0,
          store: await d.storeReady().catch(() => false),
          accepting: !d.draining(),
        };
        if (!checks.dataset || !checks.store || !checks.accepting) {
          const failing = Object.entries(checks)
            .filter(([, ok]) => !ok)
            .map(([k]) => k)
            .join(', ');
          throw new DomainError('unavailable', 'not_ready', `not ready: ${failing}`, { details: { checks } });
        }
        return { status: 'ready' as const, checks };
      },
    }),
    defineRoute({
      ...common,
      path: '/metrics',
      hidden: true,
      response: z.string(),
      summary: 'Prometheus metrics (text format)',
      handle: async ({ head }) => {
        const access = d.metricsAccess;
        if (access === 'nobody') {
          throw new DomainError(
            'not_found',
            'not_found',
            'Metrics are served on the METRICS_PORT listener, or here with METRICS_TOKEN set',
          );
        }
        if (access !== 'anyone' && !bearerMatches(head.headers.authorization, access.token)) {
          throw new DomainError(
            'unauthorized',
            'invalid_metrics_token',
            'Send the metrics token as Authorization: Bearer <token>',
          );
        }
        return new RawReply(await d.metricsText(), {
          'content-type': d.metricsContentType,
          'cache-control': 'no-store',
        });
      },
    }),
  ];
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
