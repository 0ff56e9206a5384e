// Dev-mode buyer checkout page: GET /checkout (HTML) and GET /checkout/checkout-page.js, served only when config.devMode is true.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TemplatedApp } from 'uWebSockets.js';
import { loadGatewaySettings } from '../payments/settings.ts';
import type { AppContext } from '../server/context.ts';
import { route } from '../server/http.ts';
import { resourcePath } from '../resources.ts';
import { escapeHtml } from './escape-html.ts';

const PAGE_DIR = resourcePath('src/web');

/** Registers the page and its script in dev mode; production never serves them. */
export function registerWebRoutes(app: TemplatedApp, ctx: AppContext): void {
  if (!ctx.config.devMode) return;
  const gatewayUrl = loadGatewaySettings(ctx.config.env).baseUrl;
  const html = readFileSync(join(PAGE_DIR, 'checkout-page.html'), 'utf8').replace('__GATEWAY_URL__', escapeHtml(gatewayUrl));
  const script = readFileSync(join(PAGE_DIR, 'checkout-page.js'));
  const gatewayOrigin = new URL(gatewayUrl).origin;
  route(app, 'get', '/checkout', () => ({
    body: html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The page talks to this server only; the gateway's pay page is the one frame it may embed.
      'content-security-policy': `default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-src ${gatewayOrigin}; base-uri 'none'; form-action 'none'`,
      ...STATIC_HEADERS,
    },
  }));
  route(app, 'get', '/checkout/checkout-page.js', () => ({ body: script, headers: { 'content-type': 'text/javascript; charset=utf-8', ...STATIC_HEADERS } }));
}

/** Read once at start-up; no-store so a browser never keeps a page from before a restart. */
const STATIC_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' };
