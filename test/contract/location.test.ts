// The location document (../shared/spec/001_e062711b44300d74.txt), section by section, over real HTTP: every endpoint, field, status and limit it states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';
import { errorCode } from '../support/client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

const isString = (v: unknown) => typeof v === 'string';
const BENGALURU = { latitude: 12.9716, longitude: 77.5946 };

describe('1. What the service does', () => {
  it('reports roughly 19,000 boundaries across the states and 478 divisions', async () => {
    const { data } = (await api.get('/v1/location/stats')).body;
    expect(data.total_boundaries).toBe(19_312);
    expect(data.total_divisions).toBe(478);
    expect(data.total_states).toBeGreaterThanOrEqual(36);
  });

  it('converts an address to a geopin, and coordinates to a geopin and back', async () => {
    const geo = (await api.post('/v1/geopin/geocode', { address: 'Indiranagar', city: 'Bengaluru', pincode: '560038' }))
      .body.data;
    expect(geo.geopin).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    const pin = (await api.post('/v1/geopin/coordinates-to-geopin', BENGALURU)).body.data;
    const back = (await api.post('/v1/geopin/reverse', { geopin: pin.geopin })).body.data;
    expect(Math.abs(back.coordinates.latitude - BENGALURU.latitude)).toBeLessThan(0.0001);
  });
});

describe('2. Resources and their fields', () => {
  it('Geocode result: geopin, coordinates {latitude, longitude}, address, confidence', async () => {
    const res = await api.post('/v1/geopin/geocode', {
      address: '100 Feet Road, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      country: 'India',
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const d = res.body.data;
    expect(isString(d.geopin) && isString(d.address) && typeof d.confidence === 'number').toBe(true);
    expect(typeof d.coordinates.latitude).toBe('number');
    expect(typeof d.coordinates.longitude).toBe('number');
  });

  it('Coordinates-to-geopin result: geopin and coordinates', async () => {
    const res = await api.post('/v1/geopin/coordinates-to-geopin', BENGALURU);
    expect(res.body).toEqual({ success: true, data: { geopin: '4P3-JK8-52C9', coordinates: BENGALURU } });
  });

  it('Boundary lookup result: state, district, division, locality, pincode, delivery, all strings', async () => {
    for (const body of [BENGALURU, { geopin: '4P3-JK8-52C9' }]) {
      const d = (await api.post('/v1/location/lookup', body)).body.data;
      for (const field of ['state', 'district', 'division', 'locality', 'pincode', 'delivery'])
        expect(isString(d[field]), field).toBe(true);
      expect(d).toMatchObject({ state: 'Karnataka', pincode: '560001', delivery: 'Delivery' });
    }
  });

  it('Service information documents: message, description, integer live_statistics, endpoints as a map; for geocoding version, features, products, pricing', async () => {
    for (const path of ['/', '/v1', '/v1/location']) {
      const d = (await api.call('GET', path)).body.data;
      expect(isString(d.message) && isString(d.description)).toBe(true);
      for (const field of ['total_boundaries', 'total_states', 'total_divisions', 'cache_size'])
        expect(Number.isInteger(d.live_statistics[field]), field).toBe(true);
      expect(Object.values(d.endpoints).every(isString)).toBe(true);
    }
    const geocoding = (await api.call('GET', '/v1')).body.data;
    expect(geocoding.version).toBe('1.0.0');
    expect(geocoding.features.length).toBeGreaterThan(0);
    expect(geocoding.products.map((p: { version: string }) => p.version)).toEqual(['v1', 'v1']);
    expect(geocoding.pricing).toEqual([
      expect.objectContaining({ plan: 'free', monthly_requests: 25_000 }),
      expect.objectContaining({ plan: 'paid', monthly_requests: 100_000, price_inr_per_month: 1_999 }),
      expect.objectContaining({ plan: 'enterprise', monthly_requests: null }),
    ]);
  });

  it('wraps every successful JSON response in success plus data (official-compatible routes also carry their fields at the top level)', async () => {
    const gets = [
      '/v1/geopin/usage',
      '/v1/location/stats',
      '/v1/geopin/validate/4P3-JK8-52C9',
      '/v1/pincode/validate/560001',
      '/v1/geopin/autocomplete?q=indira',
      '/v1/geopin/encode?latitude=12.9716&longitude=77.5946',
      '/v1/geopin/decode?geopin=4P3-JK8-52C9',
    ];
    for (const path of gets) {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.success, path).toBe(true);
      expect(res.body.data, path).toBeDefined();
    }
  });
});

describe('4. Endpoints', () => {
  it('POST /v1/geopin/geocode takes the Address input', async () => {
    const d = (
      await api.post('/v1/geopin/geocode', { address: 'MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'IN' })
    ).body.data;
    expect(d.coordinates.latitude).toBeGreaterThan(12);
  });

  it('POST /v1/geopin/coordinates-to-geopin takes latitude and longitude', async () => {
    expect((await api.post('/v1/geopin/coordinates-to-geopin', { latitude: 28.6139 })).status).toBe(400);
  });

  it('GET /v1/geopin/autocomplete: q of at least 3 characters, limit default 5 and at most 10, near me with lat and lng', async () => {
    expect((await api.get('/v1/geopin/autocomplete?q=ba')).status).toBe(400);
    expect((await api.get('/v1/geopin/autocomplete?q=nagar')).body.data.results).toHaveLength(5);
    expect((await api.get('/v1/geopin/autocomplete?q=nagar&limit=10')).body.data.results).toHaveLength(10);
    expect((await api.get('/v1/geopin/autocomplete?q=nagar&limit=11')).status).toBe(400);
    expect(errorCode(await api.get('/v1/geopin/autocomplete?q=post%20office%20near%20me'))).toBe('location_required');
    const near = (await api.get('/v1/geopin/autocomplete?q=near%20me&lat=12.9716&lng=77.5946')).body.data;
    expect(near.results.length).toBeGreaterThan(0);
  });

  it('biases autocomplete to about 50 km of lat/lng', async () => {
    const plain = (await api.get('/v1/geopin/autocomplete?q=indira&limit=10')).body.data.results;
    const biased = (await api.get('/v1/geopin/autocomplete?q=indira&limit=10&lat=12.9716&lng=77.5946')).body.data
      .results;
    expect(biased[0].distance_km).toBeLessThan(50);
    expect(plain.map((p: { pincode: string }) => p.pincode)).not.toEqual(
      biased.map((p: { pincode: string }) => p.pincode),
    );
  });

  it('POST /v1/geopin/batch takes up to 100 addresses, each at least an address', async () => {
    const ok = await api.post('/v1/geopin/batch', {
      addresses: Array(100).fill({ address: 'Indiranagar', pincode: '560038' }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.results).toHaveLength(100);
    expect((await api.post('/v1/geopin/batch', { addresses: Array(101).fill({ address: 'x' }) })).status).toBe(400);
    const item = (await api.post('/v1/geopin/batch', { addresses: [{ city: 'Bengaluru' }] })).body.data.results[0];
    expect(item).toMatchObject({ success: false, error: { code: 'invalid_item' } });
  });

  it('POST /v1/geopin/reverse takes a geopin and returns coordinates and address details', async () => {
    const d = (await api.post('/v1/geopin/reverse', { geopin: '4P3-JK8-52C9' })).body.data;
    expect(d.coordinates).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(d.location).toMatchObject({ pincode: '560001', state: 'Karnataka' });
  });

  it('POST /v1/location/lookup takes latitude and longitude, or a geopin', async () => {
    expect((await api.post('/v1/location/lookup', BENGALURU)).status).toBe(200);
    expect((await api.post('/v1/location/lookup', { geopin: '4P3JK852C9' })).status).toBe(200);
    expect((await api.post('/v1/location/lookup', {})).status).toBe(400);
  });

  it('POST /v1/location/batch-lookup takes up to 100 coordinates or geopins', async () => {
    const locations = [...Array(50).fill(BENGALURU), ...Array(50).fill({ geopin: '4P3-JK8-52C9' })];
    const d = (await api.post('/v1/location/batch-lookup', { locations })).body.data;
    expect(d.results).toHaveLength(100);
    expect(d.results.every((r: { pincode: string }) => r.pincode === '560001')).toBe(true);
    expect((await api.post('/v1/location/batch-lookup', { locations: [...locations, BENGALURU] })).status).toBe(400);
  });

  it('GET /v1/location/stats reports boundary statistics and cache status', async () => {
    const d = (await api.get('/v1/location/stats')).body.data;
    expect(Number.isInteger(d.cache_size)).toBe(true);
  });

  it('GET /v1/geopin/validate/{geopin} validates format and whether it maps to a real location', async () => {
    expect((await api.get('/v1/geopin/validate/4P3-JK8-52C9')).body.data).toMatchObject({
      valid_format: true,
      maps_to_location: true,
    });
    expect((await api.get('/v1/geopin/validate/LLL-LLL-LLLL')).body.data).toMatchObject({
      valid_format: true,
      maps_to_location: false,
    });
    expect((await api.get('/v1/geopin/validate/ABC')).body.data).toMatchObject({
      valid_format: false,
      maps_to_location: false,
    });
  });

  it('GET /v1/pincode/validate/{pincode} validates a 6-digit pincode against the postal database', async () => {
    expect((await api.get('/v1/pincode/validate/560001')).body.data).toMatchObject({
      pincode: '560001',
      valid_format: true,
      exists: true,
    });
    expect((await api.get('/v1/pincode/validate/999999')).body.data).toMatchObject({
      valid_format: true,
      exists: false,
    });
    expect((await api.get('/v1/pincode/validate/12345')).body.data).toMatchObject({
      valid_format: false,
      exists: false,
    });
  });

  it('GET /v1/geopin/encode (latitude and longitude required) and /decode (geopin required) are official-compatible', async () => {
    expect((await api.get('/v1/geopin/encode?latitude=12.9716&longitude=77.5946')).body).toMatchObject({
      digipin: '4P3-JK8-52C9',
    });
    expect((await api.get('/v1/geopin/encode?latitude=12.9716')).status).toBe(400);
    expect((await api.get('/v1/geopin/decode?geopin=4P3-JK8-52C9')).body).toMatchObject({
      latitude: '12.971601',
      longitude: '77.594584',
    });
    expect((await api.get('/v1/geopin/decode')).status).toBe(400);
  });

  it('GET /v1/geopin/usage reports the calling key against its plan', async () => {
    const key = await api.createKey({ plan: 'free' });
    await api.get('/v1/location/stats', { 'x-api-key': key });
    expect((await api.get('/v1/geopin/usage', { 'x-api-key': key })).body.data).toMatchObject({
      plan: 'free',
      used: 1,
      limit: 25_000,
    });
  });
});

describe('5. Authentication', () => {
  const keyed: Array<[string, string, unknown?]> = [
    ['POST', '/v1/geopin/geocode', { address: 'x' }],
    ['POST', '/v1/geopin/coordinates-to-geopin', BENGALURU],
    ['GET', '/v1/geopin/autocomplete?q=abc'],
    ['POST', '/v1/geopin/batch', { addresses: [{ address: 'x' }] }],
    ['POST', '/v1/geopin/reverse', { geopin: '4P3-JK8-52C9' }],
    ['POST', '/v1/location/lookup', BENGALURU],
    ['POST', '/v1/location/batch-lookup', { locations: [BENGALURU] }],
    ['GET', '/v1/location/stats'],
    ['GET', '/v1/geopin/validate/4P3-JK8-52C9'],
    ['GET', '/v1/pincode/validate/560001'],
    ['GET', '/v1/geopin/encode?latitude=12&longitude=77'],
    ['GET', '/v1/geopin/decode?geopin=4P3-JK8-52C9'],
    ['GET', '/v1/geopin/usage'],
  ];

  it('every endpoint requires x-api-key: a missing or invalid key yields 401', async () => {
    for (const [method, path, body] of keyed) {
      expect((await api.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect(
        (await api.call(method, path, { body, headers: { 'x-api-key': 'gp_sk_wrong' } })).status,
        `${method} ${path}`,
      ).toBe(401);
    }
  });

  it('a public key works only from the domain it is scoped to', async () => {
    const key = await api.createKey({ plan: 'free', isPublic: true, allowedOrigins: ['https://shop.example'] });
    // The pincode check is what the checkout widget calls with it.
    const check = (origin: string) => api.get('/v1/pincode/validate/560038', { 'x-api-key': key, origin });
    expect((await check('https://shop.example')).status).toBe(200);
    expect((await check('https://other.example')).status).toBe(401);
  });
});

describe('7. Errors', () => {
  it('a failed request returns JSON with error, message and code: 400 for missing or malformed parameters', async () => {
    for (const res of [
      await api.post('/v1/location/lookup', { latitude: 'north' }),
      await api.post('/v1/geopin/geocode', { address: 'Indiranagar', pincode: '56OO38' }),
      await api.post('/v1/geopin/geocode', '{"address":'),
      await api.get('/v1/geopin/encode?latitude=abc&longitude=77'),
    ]) {
      expect(res.status).toBe(400);
      expect(isString(res.body.error) && isString(res.body.message) && isString(res.body.code)).toBe(true);
    }
  });

  it('429 when the rate limit is exceeded, with Retry-After for the backoff', async () => {
    const key = await api.createKey({ plan: 'free', rateLimitOverride: 1 });
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => api.get('/v1/location/stats', { 'x-api-key': key })),
    );
    const limited = statuses.find((r) => r.status === 429)!;
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(errorCode(limited)).toBe('rate_limited');
  });
});

describe('8. Limits', () => {
  it('the free plan allows 25,000 requests a month, paid 100,000, enterprise unlimited', async () => {
    for (const [plan, limit] of [
      ['free', 25_000],
      ['paid', 100_000],
      ['enterprise', null],
    ] as const) {
      const key = await api.createKey({ plan });
      expect((await api.get('/v1/geopin/usage', { 'x-api-key': key })).body.data.limit).toBe(limit);
    }
  });
});

describe('9. Versioning', () => {
  it('paths carry /v1; the geocoding service reports version 1.0.0 and v1 products', async () => {
    const doc = (await api.call('GET', '/openapi/location.json')).body;
    expect(doc.info.version).toBe('1.0.0');
    const servicePaths = [
      '/',
      '/openapi.json',
      '/openapi/location.json',
      '/openapi/checkout.json',
      '/healthz',
      '/readyz',
    ];
    const locationPaths = Object.keys(doc.paths).filter((p) => !servicePaths.includes(p));
    expect(locationPaths.length).toBeGreaterThanOrEqual(13);
    expect(locationPaths.every((p) => p.startsWith('/v1'))).toBe(true);
    expect((await api.call('GET', '/v1')).body.data).toMatchObject({
      version: '1.0.0',
      products: [{ version: 'v1' }, { version: 'v1' }],
    });
  });
});
