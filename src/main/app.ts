// The composition root: builds every part from the configuration, wires their ports together, and starts or stops them in order.
import { createCheckout, type Checkout } from '../checkout/feature.ts';
import { consoleAssetRoutes } from '../dashboard/console/asset-routes.ts';
import { cookieName } from '../dashboard/console/cookies.ts';
import { createDeveloperDashboard, type DeveloperDashboard } from '../dashboard/developer/feature.ts';
import { createMerchantPortal, type MerchantPortal } from '../dashboard/merchant/feature.ts';
import { docsPageRoutes } from '../docs-page/routes.ts';
import { loadMasterKey, SecretBox } from '../checkout/secrets.ts';
import { NodeRegistry } from '../db/node-registry.ts';
import type { Database } from '../db/sql.ts';
import { SERVICE_VERSION } from '../geocoding/info-routes.ts';
import { LocationService } from '../geocoding/location-service.ts';
import { createLocationFeature } from '../geocoding/routes.ts';
import { freePort } from '../http/free-port.ts';
import { listen, type Listening } from '../http/listen.ts';
import { compileEndpoints, type Endpoint } from '../http/pipeline.ts';
import { createHttpApp } from '../http/server.ts';
import { systemClock, type Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import { createMailer } from '../mail/mailer.ts';
import { createLogger } from '../ops/logger.ts';
import { Metrics } from '../ops/metrics.ts';
import { opsRoutes } from '../ops/routes.ts';
import { createPayments, type Payments } from '../payments/feature.ts';
import { createAccess, type Access } from '../platform/access.ts';
import { devPageRoutes } from '../web/routes.ts';
import { createWebhooks, type Webhooks } from '../webhooks/feature.ts';
import type { Config } from './config.ts';
import { startHttpWorkers, type HttpWorkers } from './http-workers.ts';
import { openApiRoutes } from './openapi-route.ts';
import { openStore } from './store.ts';

/** Every part, for the CLIs and for tests that set up data the way an operator would. */
export interface AppParts {
  config: Config;
  log: Log;
  metrics: Metrics;
  sql: Database;
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
  endpoints: Endpoint[];
  /** Starts background work, then listens; resolves with the bound port. */
  start(): Promise<Listening>;
  /** Stops listening, lets work in flight finish, flushes counters and closes the store. */
  stop(): Promise<void>;
}

export async function buildApp(config: Config, clock: Clock = systemClock, log: Log = createLogger(config.log.level)): Promise<App> {
  const sql = await openStore(config.store);
  let location: LocationService;
  try {
    location = LocationService.open(config.dataDir);
  } catch (err) {
    await sql.close();
    throw err;
  }
  const secrets = new SecretBox(loadMasterKey(config.encryptionKey, config.store.kind === 'sqlite' ? config.store.path : null));
  const mailer = createMailer(config.mail, config.devMode, log.child({ component: 'mail' }));
  const nodes = new NodeRegistry(sql, clock, config.nodeHeartbeatMs, log.child({ component: 'node' }));
  const access = createAccess({ sql, clock, liveNodes: () => nodes.liveCount(), log });
  // The metrics read the webhook queue at scrape time; webhooks exist by then.
  const metrics = new Metrics(async () => (webhooks ? webhooks.outbox.depth() : 0));
  // Features queue webhook events; the dispatcher is built after checkout, which tells it where webhooks go.
  let webhooks: Webhooks | undefined;
  const queued = () => webhooks?.queued();
  const checkout = createCheckout({
    sql, location, mailer, secrets, clock, nodeId: nodes.id, queued, log, onOtpSend: (result) => metrics.otpSend(result),
    config: { egress: config.egress, trustProxyHops: config.server.trustProxyHops, courierTimeoutMs: config.checkout.courierTimeoutMs, otp: config.checkout.otp },
  });
  const dispatcher = config.webhooks && {
    ...config.webhooks, log: log.child({ component: 'webhooks' }), onAttempt: (o: { ok: boolean }) => metrics.webhookAttempt(o.ok),
  };
  webhooks = createWebhooks({ sql, targets: (id) => checkout.webhookTarget(id), options: dispatcher });
  const payments = createPayments({ sql, ports: checkout.paymentPorts, gateway: config.gateway, clock, queued, log: log.child({ component: 'payments' }) });
  const secure = config.dashboard.secureCookies;
  const cookies = { developer: cookieName('gp_dashboard', secure), merchant_user: cookieName('gp_merchant', secure) };
  const dashboardDeps = { sql, clock, otp: checkout.otp, sessionTtlMs: config.dashboard.sessionTtlMs, trustProxyHops: config.server.trustProxyHops };
  const developerDashboard = createDeveloperDashboard({
    ...dashboardDeps, access, cookie: { name: cookies.developer, secure }, allowList: new Set(config.dashboard.allowedEmails),
  });
  const merchantPortal = createMerchantPortal({ ...dashboardDeps, merchants: checkout.merchants, cookie: { name: cookies.merchant_user, secure } });
  const routes = [
    ...createLocationFeature({ service: location, meter: access.meter, clock, onBatch: (route, n) => metrics.batch(route, n) }).routes,
    ...checkout.routes,
    ...payments.routes,
    ...(config.devMode ? devPageRoutes(config.gateway.baseUrl) : []),
    ...opsRoutes({ metrics, storeReady: () => sql.ping(), boundaries: () => location.stats.total_boundaries, metricsToken: config.metricsToken }),
    ...developerDashboard.routes,
    ...merchantPortal.routes,
    ...consoleAssetRoutes(),
    ...docsPageRoutes(),
  ];
  let endpoints: Endpoint[] = [];
  routes.push(...openApiRoutes(() => endpoints, SERVICE_VERSION, cookies));
  endpoints = compileEndpoints(routes, {
    api_key: access.authenticate, ...checkout.authenticators, developer: developerDashboard.authenticator, merchant_user: merchantPortal.authenticator,
  }, log.child({ component: 'http' }));
  // The body budget is the process's: each HTTP thread holds its share.
  const threads = config.server.workers;
  const http = createHttpApp(endpoints, {
    bodyBudgetBytes: Math.floor(config.server.bodyBudgetBytes / threads), trustProxyHops: config.server.trustProxyHops, observe: (route, method, status, seconds) => metrics.request(route, method, status, seconds),
  });
  const parts: AppParts = { config, log, metrics, sql, location, access, checkout, payments, webhooks, nodes, developerDashboard, merchantPortal };
  let listening: Listening | null = null;
  let workers: HttpWorkers | null = null;
  let stopped = false;
  return {
    parts,
    endpoints,
    async start() {
      access.start();
      await nodes.start(async () => {
        const failed = await checkout.failOrphanImports(nodes.staleBefore());
        if (failed > 0) log.warn({ failed }, 'marked interrupted import batches as failed');
      });
      webhooks!.start();
      await payments.start();
      // Worker threads listen first, so the first answer means every thread serves: port 0 becomes a port named up front.
      const port = threads > 1 && config.server.port === 0 ? await freePort(config.server.host) : config.server.port;
      if (threads > 1) {
        workers = await startHttpWorkers({
          count: threads, host: config.server.host, port, dataDir: config.dataDir, logLevel: config.log.level,
          bodyBudgetBytes: Math.floor(config.server.bodyBudgetBytes / threads), trustProxyHops: config.server.trustProxyHops, endpoints, answers: location.answers.shared(),
          limiter: access.limiter, access, liveNodes: () => nodes.liveCount(), metrics, log,
        });
      }
      try {
        listening = await listen(http, config.server.host, port, threads > 1);
      } catch (err) {
        await workers?.stop();
        workers = null;
        throw err;
      }
      return listening;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      listening?.close();
      // Close open connections before the flushes, so no request can count usage after the final one.
      http.close();
      // Workers hand over their last counts before the meter's final write.
      await workers?.stop();
      await webhooks!.stop();
      await payments.stop();
      await access.stop();
      await nodes.stop();
      mailer.close();
      await sql.close();
    },
  };
}
