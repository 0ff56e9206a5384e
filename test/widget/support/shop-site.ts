// A merchant's store on its own origin (127.0.0.1, another port): a product page with the widget's snippet pasted in,
// under a strict CSP that allows only the checkout service, and the store's own script listening for completion.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ShopSite {
  origin: string;
  /** Sets the snippet the page embeds (what the merchant pastes from its Integration page). */
  setSnippet(html: string): void;
  close(): Promise<void>;
}

/** The store's own script: shows the widget's completion callback, as a merchant's page would act on it. */
const STORE_JS = `document.querySelector('geopin-checkout').addEventListener('geopin-checkout:complete', (event) => {
  document.getElementById('completed').textContent = JSON.stringify(event.detail);
});`;

/** `tiles`: the origin of a map tile server the page also allows (MAP_STYLE_URL's), if any. */
export async function startShopSite(service: string, gateway: string, tiles = ''): Promise<ShopSite> {
  let snippet = '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${service}`,
    `style-src 'self' ${service}`,
    `connect-src ${service} ${tiles}`.trim(),
    `img-src 'self' data: blob: ${service} ${tiles}`.trim(),
    // MapLibre starts its worker from a blob that imports the worker module from the service.
    `worker-src blob: ${service}`,
    `frame-src ${gateway}`,
    "base-uri 'none'",
  ].join('; ');
  const page = () => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kurta House · Checkout</title><link rel="stylesheet" href="/store.css"><script type="module" src="/store.js"></script></head>
<body><header><p class="brand">Kurta House</p></header>
<main><h1>Checkout</h1><p>Cotton kurta, indigo, size M · ₹1,499</p>
${snippet}
<pre id="completed" aria-label="Order completion"></pre></main></body></html>`;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/store.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(STORE_JS);
    if (path === '/store.css')
      return void res
        .writeHead(200, { 'content-type': 'text/css' })
        .end(
          'body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:0 12px}' +
            '.brand{font-weight:700;font-size:1.25rem}pre{white-space:pre-wrap;word-break:break-all}pre:empty{display:none}',
        );
    if (path !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }).end(page());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setSnippet: (html) => void (snippet = html),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
