// The geopin the map step shows while the pin moves is the one the server stores: the browser encoder against the
// native one, at seeded random points over India and at the grid's edges.
import { describe, expect, it } from 'vitest';
import { encode } from '../../../src/native/digipin.ts';
import { loadAsset } from '../support/asset-module.ts';
import { mulberry32 } from '../../../bench/seeded.ts';

const { encodeGeopin } = await loadAsset<{ encodeGeopin: (lat: number, lon: number) => string }>('pin-map.js');

describe('encodeGeopin', () => {
  it('agrees with the native encoder at 5,000 random points over India', () => {
    const random = mulberry32(27);
    for (let i = 0; i < 5000; i++) {
      const lat = Math.round((2.5 + random() * 36) * 1e6) / 1e6;
      const lon = Math.round((63.5 + random() * 36) * 1e6) / 1e6;
      expect(encodeGeopin(lat, lon), `${lat},${lon}`).toBe(encode(lat, lon));
    }
  });

  it('agrees on the bounds and on cell edges', () => {
    const points = [
      [2.5, 63.5],
      [38.5, 99.5],
      [2.5, 99.5],
      [38.5, 63.5],
      [11.5, 72.5],
      [20.5, 81.5],
      [12.988979, 77.641949],
    ];
    for (const [lat, lon] of points) expect(encodeGeopin(lat!, lon!), `${lat},${lon}`).toBe(encode(lat!, lon!));
  });
});
