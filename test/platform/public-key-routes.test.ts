// Public keys (gp_pub_…) over real HTTP: they open only the location routes the checkout widget calls; batches, the
// usage report and the rest answer 403 public_key_not_allowed, cost nothing, and say which routes a public key has.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authKinds } from '../../src/http/route.ts';
import { dataOf, startApi, type ApiClient } from '../geocoding/api-client.ts';
import { repoRoot } from '../support/paths.ts';

const ORIGIN = 'https://shop.example';
let api: ApiClient;
let publicKey: string;
beforeAll(async () => {
  api = await startApi();
  publicKey = await api.createKey({ plan: 'free', isPublic: true, allowedOrigins: [ORIGIN] });
});
afterAll(async () => api.server.dispose());

const fromShop = (key: string) => ({ 'x-api-key': key, origin: ORIGIN });

/**
 * "METHOD /path" of every location route the widget's scripts call: `api.geo(path)` is a GET, `api.geo(path, body)` a
 * POST; a path's `${…}` parts matched against the routes' `{param}` segments.
 */
function widgetCalls(): Set<string> {
  const dir = join(repoRoot, 'src/widget/assets');
  const calls = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/\.geo\(\s*[`'](\/v1\/[^`']*)[`']\s*(,)?/g)) {
      const path = m[1]!.replace(/\$\{[^}]*\}/g, 'x').split('?')[0]!;
      const method = m[2] ? 'POST' : 'GET';
      const route = keyedRoutes().find((r) => r.method === method && patternOf(r.path).test(path));
      calls.add(route?.name ?? `${method} ${path} (no such route)`);
    }
  }
  return calls;
}

function patternOf(path: string): RegExp {
  return new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
}

/** Every keyed /v1 route of the running app, as "METHOD /path" with whether it takes public keys. */
function keyedRoutes(): Array<{ name: string; method: string; path: string; open: boolean; official: boolean }> {
  return api.server.app.endpoints
    .map((e) => e.routes[0]!)
    .filter((r) => authKinds(r.auth).includes('api_key'))
    .map((r) => ({
      name: `${r.method.toUpperCase()} ${r.path}`,
      method: r.method.toUpperCase(),
      path: r.path,
      open: r.publicKeys === true,
      official: r.official === true,
    }));
}

/** A request each widget route answers 200. */
const WIDGET_REQUESTS: Record<string, { path: string; body?: unknown }> = {
  'POST /v1/geopin/geocode': { path: '/v1/geopin/geocode', body: { address: 'Indiranagar', pincode: '560038' } },
  'POST /v1/geopin/coordinates-to-geopin': {
    path: '/v1/geopin/coordinates-to-geopin',
    body: { latitude: 12.9716, longitude: 77.5946 },
  },
  'GET /v1/geopin/autocomplete': { path: '/v1/geopin/autocomplete?q=Indiranagar' },
  'GET /v1/geopin/decode': { path: '/v1/geopin/decode?geopin=4P3-JK8-52C9' },
  'GET /v1/pincode/validate/{pincode}': { path: '/v1/pincode/validate/560038' },
  'GET /v1/location/boundaries': { path: '/v1/location/boundaries?pincode=560038' },
};

describe('public keys', () => {
  it("open exactly the location routes the checkout widget's scripts call", () => {
    const calls = widgetCalls();
    expect(calls).toEqual(new Set(Object.keys(WIDGET_REQUESTS)));
    const open = keyedRoutes().filter((r) => r.open);
    expect(new Set(open.map((r) => r.name))).toEqual(calls);
  });

  it("are answered on the widget's routes from an allowed origin, with the CORS headers", async () => {
    for (const [name, request] of Object.entries(WIDGET_REQUESTS)) {
      const res = await api.call(name.split(' ')[0]!, request.path, { headers: fromShop(publicKey), ...request });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), name).toBe(ORIGIN);
    }
  });

  it('are refused 403 public_key_not_allowed on every other keyed route, batches and the usage report included', async () => {
    const refused = keyedRoutes().filter((r) => !r.open);
    expect(refused.map((r) => r.name)).toEqual(
      expect.arrayContaining(['POST /v1/geopin/batch', 'POST /v1/location/batch-lookup', 'GET /v1/geopin/usage']),
    );
    for (const route of refused) {
      const path = route.path.replace('{geopin}', '4P3JK852C9');
      const body = route.method === 'POST' ? { locations: [{ latitude: 12.97, longitude: 77.59 }] } : undefined;
      const res = await api.call(route.method, path, { headers: fromShop(publicKey), body });
      expect(res.status, route.name).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'public_key_not_allowed' });
      expect(res.body.message).toContain(`cannot call ${route.name}`);
      // Official-compatible routes put the message in `error`, as India Post's service does.
      expect(res.body.error).toBe(route.official ? res.body.message : 'Forbidden');
      expect(JSON.stringify(res.body), route.name).not.toMatch(/"(label|plan|used)"/);
      // The widget's page can read the refusal.
      expect(res.headers.get('access-control-allow-origin'), route.name).toBe(ORIGIN);
    }
  });

  it('still need their origin first: without one, any route is 401 origin_not_allowed', async () => {
    const res = await api.call('POST', '/v1/location/batch-lookup', {
      headers: { 'x-api-key': publicKey },
      body: { locations: [{ latitude: 12.97, longitude: 77.59 }] },
    });
    expect([res.status, res.body.code]).toEqual([401, 'origin_not_allowed']);
  });

  it("cost a refused call nothing: neither the key's quota nor its burst", async () => {
    const key = await api.createKey({
      plan: 'free',
      isPublic: true,
      allowedOrigins: [ORIGIN],
      monthlyLimitOverride: 2,
      rateLimitOverride: 1,
    });
    const locations = Array.from({ length: 100 }, () => ({ latitude: 12.97, longitude: 77.59 }));
    for (let i = 0; i < 5; i++) {
      const res = await api.call('POST', '/v1/location/batch-lookup', { headers: fromShop(key), body: { locations } });
      expect(res.status).toBe(403);
    }
    for (let i = 0; i < 2; i++) {
      const res = await api.call('GET', '/v1/pincode/validate/560038', { headers: fromShop(key) });
      expect(res.status).toBe(200);
    }
  });

  it('leave server keys every route', async () => {
    expect(dataOf(await api.get('/v1/geopin/usage')).plan).toBe('enterprise');
    const batch = await api.post('/v1/location/batch-lookup', { locations: [{ latitude: 12.97, longitude: 77.59 }] });
    expect(batch.status).toBe(200);
  });
});
