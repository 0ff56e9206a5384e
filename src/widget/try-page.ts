// GET /widget/try?merchant=…&key=…: a demo store page with the widget's snippet, as a merchant's page embeds it,
// under a strict CSP (no inline script or style). Development only, like /checkout: production never registers it.
import { z } from 'zod';
import { defineRoute, RawReply, type RouteDef } from '../http/route.ts';
import { escapeHtml } from '../kernel/escape-html.ts';
import { WIDGET_BASE } from './asset-routes.ts';

const QuerySchema = z.object({
  merchant: z.uuid({ message: 'must be a UUID' }),
  key: z.string().regex(/^gp_pub_[\w-]{20,64}$/, 'must be a public location key (gp_pub_…)'),
  amount_paise: z.coerce.number().int().min(1).max(1_000_000_000).default(149_900),
});

/** The page's policy: this server for everything, blob workers (MapLibre), the tile host and the gateway's frame. */
function policy(gatewayUrl: string, mapStyleUrl: string | null): string {
  const tiles = mapStyleUrl ? ` ${new URL(mapStyleUrl).origin}` : '';
  return [
    "default-src 'self'",
    `connect-src 'self'${tiles}`,
    `img-src 'self' data: blob:${tiles}`,
    "worker-src 'self' blob:",
    `frame-src ${new URL(gatewayUrl).origin}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function tryPageRoute(d: { gatewayUrl: string; mapStyleUrl: string | null }): RouteDef {
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy(d.gatewayUrl, d.mapStyleUrl),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
  return defineRoute({
    method: 'get',
    path: '/widget/try',
    auth: 'public',
    tag: 'pages',
    hidden: true,
    query: QuerySchema,
    response: z.string(),
    summary: 'Dev-mode demo store page embedding the checkout widget',
    handle: ({ query }) => {
      const snippet =
        `<script type="module" src="${WIDGET_BASE}/geopin-checkout.js"></script>\n` +
        `<geopin-checkout merchant="${escapeHtml(query.merchant)}" location-key="${escapeHtml(query.key)}" ` +
        `amount-paise="${query.amount_paise}"></geopin-checkout>`;
      const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo store · checkout widget</title></head>
<body>
<main>
<h1>Demo store</h1>
<p>Cotton kurta, indigo, size M · ₹${(query.amount_paise / 100).toLocaleString('en-IN')}</p>
${snippet}
</main>
</body>
</html>
`;
      return new RawReply(html, headers);
    },
  });
}
