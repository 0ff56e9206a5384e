// An address that gives its point (a DIGIPIN, coordinates) is answered with that point, in its boundary's pincode.
import { describe, expect, it } from 'vitest';
import { LocationService } from '../../src/geocoding/location-service.ts';
import { decode, encode } from '../../src/native/digipin.ts';
import { mulberry32 } from '../../bench/seeded.ts';
import { datasetDir } from '../support/dataset.ts';

const service = LocationService.open(datasetDir);
const places = service.places;

/** Seeded pincode points of the dataset: a spread of India, from its own data. */
function samplePoints(n: number): Array<{ lat: number; lon: number }> {
  const random = mulberry32(29);
  const out: Array<{ lat: number; lon: number }> = [];
  while (out.length < n) {
    const p = Math.floor(random() * places.pinCode.length);
    if (Number.isFinite(places.pinLat[p]!)) out.push({ lat: places.pinLat[p]!, lon: places.pinLon[p]! });
  }
  return out;
}

describe('an address that gives its point', () => {
  it("answers a DIGIPIN with its cell's centre, in the pincode whose boundary holds it", () => {
    // Each was a 404: the code was searched as a place name.
    let checked = 0;
    for (const { lat, lon } of samplePoints(60)) {
      const code = encode(lat, lon);
      const centre = decode(code);
      const lookup = service.lookup(centre.lat, centre.lon);
      const a = service.geocode({ address: `House 12, ${code}` });
      if (lookup === null) continue; // A cell centre just outside every boundary is searched by its words instead.
      expect(a, code).toMatchObject({ geopin: code, match_level: 'point', level: 'pincode', pincode: lookup.pincode });
      expect([a!.latitude, a!.longitude]).toEqual([centre.lat, centre.lon].map((v) => Math.round(v * 1e6) / 1e6));
      expect(a!.confidence).toBeGreaterThanOrEqual(0.9);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('answers coordinates with that point', () => {
    let checked = 0;
    for (const { lat, lon } of samplePoints(40)) {
      const text = `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
      const lookup = service.lookup(Number(lat.toFixed(6)), Number(lon.toFixed(6)));
      if (lookup === null) continue;
      expect(service.geocode({ address: text }), text).toMatchObject({ match_level: 'point', pincode: lookup.pincode });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('flags a typed pincode the point is not in, and keeps the point', () => {
    const a = service.geocode({ address: 'Flat 5, 4P3-J24-KJML', pincode: '110001' })!;
    expect(a).toMatchObject({ pincode: '560038', warnings: ['pincode_mismatch'], suggestions: { pincode: '560038' } });
    expect(a.confidence).toBeLessThan(0.8);
    expect(a.components).toMatchObject({ house: 'flat 5', pincode: '110001' });
  });

  it('searches the words when the point lies outside every boundary', () => {
    // CFJ-KLM-PT23 is a cell at sea: the address is read as the words it has.
    const sea = decode('CFJ-KLM-PT23');
    expect(service.lookup(sea.lat, sea.lon)).toBeNull();
    expect(service.geocode({ address: 'CFJ-KLM-PT23, Connaught Place, New Delhi' })).toMatchObject({
      pincode: '110001',
    });
  });
});
