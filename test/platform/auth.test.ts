// API keys over HTTP: missing and invalid keys, public keys bound to origins, public info routes, CORS preflight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';

let api: ApiClient;
let publicKey: string;
beforeAll(async () => {
  api = await startApi();
  publicKey = api.createKey({ plan: 'free', isPublic: true, allowedOrigins: ['https://shop.example', 'https://Widget.example/'] });
});
afterAll(async () => api.server.dispose());

const statsUrl = () => `${api.server.baseUrl}/v1/location/stats`;

describe('API keys', () => {
  it('answers a missing key with 401 missing_api_key', async () => {
    const res = await fetch(statsUrl());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Unauthorized', message: 'Send your API key in the x-api-key header', code: 'missing_api_key' });
  });

  it('answers an unknown key with 401 invalid_api_key, on GET and POST routes alike', async () => {
    const get = await fetch(statsUrl(), { headers: { 'x-api-key': 'gp_sk_not-a-real-key' } });
    expect(get.status).toBe(401);
    expect((await get.json()).code).toBe('invalid_api_key');
    const post = await fetch(`${api.server.baseUrl}/v1/location/lookup`, { method: 'POST', headers: { 'x-api-key': 'nope' }, body: '{}' });
    expect(post.status).toBe(401);
  });

  it('lets a public key in from an allowed origin and echoes that origin for CORS', async () => {
    const res = await fetch(statsUrl(), { headers: { 'x-api-key': publicKey, origin: 'https://widget.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://widget.example');
  });

  it('keeps the CORS header on refusals, so the widget can read schema and DIGIPIN errors', async () => {
    const headers = { 'x-api-key': publicKey, origin: 'https://widget.example', 'content-type': 'application/json' };
    for (const [path, body] of [['/v1/location/lookup', { lat: 1 }], ['/v1/geopin/coordinates-to-geopin', { latitude: 40, longitude: 77 }]] as const) {
      const res = await fetch(api.server.baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status, path).toBe(400);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('https://widget.example');
    }
  });

  it('refuses a public key from another origin or without one with 401', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, {}, { origin: 'https://shop.example.evil.com' }] as Array<Record<string, string>>) {
      const res = await fetch(statsUrl(), { headers: { 'x-api-key': publicKey, ...headers } });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('origin_not_allowed');
    }
  });

  it('lets a public key in from a same-origin page, whose GETs carry Referer and Sec-Fetch-Site instead of Origin', async () => {
    const res = await fetch(statsUrl(), { headers: { 'x-api-key': publicKey, 'sec-fetch-site': 'same-origin', referer: 'https://shop.example/checkout?x=1' } });
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
      const res = await fetch(statsUrl(), { headers: { 'x-api-key': publicKey, ...headers } });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('origin_not_allowed');
    }
  });

  it('lets a secret key in without an Origin', async () => {
    expect((await api.get('/v1/location/stats')).status).toBe(200);
  });

  it('answers the CORS preflight without a key', async () => {
    const res = await fetch(statsUrl(), { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-headers': 'x-api-key' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-api-key');
  });
});

describe('public routes', () => {
  it('serve the service information at / and /v1 without a key', async () => {
    for (const path of ['/', '/v1']) {
      const res = await fetch(api.server.baseUrl + path);
      expect(res.status).toBe(200);
      const { data } = await res.json();
      expect(data).toMatchObject({ version: '1.0.0', live_statistics: { total_boundaries: 19312, dataset: 'full' } });
      expect(data.products).toEqual([
        { name: 'geocoding', version: 'v1', base_path: '/v1/geopin' },
        { name: 'location-lookup', version: 'v1', base_path: '/v1/location' },
      ]);
      expect(data.pricing.map((p: { plan: string; monthly_requests: number | null }) => [p.plan, p.monthly_requests])).toEqual([
        ['free', 25000], ['paid', 100000], ['enterprise', null],
      ]);
      expect(data.endpoints.length).toBeGreaterThanOrEqual(16);
    }
  });

  it('keep unknown routes a JSON 404', async () => {
    const res = await api.get('/v1/nope');
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('not_found');
  });
});
