// withinKm's shortcut must agree with the haversine distance it skips, on both sides of the limit.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { haversineKm, withinKm } from '../../src/geocoding/geo-math.ts';

describe('withinKm', () => {
  it('says what comparing the haversine distance with the limit says, for points near and far', () => {
    const next = mulberry32(17);
    for (let k = 0; k < 20_000; k++) {
      const lat = 6 + next() * 30;
      const lon = 68 + next() * 30;
      // Mostly within a degree of each other, so limits of 15 and 30 km fall on both sides.
      const lat2 = lat + (next() - 0.5) * (k % 10 === 0 ? 20 : 0.8);
      const lon2 = lon + (next() - 0.5) * 0.8;
      for (const km of [15, 30])
        expect(withinKm(lat, lon, lat2, lon2, km)).toBe(haversineKm(lat, lon, lat2, lon2) <= km);
    }
  });

  it('keeps points exactly at the limit due north, and rules out one a metre beyond it', () => {
    const north = (km: number) => 20 + (km / 6371.0088) * (180 / Math.PI);
    expect(withinKm(20, 77, north(15), 77, haversineKm(20, 77, north(15), 77))).toBe(true);
    expect(withinKm(20, 77, north(15.001), 77, 15)).toBe(false);
  });
});
