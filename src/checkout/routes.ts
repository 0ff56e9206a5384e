// Checkout service routes (/checkout-*), registered by createApp.
import type { TemplatedApp } from 'uWebSockets.js';
import type { AppContext } from '../server/context.ts';

/** Registers every /checkout-* route. */
export function registerCheckoutRoutes(_app: TemplatedApp, _ctx: AppContext): void {}
