// Checkout service routes (/checkout-*), registered by createApp before the catch-all.
import type { TemplatedApp } from 'uWebSockets.js';
import type { AppContext } from '../server/context.ts';
import { preflight } from '../server/cors.ts';
import { route } from '../server/http.ts';
import { registerAdminRoutes } from './admin-routes.ts';
import { registerBuyerRoutes } from './buyer-routes.ts';
import { checkoutModule } from './module.ts';
import { registerSessionRoutes } from './session-routes.ts';

/** Registers every /checkout-* route. */
export function registerCheckoutRoutes(app: TemplatedApp, ctx: AppContext): void {
  const m = checkoutModule(ctx);
  registerAdminRoutes(app, m);
  registerBuyerRoutes(app, m);
  registerSessionRoutes(app, m);
  for (const path of BROWSER_PATHS) route(app, 'options', path, CHECKOUT_PREFLIGHT);
}

/** uWS wildcards match whole segments only, so each browser-facing path is listed. */
const BROWSER_PATHS = ['/checkout-email-otp', '/checkout-funnel-events', '/checkout-addresses', '/checkout-offers', '/checkout-payment'];

const CHECKOUT_PREFLIGHT = preflight({ status: 204, methods: 'GET, POST, PATCH', headers: 'content-type, x-session-token, x-api-key' });
