// Location service routes under /v1 (registered by createApp).
import type { TemplatedApp } from 'uWebSockets.js';
import type { AppContext } from '../server/context.ts';

/** Registers every /v1 route. */
export function registerLocationRoutes(_app: TemplatedApp, _ctx: AppContext): void {}
