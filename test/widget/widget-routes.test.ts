// The widget's server side: its files (CORS, cache headers, ETag, gzip), its per-merchant settings behind the origin
// check, and the Integration page's ids, whose location key follows the merchant's allowed origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayCheckout } from '../../src/widget/config-route.ts';
import { createMerchant, type MerchantFixture } from '../dashboard/support/merchant-fixture.ts';
import { signInByApi } from '../dashboard/support/sign-in.ts';
import { clientFor, errorCode, type Call } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
let call: Call;
let shop: MerchantFixture;
let user: { cookie: string; csrf: string };
const SHOP = 'https://kurta.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, MAP_STYLE_URL: 'https://tiles.example/style.json' });
  call = clientFor(server);
  shop = await createMerchant(server, 'Kurta House', 'owner@kurta.example');
  user = await signInByApi(server.baseUrl, '/merchant/api', 'owner@kurta.example', smtp);
});

afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

const asUser = (extra: Record<string, string> = {}) => ({ cookie: user.cookie, 'x-csrf-token': user.csrf, ...extra });
const integration = () => call('GET', '/merchant/api/integration', { headers: asUser() });
const setOrigins = (origins: string[]) =>
  call('PATCH', '/checkout-admin?action=settings', { headers: asUser(), body: { allowed_origins: origins } });

describe('GET /widget/v1/<file>', () => {
  it('serves the widget module to any origin, fresh five minutes, gzipped, with an ETag that answers 304', async () => {
    const res = await fetch(`${server.baseUrl}/widget/v1/geopin-checkout.js`, {
      headers: { origin: SHOP, 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=300, stale-while-revalidate=86400',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(await res.text()).toContain("customElements.define('geopin-checkout'");
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await fetch(`${server.baseUrl}/widget/v1/geopin-checkout.js`, { headers: { 'if-none-match': etag } });
    expect([again.status, await again.text()]).toEqual([304, '']);
    const css = await fetch(`${server.baseUrl}/widget/v1/geopin-checkout.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves MapLibre GL JS from npm for a day, and nothing else under the path', async () => {
    for (const name of ['maplibre-gl.mjs', 'maplibre-gl-worker.mjs', 'maplibre-gl.css']) {
      const res = await fetch(`${server.baseUrl}/widget/v1/${name}`);
      expect([name, res.status, res.headers.get('cache-control')]).toEqual([name, 200, 'public, max-age=86400']);
      expect((await res.text()).length).toBeGreaterThan(10_000);
    }
    for (const path of ['/widget/v1/nope.js', '/widget/v1/../../package.json', '/widget/v2/geopin-checkout.js']) {
      const res = await call('GET', path);
      expect([path, res.status, errorCode(res)]).toEqual([path, 404, 'not_found']);
    }
  });
});

describe('GET /widget/v1/config', () => {
  it('answers an allowed origin with the shop name, payment modes, map style and gateway', async () => {
    // A new merchant allows no origin, so it has no widget key yet.
    expect((await integration()).body.data).toEqual({ merchant_id: shop.id, allowed_origins: [], widget_key: null });
    expect((await setOrigins([SHOP])).status).toBe(200);
    const res = await call('GET', `/widget/v1/config?merchant_id=${shop.id}`, { headers: { origin: SHOP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(res.body.data).toEqual({
      merchant_id: shop.id,
      name: 'Kurta House',
      payment_enabled: false,
      cod_enabled: false,
      map_style_url: 'https://tiles.example/style.json',
      gateway: { kind: 'razorpay', script_url: 'https://checkout.razorpay.com/v1/checkout.js' },
    });
  });

  it("names Razorpay's checkout.js for Razorpay, and the pay page of any other gateway (the emulator)", () => {
    expect(gatewayCheckout('https://api.razorpay.com/')).toEqual({
      kind: 'razorpay',
      script_url: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(gatewayCheckout('http://127.0.0.1:4010/')).toEqual({ kind: 'pay_page', url: 'http://127.0.0.1:4010' });
  });

  it('refuses a malformed id (400), an unknown merchant (404) and an origin not allowed (403)', async () => {
    const bad = await call('GET', '/widget/v1/config?merchant_id=kurta', { headers: { origin: SHOP } });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_request']);
    expect(bad.body.issues[0]).toMatchObject({ path: 'merchant_id', message: 'must be a UUID' });
    const missing = await call('GET', '/widget/v1/config?merchant_id=00000000-0000-4000-8000-000000000000');
    expect([missing.status, errorCode(missing)]).toEqual([404, 'merchant_not_found']);
    const foreign = await call('GET', `/widget/v1/config?merchant_id=${shop.id}`, {
      headers: { origin: 'https://copycat.example' },
    });
    expect([foreign.status, errorCode(foreign)]).toEqual([403, 'origin_not_allowed']);
  });
});

describe('GET /merchant/api/integration', () => {
  it('needs a signed-in merchant user', async () => {
    const res = await call('GET', '/merchant/api/integration');
    expect(res.status).toBe(401);
  });

  it("gives one public key however many pages ask at once, usable only from the merchant's origins", async () => {
    const answers = await Promise.all([integration(), integration(), integration()]);
    const keys = new Set(answers.map((a) => a.body.data.widget_key));
    expect(keys.size).toBe(1);
    const key = String([...keys][0]);
    expect(key).toMatch(/^gp_pub_/);
    expect(answers[0].body.data).toEqual({ merchant_id: shop.id, allowed_origins: [SHOP], widget_key: key });
    const lookup = (origin: string) =>
      call('GET', '/v1/pincode/validate/560038', { headers: { 'x-api-key': key, origin } });
    expect((await lookup(SHOP)).status).toBe(200);
    expect(errorCode(await lookup('https://copycat.example'))).toBe('origin_not_allowed');
    const live = await server.parts.sql.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM api_keys WHERE label LIKE 'checkout widget%' AND revoked_at IS NULL",
    );
    expect(Number(live[0]!.n)).toBe(1);
  });

  it('moves the key to new origins when the merchant changes them (every node within a revocation poll)', async () => {
    const key = (await integration()).body.data.widget_key as string;
    const moved = 'https://shop.kurta.example';
    expect((await setOrigins([moved])).status).toBe(200);
    const lookup = (origin: string) =>
      call('GET', '/v1/pincode/validate/560038', { headers: { 'x-api-key': key, origin } });
    await expect.poll(async () => (await lookup(SHOP)).status, { timeout: 5000 }).toBe(401);
    expect((await lookup(moved)).status).toBe(200);
    expect((await integration()).body.data).toEqual({
      merchant_id: shop.id,
      allowed_origins: [moved],
      widget_key: key,
    });
  });
});

describe('GET /checkout-admin?action=widget', () => {
  it("gives a merchant's server the same ids the Integration page shows, with its api key", async () => {
    const byKey = await call('GET', '/checkout-admin?action=widget', { headers: { 'x-api-key': shop.apiKey } });
    expect(byKey.status).toBe(200);
    expect(byKey.body.data).toEqual((await integration()).body.data);
    expect(byKey.body.data.widget_key).toMatch(/^gp_pub_/);
    expect(errorCode(await call('GET', '/checkout-admin?action=widget'))).toBe('missing_api_key');
  });

  it('a merchant with no origin allowed yet has no key, and is told so by null', async () => {
    const fresh = await createMerchant(server, 'No origins yet', 'owner@fresh.example');
    const reply = await call('GET', '/checkout-admin?action=widget', { headers: { 'x-api-key': fresh.apiKey } });
    expect(reply.body.data).toEqual({ merchant_id: fresh.id, allowed_origins: [], widget_key: null });
  });
});
