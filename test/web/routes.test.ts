// The checkout page routes: served with the gateway URL and a tight CSP in dev mode, absent (JSON 404) in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, errorCode } from '../support/client.ts';
import { datasetDir } from '../support/dataset.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const GATEWAY = 'http://127.0.0.1:4999';
let dev: TestServer;
let production: TestServer;
beforeAll(async () => {
  dev = await startTestServer({ DATA_OUT_DIR: datasetDir, GATEWAY_BASE_URL: GATEWAY });
  production = await startTestServer({ DATA_OUT_DIR: datasetDir, NODE_ENV: 'production', GATEWAY_BASE_URL: GATEWAY });
});
afterAll(async () => {
  await dev?.dispose();
  await production?.dispose();
});

describe('checkout page routes', () => {
  it('serve the page with the gateway URL filled in, and a CSP that allows only this server and the gateway frame', async () => {
    const res = await clientFor(dev)('GET', '/checkout?merchant_id=mer_x&key=gp_pub_x');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`frame-src ${GATEWAY}`);
    const html = res.body as string;
    expect(html).toContain(`<body data-gateway-url="${GATEWAY}">`);
    expect(html).toContain('<script type="module" src="/checkout/checkout-page.js"></script>');
  });

  it('serve the page script as JavaScript', async () => {
    const res = await clientFor(dev)('GET', '/checkout/checkout-page.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = res.body as string;
    expect(script).toContain("action: 'verify'");
    expect(script).toContain("'/checkout-payment'");
  });

  it('do not exist outside dev mode', async () => {
    for (const path of ['/checkout', '/checkout/checkout-page.js']) {
      const res = await clientFor(production)('GET', path);
      expect([res.status, errorCode(res)]).toEqual([404, 'not_found']);
    }
  });
});
