// /v1/location/* and /v1/pincode/validate over HTTP on the built dataset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

const indiranagar = {
  state: 'Karnataka',
  district: 'Bengaluru Urban',
  division: 'Bengaluru East',
  locality: 'Indiranagar',
  pincode: '560038',
  delivery: 'Delivery',
};

describe('POST /v1/location/lookup', () => {
  it('answers coordinates with the containing pincode area', async () => {
    const data = dataOf(await api.post('/v1/location/lookup', { latitude: 12.9887, longitude: 77.6417 }));
    expect(data).toEqual({
      ...indiranagar,
      coordinates: { latitude: 12.9887, longitude: 77.6417 },
      geopin: expect.stringMatching(/^4P3-J24-/),
    });
  });

  it('answers a geopin through its cell centre', async () => {
    const data = dataOf(await api.post('/v1/location/lookup', { geopin: '4P3-J24-KJML' }));
    expect(data).toMatchObject(indiranagar);
  });

  it('gives a clear 404 outside every polygon', async () => {
    const res = await api.post('/v1/location/lookup', { latitude: 15, longitude: 65 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      error: 'Not Found',
      code: 'location_not_found',
      message: "No pincode boundary contains 15.000000, 65.000000 (outside India's postal areas)",
    });
  });

  it('rejects out-of-range, missing and mistyped input with 400', async () => {
    for (const body of [
      { latitude: 91, longitude: 77 },
      { latitude: 12 },
      {},
      { latitude: '12', longitude: '77' },
      { geopin: 'XYZ' },
    ]) {
      const res = await api.post('/v1/location/lookup', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('names the field at fault: a number as a string, lat/lng for latitude/longitude, a missing axis', async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        { latitude: '12.97', longitude: '77.59' },
        'latitude',
        'must be a number, got a string: send the number without quotes',
      ],
      [{ latitude: 12.97, longitude: 'east' }, 'longitude', 'must be a number, got a string'],
      [{ lat: 12.97, lng: 77.59 }, 'lat', 'use latitude and longitude, not lat/lng'],
      [{ lat: 12.97, lon: 77.59 }, 'lat', 'use latitude and longitude, not lat/lon'],
      [{ latitude: 12.97, lng: 77.59 }, 'lng', 'use longitude, not lng'],
      [{ latitude: 12.97 }, 'longitude', 'required: send latitude and longitude together'],
      [{ latitude: null, longitude: 77.59 }, 'latitude', 'must be a number, got null'],
      [{ latitude: 91, longitude: 77.59 }, 'latitude', 'Too big: expected number to be <=90'],
      [{ geopin: 7 }, 'geopin', 'must be a string, got a number'],
      [{}, '', 'send {latitude, longitude} or {geopin}'],
      [[12.97, 77.59], '', 'send {latitude, longitude} or {geopin} as a JSON object, got an array'],
    ];
    for (const [body, path, message] of cases) {
      const res = await api.post('/v1/location/lookup', body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'invalid_request']);
      expect(res.body.issues[0], JSON.stringify(body)).toEqual({ path, message });
      expect(res.body.message, JSON.stringify(body)).toBe(`${path || 'body'}: ${message}`);
    }
  });
});

describe('POST /v1/location/batch-lookup', () => {
  it('answers mixed coordinates and geopins per item, with misses and invalid items as values', async () => {
    const data = dataOf(
      await api.post('/v1/location/batch-lookup', {
        locations: [
          { latitude: 12.9887, longitude: 77.6417 },
          { geopin: '4P3-J24-KJML' },
          { latitude: 15, longitude: 65 },
          { geopin: 'NOT-A-PIN' },
          { latitude: 'x' },
        ],
      }),
    );
    expect(data).toMatchObject({ found: 2, not_found: 1, invalid: 2 });
    expect(data.results[0]).toMatchObject({ index: 0, found: true, ...indiranagar });
    expect(data.results[1]).toMatchObject({
      index: 1,
      found: true,
      ...indiranagar,
      coordinates: { latitude: 12.988665, longitude: 77.641756 },
    });
    expect(data.results[2]).toEqual({
      index: 2,
      found: false,
      coordinates: { latitude: 15, longitude: 65 },
      geopin: expect.any(String),
    });
    expect(data.results[3]).toMatchObject({ index: 3, found: false, error: { code: 'invalid_digipin' } });
    expect(data.results[4]).toMatchObject({ index: 4, found: false, error: { code: 'invalid_item' } });
  });

  it("names an item's field at fault as a single lookup does", async () => {
    const items = [{ latitude: '12.97', longitude: '77.59' }, { lat: 12.97, lng: 77.59 }, { latitude: 12.97 }];
    const data = dataOf(await api.post('/v1/location/batch-lookup', { locations: items }));
    for (const [i, item] of items.entries()) {
      const single = (await api.post('/v1/location/lookup', item)).body;
      expect(data.results[i]).toEqual({
        index: i,
        found: false,
        error: { code: 'invalid_item', message: single.message },
      });
    }
    expect(data.results[1].error.message).toBe('lat: use latitude and longitude, not lat/lng');
  });

  it('agrees with single lookups on 100 points', async () => {
    const locations = Array.from({ length: 100 }, (_v, i) => ({
      latitude: 8 + ((i * 0.29) % 27),
      longitude: 70 + ((i * 0.37) % 25),
    }));
    const batch = dataOf(await api.post('/v1/location/batch-lookup', { locations }));
    for (const [i, loc] of locations.entries()) {
      const single = await api.post('/v1/location/lookup', loc);
      const { index: _i, found, ...item } = batch.results[i];
      expect(found, JSON.stringify(loc)).toBe(single.status === 200);
      if (found) expect(item, JSON.stringify(loc)).toEqual(single.body.data);
    }
  });

  it('rejects 101 locations and an empty list with 400', async () => {
    const res = await api.post('/v1/location/batch-lookup', {
      locations: Array(101).fill({ latitude: 12, longitude: 77 }),
    });
    expect(res.status).toBe(400);
    expect((await api.post('/v1/location/batch-lookup', { locations: [] })).status).toBe(400);
  });
});

describe('GET /v1/location/stats', () => {
  it('reports counts measured from the loaded data', async () => {
    const data = dataOf(await api.get('/v1/location/stats'));
    expect(data).toMatchObject({ total_boundaries: 19312, total_states: 36, total_divisions: 478, dataset: 'full' });
    expect(data.cache_size).toBeGreaterThan(19312 + 165627);
  });
});

describe('GET /v1/pincode/validate/{pincode}', () => {
  it('returns offices, district, state and delivery status of a real pincode', async () => {
    const data = dataOf(await api.get('/v1/pincode/validate/110001'));
    expect(data).toMatchObject({
      pincode: '110001',
      valid_format: true,
      exists: true,
      state: 'Delhi',
      district: 'New Delhi',
      delivery: true,
      has_boundary: true,
    });
    expect(data.offices.map((o: { name: string }) => o.name)).toContain('Connaught Place SO');
  });

  it("names the city its addresses are written with, which the directory's offices rarely say", async () => {
    const city = async (pincode: string) => dataOf(await api.get(`/v1/pincode/validate/${pincode}`)).city;
    // Koramangala's offices name no town; Leh's is 200 km from its polygon's middle; HITEC City's nearest GeoNames
    // town is the suburb Kukatpalli, but its district is Hyderabad.
    expect(await city('560034')).toBe('Bengaluru');
    expect(await city('194101')).toBe('Leh');
    expect(await city('500081')).toBe('Hyderabad');
    // Delhi is one city though GeoNames lists its census towns (Rohini beside 110042); a metro's suburbs write the
    // metro (Salt Lake, in North 24 Parganas, is Kolkata); a district's own town before another district's city.
    expect(await city('110042')).toBe('Delhi');
    expect(await city('400070')).toBe('Mumbai');
    expect(await city('700091')).toBe('Kolkata');
    expect(await city('751024')).toBe('Bhubaneshwar');
    expect(await city('999999')).toBeNull();
  });

  it('tells a well-formed unknown pincode from a malformed one', async () => {
    expect(dataOf(await api.get('/v1/pincode/validate/999999'))).toMatchObject({
      valid_format: true,
      exists: false,
      offices: [],
    });
    expect(dataOf(await api.get('/v1/pincode/validate/12345'))).toMatchObject({ valid_format: false, exists: false });
    expect(dataOf(await api.get('/v1/pincode/validate/012345'))).toMatchObject({ valid_format: false });
  });

  it('knows a directory pincode that has no boundary polygon', async () => {
    expect(dataOf(await api.get('/v1/pincode/validate/110102'))).toMatchObject({ exists: true, has_boundary: false });
  });
});
