// Geopin routes over HTTP: coordinates-to-geopin, reverse, validate, and the official-compatible encode/decode.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vectorsDir } from '../support/paths.ts';
import { dataOf, startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

function readJsonl<T>(name: string): T[] {
  return readFileSync(`${vectorsDir}/${name}`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as T);
}

describe('POST /v1/geopin/coordinates-to-geopin', () => {
  it('encodes a point', async () => {
    const data = dataOf(await api.post('/v1/geopin/coordinates-to-geopin', { latitude: 12.97, longitude: 77.64 }));
    expect(data).toEqual({ geopin: '4P3-J5F-6MLM', coordinates: { latitude: 12.97, longitude: 77.64 } });
  });

  it('rejects a point outside the DIGIPIN grid with the official message, and a string latitude', async () => {
    const res = await api.post('/v1/geopin/coordinates-to-geopin', { latitude: 40, longitude: 77 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Bad Request',
      message: 'Latitude out of range',
      code: 'latitude_out_of_range',
    });
    expect((await api.post('/v1/geopin/coordinates-to-geopin', { latitude: '12', longitude: 77 })).status).toBe(400);
  });
});

describe('POST /v1/geopin/reverse', () => {
  it('returns the cell centre and the boundary containing it', async () => {
    const data = dataOf(await api.post('/v1/geopin/reverse', { geopin: '4p3j24kjml' }));
    expect(data).toMatchObject({
      geopin: '4P3-J24-KJML',
      found: true,
      location: { pincode: '560038', locality: 'Indiranagar', state: 'Karnataka' },
    });
    expect(data.coordinates).toEqual({ latitude: 12.988665, longitude: 77.641756 });
  });

  it('says found: false for a valid geopin in the sea, and 400 for an invalid one', async () => {
    const sea = dataOf(await api.post('/v1/geopin/reverse', { geopin: 'LLL-LLL-LLLL' }));
    expect(sea).toMatchObject({ found: false, location: null });
    const bad = await api.post('/v1/geopin/reverse', { geopin: '4P3-J24-KJM1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid character in DIGIPIN');
  });
});

describe('GET /v1/geopin/validate/{geopin}', () => {
  it('reports format and whether the code maps to a real location', async () => {
    expect(dataOf(await api.get('/v1/geopin/validate/4P3-J24-KJML'))).toMatchObject({
      valid_format: true,
      maps_to_location: true,
      location: { pincode: '560038' },
    });
    expect(dataOf(await api.get('/v1/geopin/validate/LLL-LLL-LLLL'))).toMatchObject({
      valid_format: true,
      maps_to_location: false,
      location: null,
    });
    expect(dataOf(await api.get('/v1/geopin/validate/NOT-A-PIN'))).toMatchObject({
      valid_format: false,
      maps_to_location: false,
      message: 'Invalid DIGIPIN',
    });
  });
});

describe('official-compatible GET /v1/geopin/encode and /decode', () => {
  it('match the official shapes on a sample of the shared vectors', async () => {
    const enc = readJsonl<{ lat: number; lon: number; digipin: string }>('encode.jsonl').filter(
      (_c, i) => i % 50 === 0,
    );
    for (const c of enc) {
      const res = await api.get(`/v1/geopin/encode?latitude=${c.lat}&longitude=${c.lon}`);
      expect(res.body).toEqual({ success: true, data: { digipin: c.digipin }, digipin: c.digipin });
    }
    const dec = readJsonl<{ digipin: string; lat: string; lon: string }>('decode.jsonl').filter(
      (_c, i) => i % 50 === 0,
    );
    for (const c of dec) {
      const res = await api.get(`/v1/geopin/decode?geopin=${encodeURIComponent(c.digipin)}`);
      expect(res.body).toMatchObject({
        latitude: c.lat,
        longitude: c.lon,
        data: { latitude: c.lat, longitude: c.lon },
      });
    }
    expect((await api.get('/v1/geopin/decode?digipin=4P3-J24-KJML')).body).toMatchObject({
      latitude: '12.988665',
      longitude: '77.641756',
    });
  });

  it('use the official error texts in error (as the official service answers) and in message', async () => {
    const errors = readJsonl<{ op: string; lat?: unknown; lon?: unknown; digipin?: string; error: string }>(
      'errors.jsonl',
    );
    const finite = errors
      .filter((e) => e.op === 'encode' && typeof e.lat === 'number' && typeof e.lon === 'number')
      .slice(0, 20);
    const codes = errors.filter((e) => e.op === 'decode').slice(0, 20);
    expect(finite.length + codes.length).toBeGreaterThan(20);
    for (const e of finite) {
      const res = await api.get(`/v1/geopin/encode?latitude=${String(e.lat)}&longitude=${String(e.lon)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: e.error, message: e.error, code: expect.any(String) });
    }
    for (const e of codes) {
      const res = await api.get(`/v1/geopin/decode?geopin=${encodeURIComponent(e.digipin!)}`);
      expect(res.status, JSON.stringify(e)).toBe(400);
      expect(res.body).toMatchObject({ error: e.error, message: e.error, code: expect.any(String) });
    }
  });

  it('reject NaN, missing, non-numeric and infinite inputs with 400, unlike the official service', async () => {
    for (const query of [
      'latitude=NaN&longitude=77',
      'longitude=77',
      'latitude=abc&longitude=77',
      'latitude=Infinity&longitude=77',
      'latitude=&longitude=77',
      'latitude=1e999&longitude=77',
    ]) {
      const res = await api.get(`/v1/geopin/encode?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('invalid_request');
    }
    expect((await api.get('/v1/geopin/decode')).status).toBe(400);
  });
});
