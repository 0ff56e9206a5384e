// Checkout service routes (/checkout-*), registered by createApp before the catch-all.
import type { TemplatedApp } from 'uWebSockets.js';
import type { AppContext } from '../server/context.ts';
import { route, type Reply, type RequestContext } from '../server/http.ts';
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
  // Preflight carries no body or credentials, so it cannot name the merchant; the real request is origin-checked.
  for (const path of BROWSER_PATHS) route(app, 'options', path, preflight);
}

/** uWS wildcards match whole segments only, so each browser-facing path is listed. */
const BROWSER_PATHS = ['/checkout-email-otp', '/checkout-funnel-events', '/checkout-addresses', '/checkout-offers', '/checkout-payment'];

function preflight(req: RequestContext): Reply {
  return {
    status: 204,
    body: '',
    headers: {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, PATCH',
      'access-control-allow-headers': 'content-type, x-session-token, x-api-key',
      'access-control-max-age': '600',
      vary: 'Origin',
    },
  };
}
