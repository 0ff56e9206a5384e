// POST /checkout-payment?action=create_order|verify|record_cod, authenticated by x-session-token, from the merchant's browser origins.
import type { TemplatedApp } from 'uWebSockets.js';
import { assertOrigin } from '../checkout/auth.ts';
import { checkoutModule } from '../checkout/module.ts';
import { checkoutPorts } from '../checkout/ports.ts';
import type { AppContext } from '../server/context.ts';
import { HttpError } from '../server/http-error.ts';
import { route, type RequestContext } from '../server/http.ts';
import { wakeWebhookDispatcher } from '../webhooks/start.ts';
import { GatewayClient } from './gateway-client.ts';
import { startGatewayEmulator } from './gateway-emulator.ts';
import type { CheckoutPorts, PaymentSession } from './ports.ts';
import { PaymentRepository } from './repository.ts';
import { CreateOrderSchema, PaymentActionSchema, VerifyPaymentSchema } from './schema.ts';
import { PaymentService } from './service.ts';
import { loadGatewaySettings, type GatewaySettings } from './settings.ts';

/** Overrides for tests; the server passes none. */
export interface PaymentRouteOptions {
  /** @default the checkout repositories (sessions, merchants, addresses) */
  ports?: CheckoutPorts;
  /** @default loadGatewaySettings(ctx.config.env) */
  gateway?: GatewaySettings;
}

/** Registers /checkout-payment; in development also starts the gateway emulator and stops it on shutdown. */
export function registerPaymentRoutes(app: TemplatedApp, ctx: AppContext, options: PaymentRouteOptions = {}): void {
  const settings = options.gateway ?? loadGatewaySettings(ctx.config.env);
  const ports = options.ports ?? checkoutPorts(checkoutModule(ctx));
  if (settings.emulatorPort !== null) startDevEmulator(ctx, settings.emulatorPort);
  const service = new PaymentService(new PaymentRepository(ctx.db), ports, new GatewayClient(settings));
  route(app, 'post', '/checkout-payment', async (req) => {
    const session = authenticate(req, ports);
    const action = PaymentActionSchema.safeParse(req.query.get('action') ?? actionFromBody(req));
    if (!action.success) throw new HttpError(400, 'unknown_action', 'action must be one of create_order, verify, record_cod');
    switch (action.data) {
      case 'create_order':
        return { body: await service.createOrder(session, CreateOrderSchema.parse(req.json() ?? {})) };
      case 'verify':
        return { body: done(ctx, service.verify(session, VerifyPaymentSchema.parse(req.json() ?? {}))) };
      case 'record_cod':
        return { body: done(ctx, service.recordCod(session)) };
    }
  }, { cors: true });
}

function authenticate(req: RequestContext, ports: CheckoutPorts): PaymentSession {
  const token = req.headers['x-session-token'];
  if (!token) throw new HttpError(401, 'missing_session_token', 'x-session-token header is required');
  const session = ports.sessionByToken(token);
  if (!session) throw new HttpError(401, 'invalid_session', 'Session token is unknown or expired');
  // The same origin rule as the other buyer endpoints: a browser elsewhere than the merchant's shop is refused.
  assertOrigin(req, { allowed_origins: ports.allowedOrigins(session.merchantId) });
  if (session.abandoned) throw new HttpError(409, 'session_abandoned', 'This checkout session was abandoned');
  return session;
}

function actionFromBody(req: RequestContext): unknown {
  const body = req.json();
  return body && typeof body === 'object' ? (body as { action?: unknown }).action : undefined;
}

/** A payment may have queued session.completed: deliver it now rather than at the next poll. */
function done<T>(ctx: AppContext, result: T): T {
  wakeWebhookDispatcher(ctx);
  return result;
}

function startDevEmulator(ctx: AppContext, port: number): void {
  startGatewayEmulator({ port }).then(
    (emulator) => {
      console.log(`[payments] development gateway emulator on ${emulator.baseUrl}`);
      ctx.onShutdown.push(() => emulator.close());
    },
    (err: unknown) => console.error(`[payments] could not start the gateway emulator on port ${port}`, err),
  );
}
