// A real uWS server on 127.0.0.1 with a fast dispatcher: the full app, or only the payment routes over test ports.
import { join } from 'node:path';
import uWS from 'uWebSockets.js';
import { checkoutModule } from '../../../src/checkout/module.ts';
import type { SecretBox } from '../../../src/checkout/secrets.ts';
import type { LocationApi } from '../../../src/geocoding/location-api.ts';
import type { CheckoutPorts } from '../../../src/payments/ports.ts';
import { registerPaymentRoutes } from '../../../src/payments/routes.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { AppContext } from '../../../src/server/context.ts';
import { HttpError } from '../../../src/server/http-error.ts';
import { route } from '../../../src/server/http.ts';
import { listen } from '../../../src/server/listen.ts';
import type { WebhookTargetLookup } from '../../../src/webhooks/dispatcher.ts';
import { loadWebhookSettings } from '../../../src/webhooks/settings.ts';
import { startWebhookDispatcher } from '../../../src/webhooks/start.ts';
import { startTestServer } from '../../support/server.ts';
import { openTestDb, type TestDb } from '../../webhooks/support/outbox-db.ts';

const noLocation = {} as LocationApi;

/** Test-speed dispatcher timing: 50 ms base delay, 500 ms timeout. */
export const FAST_WEBHOOKS = { WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_LEASE_MS: '1500', WEBHOOK_POLL_MS: '20' };

export interface PaymentServerOptions {
  gatewayBaseUrl: string;
  /** Given (with lookup): a bare app with only /checkout-payment over these ports. Omitted: the full production server. */
  ports?: CheckoutPorts;
  lookup?: WebhookTargetLookup;
}

export interface PaymentServer {
  baseUrl: string;
  t: TestDb;
  /** The box the server uses, for sealing fixture secrets. */
  box: SecretBox;
  post(action: string, token: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startPaymentServer(options: PaymentServerOptions): Promise<PaymentServer> {
  if (!options.ports && !options.lookup) return startFullServer(options.gatewayBaseUrl);
  const t = openTestDb();
  const ctx: AppContext = { config: loadConfig({ NODE_ENV: 'test', DB_PATH: t.path }), db: t.db, location: noLocation, onShutdown: [] };
  const app = uWS.App();
  registerPaymentRoutes(app, ctx, { ports: options.ports, gateway: { baseUrl: options.gatewayBaseUrl, timeoutMs: 2000, emulatorPort: null } });
  route(app, 'any', '/*', (req) => {
    throw new HttpError(404, 'not_found', `No route for ${req.path}`);
  });
  startWebhookDispatcher(ctx, { settings: loadWebhookSettings(FAST_WEBHOOKS), lookup: options.lookup });
  const listening = await listen(app, '127.0.0.1', 0);
  const baseUrl = `http://127.0.0.1:${listening.port}`;
  return {
    baseUrl,
    t,
    box: checkoutModule(ctx).secrets,
    post: poster(baseUrl),
    async close() {
      listening.close();
      app.close();
      for (const hook of ctx.onShutdown) await hook();
      t.dispose();
    },
  };
}

/** The server `npm start` runs (every route, the real checkout module), pointed at the test gateway. */
async function startFullServer(gatewayBaseUrl: string): Promise<PaymentServer> {
  const server = await startTestServer({ ...FAST_WEBHOOKS, GATEWAY_BASE_URL: gatewayBaseUrl, GATEWAY_TIMEOUT_MS: '2000' });
  return {
    baseUrl: server.baseUrl,
    t: { db: server.ctx.db, path: join(server.dir, 'app.sqlite'), dispose: () => {} },
    box: checkoutModule(server.ctx).secrets,
    post: poster(server.baseUrl),
    close: () => server.dispose(),
  };
}

function poster(baseUrl: string): PaymentServer['post'] {
  return async (action, token, body) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['x-session-token'] = token;
    const res = await fetch(`${baseUrl}/checkout-payment?action=${action}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}
