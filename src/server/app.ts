// Builds the uWS app: location, checkout and payment routes, the dev-mode checkout page, then the JSON 404 catch-all (wildcards last). No listen here.
import uWS, { type TemplatedApp } from 'uWebSockets.js';
import { registerCheckoutRoutes } from '../checkout/routes.ts';
import { registerLocationRoutes } from '../geocoding/routes.ts';
import { registerPaymentRoutes } from '../payments/routes.ts';
import { registerWebRoutes } from '../web/routes.ts';
import type { AppContext } from './context.ts';
import { HttpError } from './http-error.ts';
import { route } from './http.ts';

/** Creates the app with every route registered; the caller listens and closes. */
export function createApp(ctx: AppContext): TemplatedApp {
  const app = uWS.App();
  registerLocationRoutes(app, ctx);
  registerCheckoutRoutes(app, ctx);
  registerPaymentRoutes(app, ctx);
  registerWebRoutes(app, ctx);
  route(app, 'any', '/*', (req) => {
    throw new HttpError(404, 'not_found', `No route for ${req.method.toUpperCase()} ${req.path}`);
  });
  return app;
}
