// The composition root: builds every part of one HTTP thread from the configuration, wires their ports, and starts or
// stops them in order. Every thread serves every route with its own store connection; the primary thread also runs the
// background work (background.ts) and the other threads.
import { createCheckout, type Checkout } from '../checkout/feature.ts';
import { openSecrets } from '../checkout/key-check.ts';
import type { SecretBox } from '../checkout/secrets.ts';
import { consoleAssetRoutes } from '../dashboard/console/asset-routes.ts';
import { cookieName } from '../dashboard/console/cookies.ts';
import { createDeveloperDashboard, type DeveloperDashboard } from '../dashboard/developer/feature.ts';
import { createMerchantPortal, type MerchantPortal } from '../dashboard/merchant/feature.ts';
import { NodeRegistry } from '../db/node-registry.ts';
import type { Database } from '../db/sql.ts';
import { docsPageRoutes } from '../docs-page/routes.ts';
import { SERVICE_VERSION } from '../geocoding/info-routes.ts';
import { LocationService } from '../geocoding/location-service.ts';
import { createLocationFeature } from '../geocoding/routes.ts';
import { compileEndpoints, type Endpoint } from '../http/pipeline.ts';
import type { RouteDef } from '../http/route.ts';
import { useSchemaMessages } from '../http/schema-messages.ts';
import { createHttpApp } from '../http/server.ts';
import { systemClock, type Clock } from '../kernel/clock.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createAccessLog } from '../ops/access-log.ts';
import { createLogger } from '../ops/logger.ts';
import { Metrics, ThreadMetrics, type MetricsSink } from '../ops/metrics.ts';
import { opsRoutes } from '../ops/routes.ts';
import { createPayments, type Payments } from '../payments/feature.ts';
import { createAccess, type Access } from '../platform/access.ts';
import { RateLimiter } from '../platform/rate-limiter.ts';
import { devPageRoutes } from '../web/routes.ts';
import { createWebhooks, type Webhooks } from '../webhooks/feature.ts';
import { createWidget } from '../widget/feature.ts';
import { createBackground } from './background.ts';
import type { Config } from './config.ts';
import { HttpThreads, type ThreadRole } from './http-threads.ts';
import { listen, type Listening } from '../http/listen.ts';
import { openApiRoutes } from './openapi-route.ts';
import { settled, ShutdownSteps, type StopReport } from './shutdown.ts';
import { openStore } from './store.ts';

/** Every part of this thread, for the CLIs and for tests that set up data the way an operator would. */
export interface AppParts {
  config: Config;
  log: Log;
  /** The whole process's metrics on the primary thread; this thread's counts elsewhere. */
  metrics: MetricsSink;
  sql: Database;
  mailer: Mailer;
  location: LocationService;
  access: Access;
  checkout: Checkout;
  payments: Payments;
  webhooks: Webhooks;
  nodes: NodeRegistry;
  developerDashboard: DeveloperDashboard;
  merchantPortal: MerchantPortal;
}

export interface App {
  parts: AppParts;
  /** The general route model's endpoints (the OpenAPI documents and the tests' reply checks read them). */
  endpoints: Endpoint[];
  /** Starts background work (primary), the other HTTP threads, then listens; resolves with the bound port. */
  start(): Promise<Listening>;
  /** Where the primary's own /metrics listener answers (METRICS_PORT), once started; null without one. */
  metricsUrl(): string | null;
  /**
   * Stops in order: readiness 503 and connection-closing replies for `drainMs`, then no new connections, then requests
   * in flight finish, then counters are flushed and the store closed, in every thread; all of it after the drain within
   * `timeoutMs`. Resolves (never rejects) with what could not be done in time; the primary logs lost usage counts.
   */
  stop(options?: { drainMs?: number; timeoutMs?: number }): Promise<StopReport>;
}

const PRIMARY: ThreadRole = { kind: 'primary' };

export async function buildApp(
  config: Config,
  clock: Clock = systemClock,
  log: Log = createLogger(config.log.level),
  role: ThreadRole = PRIMARY,
): Promise<App> {
  useSchemaMessages();
  const primary = role.kind === 'primary';
  const sql = await openStore(config.store);
  let location: LocationService;
  let secrets: SecretBox;
  try {
    const sqlitePath = config.store.kind === 'sqlite' ? config.store.path : null;
    secrets = await openSecrets(sql, config.encryptionKey, sqlitePath, primary ? log : silentLog);
    location = LocationService.open(config.dataDir);
  } catch (err) {
    await sql.close();
    throw err;
  }
  // One node a process: a thread's import batches carry the id the primary beats for, or every sweep fails them.
  const nodeId = role.kind === 'thread' ? role.nodeId : undefined;
  const nodes = new NodeRegistry(sql, clock, config.nodeHeartbeatMs, log.child({ component: 'node' }), nodeId);
  const threads = primary ? new HttpThreads(config, log, nodes.id) : null;
  const metrics: Metrics | ThreadMetrics = primary
    ? new Metrics(async () => webhooks.outbox.depth())
    : new ThreadMetrics();
  const mailer = createMailer(config.mail, config.devMode, log.child({ component: 'mail' }));
  let liveNodes = 1;
  const nodeCount = () => (primary ? nodes.liveCount() : liveNodes);
  const limiter = new RateLimiter(role.kind === 'thread' ? role.limiterMemory : threads!.limiterMemory);
  const access = createAccess({ sql, clock, limiter, liveNodes: nodeCount, log });
  // Webhooks first (their dispatcher asks checkout, built next, where a merchant's events go).
  let checkout!: Checkout;
  const dispatcher = primary &&
    config.webhooks && {
      ...config.webhooks,
      log: log.child({ component: 'webhooks' }),
      onAttempt: (o: { ok: boolean }) => (metrics as Metrics).webhookAttempt(o.ok),
    };
  const webhooks: Webhooks = createWebhooks({
    sql,
    targets: (id) => checkout.webhookTarget(id),
    hasTarget: (tx, id) => checkout.hasWebhook(tx, id),
    options: dispatcher || null,
    logRetentionDays: config.webhookLogRetentionDays,
  });
  const widget = createWidget({
    sql,
    clock,
    keys: access.keys,
    merchants: () => checkout.merchants,
    keyPlan: config.widget.keyPlan,
    mapStyleUrl: config.widget.mapStyleUrl,
    gatewayBaseUrl: config.gateway.baseUrl,
    devMode: config.devMode,
  });
  // An outbox row committed: the primary's dispatcher delivers it now rather than at its next poll.
  const queued = () => (role.kind === 'thread' ? role.link.send({ t: 'queued' }) : webhooks.queued());
  checkout = createCheckout({
    sql,
    location,
    mailer,
    secrets,
    clock,
    nodeId: nodes.id,
    outbox: webhooks.port,
    queued,
    log,
    onOtpSend: (result) => metrics.otpSend(result),
    originsChanged: widget.originsChanged,
    config: {
      egress: config.egress,
      trustProxyHops: config.server.trustProxyHops,
      courierTimeoutMs: config.checkout.courierTimeoutMs,
      otp: config.checkout.otp,
    },
  });
  const payments = createPayments({
    sql,
    ports: checkout.paymentPorts,
    outbox: webhooks.port,
    gateway: config.gateway,
    clock,
    queued,
    log: log.child({ component: 'payments' }),
  });
  const secure = config.dashboard.secureCookies;
  const cookies = { developer: cookieName('gp_dashboard', secure), merchant_user: cookieName('gp_merchant', secure) };
  const dashboardDeps = {
    sql,
    clock,
    otp: checkout.otp,
    sessionTtlMs: config.dashboard.sessionTtlMs,
    trustProxyHops: config.server.trustProxyHops,
  };
  const developerDashboard = createDeveloperDashboard({
    ...dashboardDeps,
    access,
    cookie: { name: cookies.developer, secure },
    allowList: new Set(config.dashboard.allowedEmails),
  });
  const merchantPortal = createMerchantPortal({
    ...dashboardDeps,
    merchants: checkout.merchants,
    keys: checkout.merchantKeys,
    cookie: { name: cookies.merchant_user, secure },
  });
  const locationFeature = createLocationFeature({
    service: location,
    clock,
    pricing: access.pricing,
    allRoutes: () => routes.filter((r) => r.path.startsWith('/v1')),
    onBatch: (route, n) => metrics.batch(route, n),
  });
  let draining = false;
  // Until every thread of the process listens, /readyz says not ready on the ones that already do.
  let serving = false;
  const metricsText = primary ? () => (metrics as Metrics).text() : () => role.metrics();
  const routes: RouteDef[] = [
    ...locationFeature.routes,
    ...access.routes,
    ...checkout.routes,
    ...payments.routes,
    ...(config.devMode ? devPageRoutes(config.gateway.baseUrl) : []),
    ...opsRoutes({
      metricsText,
      metricsContentType: Metrics.contentType,
      storeReady: () => sql.ping(),
      boundaries: () => location.stats.total_boundaries,
      draining: () => draining || !serving,
      metricsAccess: config.metrics.token ? { token: config.metrics.token } : config.devMode ? 'anyone' : 'nobody',
    }),
    ...developerDashboard.routes,
    ...merchantPortal.routes,
    ...widget.routes,
    ...consoleAssetRoutes(),
    ...docsPageRoutes(),
  ];
  let endpoints: Endpoint[] = [];
  routes.push(...openApiRoutes(() => endpoints, SERVICE_VERSION, cookies));
  endpoints = compileEndpoints(
    routes,
    {
      api_key: access.authenticate,
      ...checkout.authenticators,
      developer: developerDashboard.authenticator,
      merchant_user: merchantPortal.authenticator,
    },
    { log: log.child({ component: 'http' }), allWait: config.store.kind === 'postgres' },
  );
  const lane = locationFeature.lane(endpoints, access.authenticate.reads ?? ['x-api-key']);
  const laned = new Set(lane.map((e) => `${e.method} ${e.path}`));
  const accessLog = createAccessLog(config.log.access, log);
  // The body budget is the process's: each HTTP thread holds its share.
  const { app: http, transport } = createHttpApp(
    [...lane, ...endpoints.filter((e) => !laned.has(`${e.method} ${e.path}`))],
    {
      bodyBudgetBytes: Math.floor(config.server.bodyBudgetBytes / config.server.workers),
      trustProxyHops: config.server.trustProxyHops,
      observe: (route, method, status, seconds, head) => {
        metrics.request(route, method, status, seconds);
        accessLog?.(route, method, status, seconds, head);
        // A keyed request goes to its key's request log (the developer dashboard shows the latest).
        if (head?.keyId !== undefined)
          access.requests.record(head.keyId, head.receivedAt, method, head.path, status, seconds);
      },
    },
  );
  const parts: AppParts = {
    config,
    log,
    metrics,
    sql,
    mailer,
    location,
    access,
    checkout,
    payments,
    webhooks,
    nodes,
    developerDashboard,
    merchantPortal,
  };
  let listening: Listening | null = null;
  let stopped: Promise<StopReport> | null = null;

  if (role.kind === 'thread') {
    role.link.on((message) => {
      if (message.t === 'nodes') liveNodes = message.count;
      else if (message.t === 'drain') draining = transport.draining = true;
      else if (message.t === 'serving') serving = true;
      else if (message.t === 'close') listening?.close();
    });
  }

  const background = primary
    ? createBackground({ config, log, nodes, threads: threads!, checkout, webhooks, payments, metricsText })
    : null;

  return {
    parts,
    endpoints,
    metricsUrl: () => background?.metricsUrl() ?? null,
    async start() {
      access.start();
      if (threads) {
        // The port is checked before anything else starts: a server that cannot own it leaves no trace behind.
        const port = await threads.start({ metrics: metrics as Metrics, queued: () => webhooks.queued() });
        listening = await listen(http, config.server.host, port, config.server.workers > 1);
        try {
          await threads.listening(listening.port);
          serving = true;
          threads.broadcast({ t: 'serving' });
          await background?.start();
        } catch (err) {
          // Nothing is left serving, and no thread runs when the process exits (that aborted Node, exit 134).
          listening.close();
          await threads.stop(Date.now() + 1000);
          throw err;
        }
      } else {
        listening = await listen(
          http,
          config.server.host,
          (role as Extract<ThreadRole, { kind: 'thread' }>).port,
          true,
        );
      }
      return listening;
    },
    stop({ drainMs = 0, timeoutMs = config.server.shutdownTimeoutMs } = {}) {
      stopped ??= (async () => {
        draining = transport.draining = true;
        threads?.broadcast({ t: 'drain' });
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        const steps = new ShutdownSteps(Date.now() + timeoutMs);
        listening?.close();
        threads?.broadcast({ t: 'close' });
        await settled(() => transport.inFlight, timeoutMs);
        // Open connections close before the flushes, so no request can count usage after the final one.
        http.close();
        // The other threads and this one's own work end side by side: neither waits on the other's store.
        const [reports] = await Promise.all([
          threads?.stop(steps.deadline),
          steps.run('background', background?.stop()),
          access.stop(steps.deadline).then((lost) => steps.lost(lost)),
        ]);
        steps.threads(reports);
        mailer.close();
        await steps.run('store', sql.close());
        if (primary) steps.logLost(log);
        return steps.report;
      })();
      return stopped;
    },
  };
}
