// API keys over HTTP: missing and invalid keys, public keys bound to origins, public info routes, CORS preflight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';

let api: ApiClient;
let publicKey: string;
beforeAll(async () => {
  api = await startApi();
  publicKey = await api.createKey({
    plan: 'free',
    isPublic: true,
    allowedOrigins: ['https://shop.example', 'https://Widget.example/'],
  });
});
afterAll(async () => api.server.dispose());

describe('API keys', () => {
  it('answers a missing key with 401 missing_api_key', async () => {
    const res = await api.call('GET', '/v1/location/stats');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      error: 'Unauthorized',
      message: 'Send your API key in the x-api-key header',
      code: 'missing_api_key',
    });
  });

  it('answers an unknown key with 401 invalid_api_key, on GET and POST routes alike', async () => {
    const get = await api.call('GET', '/v1/location/stats', { headers: { 'x-api-key': 'gp_sk_not-a-real-key' } });
    expect(get.status).toBe(401);
    expect((await get.body).code).toBe('invalid_api_key');
    const post = await api.call('POST', '/v1/location/lookup', { headers: { 'x-api-key': 'nope' }, raw: '{}' });
    expect(post.status).toBe(401);
  });

  it('lets a public key in from an allowed origin and echoes that origin for CORS', async () => {
    const res = await api.call('GET', '/v1/pincode/validate/560038', {
      headers: { 'x-api-key': publicKey, origin: 'https://widget.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://widget.example');
  });

  it('keeps the CORS header on refusals, so the widget can read schema and DIGIPIN errors', async () => {
    const headers = { 'x-api-key': publicKey, origin: 'https://widget.example', 'content-type': 'application/json' };
    for (const [path, body] of [
      ['/v1/geopin/geocode', { address: '' }],
      ['/v1/geopin/coordinates-to-geopin', { latitude: 40, longitude: 77 }],
    ] as const) {
      const res = await api.call('POST', path, { headers, body });
      expect(res.status, path).toBe(400);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('https://widget.example');
    }
  });

  it('refuses a public key from another origin or without one with 401', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      {},
      { origin: 'https://shop.example.evil.com' },
    ] as Array<Record<string, string>>) {
      const res = await api.call('GET', '/v1/pincode/validate/560038', {
        headers: { 'x-api-key': publicKey, ...headers },
      });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('origin_not_allowed');
    }
  });

  it('lets a public key in from a same-origin page, whose GETs carry Referer and Sec-Fetch-Site instead of Origin', async () => {
    const res = await api.call('GET', '/v1/pincode/validate/560038', {
      headers: {
        'x-api-key': publicKey,
        'sec-fetch-site': 'same-origin',
        referer: 'https://shop.example/checkout?x=1',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });

  it('does not take the Referer for the origin unless Sec-Fetch-Site says same-origin, nor a foreign or malformed Referer', async () => {
    const cases: Array<Record<string, string>> = [
      { referer: 'https://shop.example/checkout' },
      { 'sec-fetch-site': 'cross-site', referer: 'https://shop.example/checkout' },
      { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/checkout' },
      { 'sec-fetch-site': 'same-origin', referer: 'not a url' },
    ];
    for (const headers of cases) {
      const res = await api.call('GET', '/v1/pincode/validate/560038', {
        headers: { 'x-api-key': publicKey, ...headers },
      });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('origin_not_allowed');
    }
  });

  it('lets a secret key in without an Origin', async () => {
    expect((await api.get('/v1/location/stats')).status).toBe(200);
  });

  it('answers the CORS preflight without a key', async () => {
    const res = await api.call('OPTIONS', '/v1/location/stats', {
      headers: { origin: 'https://shop.example', 'access-control-request-headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-api-key');
  });
});

describe('public routes', () => {
  it('serve the service information at / and /v1 without a key', async () => {
    for (const path of ['/', '/v1']) {
      const res = await api.call('GET', path);
      expect(res.status).toBe(200);
      const { data } = res.body;
      expect(data).toMatchObject({
        version: '1.0.0',
        dataset: 'full',
        live_statistics: { total_boundaries: 19312, total_divisions: 478 },
      });
      for (const value of Object.values(data.live_statistics)) expect(Number.isInteger(value)).toBe(true);
      expect(data.products).toEqual([
        { name: 'geocoding', version: 'v1', base_path: '/v1/geopin' },
        { name: 'location-lookup', version: 'v1', base_path: '/v1/location' },
      ]);
      expect(
        data.pricing.map((p: { plan: string; monthly_requests: number | null; price_inr_per_month: number | null }) => [
          p.plan,
          p.monthly_requests,
          p.price_inr_per_month,
        ]),
      ).toEqual([
        ['free', 25000, 0],
        ['paid', 100000, 1999],
        ['enterprise', null, null],
      ]);
      expect(Object.keys(data.endpoints).length).toBeGreaterThanOrEqual(13);
      expect(data.endpoints['location.lookup']).toMatch(/^POST \/v1\/location\/lookup: /);
    }
  });

  it('keep unknown routes a JSON 404', async () => {
    const res = await api.get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});
