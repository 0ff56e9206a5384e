// POST /v1/geopin/geocode and /v1/geopin/batch over real HTTP on the built dataset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

describe('POST /v1/geopin/geocode', () => {
  it('places an address by its pincode and the locality named in it, ignoring the landmark', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/geocode', {
        address: '12, 100 Feet Road, Indiranagar, Near CMH Hospital',
        city: 'Bangalore',
        state: 'Karnataka',
        pincode: '560038',
        country: 'India',
      }),
    );
    expect(data).toMatchObject({
      level: 'locality',
      pincode: '560038',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      confidence: 0.92,
    });
    expect(data.address).toBe('Indiranagar, Bengaluru Urban, Karnataka 560038');
    expect(data.geopin).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    // The answer lies inside the 560038 polygon: check through the lookup endpoint.
    const look = dataOf(await api.post('/v1/location/lookup', data.coordinates));
    expect(look.pincode).toBe('560038');
  });

  it("answers an address that gives its DIGIPIN with that code's cell, and its boundary's pincode", async () => {
    const data = dataOf(await api.post('/v1/geopin/geocode', { address: 'Flat 5, Indiranagar, DIGIPIN 4P3-J24-KJML' }));
    expect(data).toMatchObject({ geopin: '4P3-J24-KJML', level: 'pincode', match_level: 'point', confidence: 0.95 });
    const look = dataOf(await api.post('/v1/location/lookup', data.coordinates));
    expect(data.pincode).toBe(look.pincode);
  });

  it('uses a verified post-office point when the office is named and the pincode sits in the address text', async () => {
    const data = dataOf(await api.post('/v1/geopin/geocode', { address: 'Shop 5, Connaught Place, New Delhi 110001' }));
    expect(data).toMatchObject({ level: 'office', pincode: '110001', confidence: 0.92 });
    expect(data.address).toContain('Connaught Place');
  });

  it('falls back to the pincode point, which lies inside the pincode polygon', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/geocode', { address: '221B Baker Street', city: 'Pune', pincode: '411 001' }),
    );
    expect(data).toMatchObject({ level: 'pincode', pincode: '411001', confidence: 0.8 });
    const look = dataOf(await api.post('/v1/location/lookup', data.coordinates));
    expect(look.pincode).toBe('411001');
  });

  it('warns, with a suggestion and lower confidence, when the state contradicts the pincode', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/geocode', { address: 'MG Road', pincode: '411001', state: 'Gujarat' }),
    );
    expect(data).toMatchObject({
      pincode: '411001',
      warnings: ['state_mismatch'],
      suggestions: { state: 'Maharashtra' },
    });
    expect(data.confidence).toBeLessThan(0.55);
  });

  it('answers a specific locality over a mistyped pincode, and says which pincode it suggests', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/geocode', { address: 'Lajpat Nagar IV, New Delhi', pincode: '110042' }),
    );
    expect(data).toMatchObject({
      pincode: '110024',
      warnings: ['pincode_mismatch'],
      suggestions: { pincode: '110024' },
    });
    expect(data.confidence).toBeLessThan(0.8);
    const agreeing = dataOf(
      await api.post('/v1/geopin/geocode', { address: 'Lajpat Nagar IV, New Delhi', pincode: '110024' }),
    );
    expect(agreeing).toMatchObject({ pincode: '110024', warnings: [], suggestions: {} });
  });

  it("flags a typed pincode no post office has, in the field or the text, and suggests the place's", async () => {
    for (const body of [
      { address: 'Koramangala, Bengaluru', pincode: '560999' },
      { address: 'Koramangala, Bengaluru 560999' },
    ]) {
      const data = dataOf(await api.post('/v1/geopin/geocode', body));
      expect(data).toMatchObject({
        pincode: '560034',
        warnings: ['pincode_mismatch'],
        suggestions: { pincode: '560034' },
      });
      expect(data.confidence).toBeLessThan(0.8);
    }
    // A digit too many or too few where the pincode goes is one no post office has too.
    const slipped = dataOf(await api.post('/v1/geopin/geocode', { address: 'Koramangala, Bengaluru 5600034' }));
    expect(slipped).toMatchObject({
      pincode: '560034',
      warnings: ['pincode_mismatch'],
      suggestions: { pincode: '560034' },
    });
    // Its first three digits still say where: the namesake in that sorting district, not the best known elsewhere.
    for (const [address, pincode] of [
      ['Indiranagar 560999', '560038'],
      ['Vaishali 201999', '201019'],
    ] as const)
      expect(dataOf(await api.post('/v1/geopin/geocode', { address })), address).toMatchObject({
        pincode,
        warnings: ['pincode_mismatch'],
        suggestions: { pincode },
      });
  });

  it('matches a locality by name without a pincode, with abbreviations and city aliases normalised', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/geocode', { address: 'Flat 2, Andheri East', city: 'Bombay', state: 'MH' }),
    );
    expect(data).toMatchObject({
      level: 'locality',
      pincode: '400069',
      district: 'Mumbai Suburban',
      state: 'Maharashtra',
    });
  });

  it('falls back to the named city centre (with the pincode of that point), then the state', async () => {
    const district = dataOf(
      await api.post('/v1/geopin/geocode', { address: 'Somewhere unknown', city: 'Mysore', state: 'Karnataka' }),
    );
    expect(district).toMatchObject({ level: 'district', district: 'Mysuru', confidence: 0.53 });
    const look = dataOf(await api.post('/v1/location/lookup', district.coordinates));
    expect(look.pincode).toBe(district.pincode);
    const state = dataOf(
      await api.post('/v1/geopin/geocode', { address: 'Somewhere unknown', city: 'Nowhere', state: 'Tamil Nadu' }),
    );
    expect(state).toMatchObject({ level: 'state', state: 'Tamil Nadu', confidence: 0.15, pincode: null });
  });

  it('answers 404 when nothing in the address can be placed', async () => {
    const res = await api.post('/v1/geopin/geocode', { address: 'qwerty uiop', city: 'asdfgh' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not Found', code: 'address_not_found' });
  });

  it('rejects a missing address, a non-Indian country and malformed JSON with 400', async () => {
    const missing = await api.post('/v1/geopin/geocode', { city: 'Pune' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('address') });
    // Blank (a vertical tab, spaces): refused, and the published schema says so with its pattern.
    const blank = await api.post('/v1/geopin/geocode', { address: '\u000b \t' });
    expect([blank.status, blank.body.message]).toEqual([400, 'address: must not be blank']);
    const country = await api.post('/v1/geopin/geocode', { address: '10 Downing Street', country: 'United Kingdom' });
    expect(country.status).toBe(400);
    expect(country.body).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('only addresses in India'),
    });
    for (const india of ['India', 'IN', 'ind', 'BHARAT', 'Republic of India', ' india ']) {
      expect(
        (await api.post('/v1/geopin/geocode', { address: 'Indiranagar', pincode: '560038', country: india })).status,
        india,
      ).toBe(200);
    }
    const malformed = await api.post('/v1/geopin/geocode', '{"address": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('invalid_json');
  });

  it('reads an empty or null optional field as not given, as checkout forms send a field left blank', async () => {
    const plain = dataOf(await api.post('/v1/geopin/geocode', { address: 'Delhi' }));
    for (const empty of ['', '  ', null]) {
      const body = { address: 'Delhi', city: empty, state: empty, pincode: empty, country: empty };
      expect(dataOf(await api.post('/v1/geopin/geocode', body)), JSON.stringify(empty)).toEqual(plain);
      for (const field of ['city', 'state', 'pincode', 'country']) {
        const one = await api.post('/v1/geopin/geocode', { address: 'Delhi', [field]: empty });
        expect([one.status, one.body.data], `${field}: ${JSON.stringify(empty)}`).toEqual([200, plain]);
      }
    }
    // The required address is still required, and a value that is given is still checked.
    for (const body of [
      { address: '' },
      { address: null },
      { address: 'Delhi', pincode: '12345' },
      { address: 'Delhi', country: 'Nepal' },
      { address: 'Delhi', city: 7 },
    ]) {
      expect((await api.post('/v1/geopin/geocode', body)).status, JSON.stringify(body)).toBe(400);
    }
    const pincode = await api.post('/v1/geopin/geocode', { address: 'Delhi', pincode: '12345' });
    expect(pincode.body.issues).toEqual([{ path: 'pincode', message: 'must be a 6-digit pincode' }]);
  });

  it('rejects a body over the 16 KiB limit', async () => {
    const res = await api.post('/v1/geopin/geocode', { address: 'x'.repeat(20_000) });
    expect(res.status).toBe(413);
  });
});

describe('POST /v1/geopin/batch', () => {
  it('answers each item on its own: one bad item does not fail the batch', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/batch', {
        addresses: [
          { address: 'Indiranagar', pincode: '560038' },
          { address: 42 },
          { address: 'qwerty', city: 'asdfgh' },
          { address: 'Koramangala', city: 'Bengaluru', pincode: 560034 },
        ],
      }),
    );
    expect(data.succeeded).toBe(2);
    expect(data.failed).toBe(2);
    expect(data.results[0]).toMatchObject({ index: 0, success: true, data: { pincode: '560038' } });
    expect(data.results[1]).toMatchObject({
      index: 1,
      success: false,
      error: { code: 'invalid_item', message: expect.stringContaining('address') },
    });
    expect(data.results[2]).toMatchObject({ index: 2, success: false, error: { code: 'address_not_found' } });
    expect(data.results[3]).toMatchObject({ index: 3, success: true, data: { pincode: '560034' } });
  });

  it('reads an empty or null optional field of an item as not given, as the single geocode does', async () => {
    const data = dataOf(
      await api.post('/v1/geopin/batch', {
        addresses: [
          { address: 'Indiranagar', pincode: '560038' },
          { address: 'Indiranagar', pincode: '560038', city: '', state: null, country: '' },
          { address: 'Delhi', pincode: '' },
          { address: 'Delhi', pincode: null, city: null, state: '', country: null },
          { address: '' },
        ],
      }),
    );
    expect([data.succeeded, data.failed]).toEqual([4, 1]);
    expect(data.results[1].data).toEqual(data.results[0].data);
    expect(data.results[3].data).toEqual(data.results[2].data);
    const single = dataOf(await api.post('/v1/geopin/geocode', { address: 'Delhi' }));
    expect(data.results[2].data).toEqual(single);
    expect(data.results[4]).toMatchObject({ success: false, error: { code: 'invalid_item' } });
  });

  it('accepts 100 addresses and rejects 101 or none', async () => {
    const item = { address: 'Indiranagar', pincode: '560038' };
    const ok = dataOf(await api.post('/v1/geopin/batch', { addresses: Array(100).fill(item) }));
    expect(ok.succeeded).toBe(100);
    const tooMany = await api.post('/v1/geopin/batch', { addresses: Array(101).fill(item) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('invalid_request');
    expect((await api.post('/v1/geopin/batch', { addresses: [] })).status).toBe(400);
  });
});
