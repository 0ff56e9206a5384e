// Dev-mode buyer checkout page: GET /checkout (HTML) and GET /checkout/checkout-page.js; production never registers them.
import { readFileSync } from 'node:fs';
import { resourcePath } from '../resources.ts';
import { defineRoute, RawReply, type RouteDef } from '../http/route.ts';
import { z } from 'zod';
import { escapeHtml } from '../kernel/escape-html.ts';

const PAGE_DIR = resourcePath('src/web');
/** Read once at start-up; no-store so a browser never keeps a page from before a restart. */
const STATIC_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/** The page and its script, talking to this server and framing the gateway at `gatewayUrl`. */
export function devPageRoutes(gatewayUrl: string): RouteDef[] {
  const html = readFileSync(`${PAGE_DIR}/checkout-page.html`, 'utf8').replace(
    '__GATEWAY_URL__',
    escapeHtml(gatewayUrl),
  );
  const script = readFileSync(`${PAGE_DIR}/checkout-page.js`);
  const gatewayOrigin = new URL(gatewayUrl).origin;
  const page = new RawReply(html, {
    'content-type': 'text/html; charset=utf-8',
    // The page talks to this server only; the gateway's pay page is the one frame it may embed.
    'content-security-policy': `default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-src ${gatewayOrigin}; base-uri 'none'; form-action 'none'`,
    ...STATIC_HEADERS,
  });
  const js = new RawReply(script, { 'content-type': 'text/javascript; charset=utf-8', ...STATIC_HEADERS });
  const common = { method: 'get' as const, auth: 'public' as const, tag: 'pages', hidden: true, response: z.string() };
  return [
    defineRoute({ ...common, path: '/checkout', summary: 'Dev-mode checkout page', handle: () => page }),
    defineRoute({
      ...common,
      path: '/checkout/checkout-page.js',
      summary: 'Dev-mode checkout page script',
      handle: () => js,
    }),
  ];
}
