// GET /v1/location/boundaries over HTTP: the outline of a pincode (by code or at a point) and its neighbours as GeoJSON.
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

/** Indiranagar, Bengaluru: in the full dataset and the sample. */
const POINT = { latitude: 12.9887, longitude: 77.6417 };

describe('GET /v1/location/boundaries', () => {
  it('outlines the pincode at a point, which contains the point, and names its neighbours', async () => {
    const data = dataOf(
      await api.get(`/v1/location/boundaries?latitude=${POINT.latitude}&longitude=${POINT.longitude}`),
    );
    expect(data).toMatchObject({ type: 'FeatureCollection', pincode: '560038' });
    const [selected, ...neighbours] = data.features;
    expect(selected.properties).toMatchObject({ pincode: '560038', selected: true, state: 'Karnataka' });
    const point = { type: 'Point' as const, coordinates: [POINT.longitude, POINT.latitude] };
    expect(booleanPointInPolygon(point, selected.geometry)).toBe(true);
    expect(booleanPointInPolygon({ type: 'Point', coordinates: selected.properties.label }, selected.geometry)).toBe(
      true,
    );
    for (const ring of selected.geometry.coordinates.flat()) expect(ring.at(-1)).toEqual(ring[0]);
    expect(neighbours.length).toBeGreaterThan(2);
    expect(neighbours.length).toBeLessThanOrEqual(24);
    expect(neighbours.every((f: any) => f.properties.selected === false && f.properties.pincode !== '560038')).toBe(
      true,
    );
  });

  it('outlines a pincode by its code, alone when neighbours=false', async () => {
    const data = dataOf(await api.get('/v1/location/boundaries?pincode=560038&neighbours=false'));
    expect(data.features.map((f: any) => f.properties.pincode)).toEqual(['560038']);
    const [w, s, e, n] = data.bbox;
    expect(w < POINT.longitude && POINT.longitude < e && s < POINT.latitude && POINT.latitude < n).toBe(true);
  });

  it('answers 404 for a point at sea or a pincode without a boundary, 400 for bad queries, 401 without a key', async () => {
    const sea = await api.get('/v1/location/boundaries?latitude=15&longitude=65');
    expect([sea.status, sea.body.code]).toEqual([404, 'boundary_not_found']);
    expect((await api.get('/v1/location/boundaries?pincode=999999')).status).toBe(404);
    for (const query of [
      '',
      'pincode=5600',
      'latitude=12.9',
      'pincode=560038&latitude=1&longitude=2',
      'latitude=x&longitude=1',
    ])
      expect((await api.get(`/v1/location/boundaries?${query}`)).status, query).toBe(400);
    expect((await api.call('GET', '/v1/location/boundaries?pincode=560038')).status).toBe(401);
  });

  it('refuses a point off the globe with 400 naming the axis, as every route does, not 404', async () => {
    for (const [query, path] of [
      ['latitude=100&longitude=77', 'latitude'],
      ['latitude=-90.5&longitude=77', 'latitude'],
      ['latitude=12.9&longitude=500', 'longitude'],
      ['latitude=12.9&longitude=-180.01', 'longitude'],
    ]) {
      const res = await api.get(`/v1/location/boundaries?${query}`);
      expect([res.status, res.body.code, res.body.issues?.[0]?.path], query).toEqual([400, 'invalid_request', path]);
    }
    // The edges are points on the globe: at sea there, so 404.
    for (const query of ['latitude=90&longitude=180', 'latitude=-90&longitude=-180'])
      expect((await api.get(`/v1/location/boundaries?${query}`)).status, query).toBe(404);
  });
});
