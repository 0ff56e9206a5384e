// The location service's access feature: api keys, usage metering and the gate, built from the store and a clock.
import type { Clock } from '../kernel/clock.ts';
import { beforeDeadline } from '../kernel/deadline.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import type { Sql } from '../db/sql.ts';
import type { Authenticator, RouteDef } from '../http/route.ts';
import { ApiKeyRepository } from './api-keys.ts';
import { createGate, type ApiKeyPrincipal } from './gate.ts';
import { KeyCache } from './key-cache.ts';
import { RateLimiter } from './rate-limiter.ts';
import { RequestLog } from './request-log.ts';
import { UsageMeter } from './usage-meter.ts';
import { UsageRepository } from './usage-repository.ts';
import { pricing, usageRoute } from './usage-route.ts';

export interface Access {
  keys: ApiKeyRepository;
  meter: UsageMeter;
  /** Stored counts per month and per day (the developer dashboard's chart reads them). */
  usage: UsageRepository;
  /** Each key's latest requests, for the developer dashboard. */
  requests: RequestLog;
  /** The burst buckets, in memory shared by the HTTP threads. */
  limiter: RateLimiter;
  authenticate: Authenticator<ApiKeyPrincipal>;
  /** GET /v1/geopin/usage. */
  routes: RouteDef[];
  /** The plans, as the service information document lists them. */
  pricing: ReturnType<typeof pricing>;
  /** Starts the usage and request-log flushes and the revocation poll. */
  start(): void;
  /**
   * Stops both and writes the remaining counts, giving up at `deadline` (epoch ms); returns the requests whose usage
   * count was not written, per key id.
   */
  stop(deadline?: number): Promise<Map<number, number>>;
}

/** `liveNodes` splits the per-second limits among the servers of a deployment (1 for a single server). */
/** `limiter`: the burst buckets, shared by every HTTP thread of the process (a fresh one serves this thread alone). */
export function createAccess(deps: {
  sql: Sql;
  clock: Clock;
  limiter?: RateLimiter;
  liveNodes?: () => number;
  log?: Log;
}): Access {
  const log = deps.log ?? silentLog;
  const keys = new ApiKeyRepository(deps.sql, deps.clock);
  const cache = new KeyCache(keys, deps.clock, log.child({ component: 'keys' }));
  const usage = new UsageRepository(deps.sql);
  const limiter = deps.limiter ?? new RateLimiter();
  const meter = new UsageMeter(usage, deps.clock, log.child({ component: 'usage' }));
  const requests = new RequestLog(deps.sql, log.child({ component: 'request-log' }));
  return {
    keys,
    meter,
    usage,
    requests,
    limiter,
    authenticate: createGate(cache, meter, limiter, deps.clock, deps.liveNodes),
    routes: [usageRoute({ meter, clock: deps.clock })],
    pricing: pricing(),
    start() {
      meter.start();
      requests.start();
      cache.start();
    },
    async stop(deadline = Infinity) {
      cache.stop();
      const [lost] = await Promise.all([meter.stop(deadline), beforeDeadline(requests.stop(), deadline)]);
      return lost;
    },
  };
}
