// Per-polygon answers: each laid-out fragment is exactly the document's JSON.
import { describe, expect, it } from 'vitest';
import type { LocationInfo } from '../../src/geocoding/location-api.ts';
import { documentLocation, PolygonAnswers } from '../../src/geocoding/polygon-answers.ts';

const places: LocationInfo[] = [
  {
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    division: 'Bengaluru GPO',
    locality: 'Bengaluru',
    pincode: '560001',
    delivery: true,
  },
  { state: null, district: null, division: null, locality: null, pincode: '110001', delivery: false },
  {
    state: 'Tamil Nadu',
    district: 'Chennai',
    division: 'Chennai City "South"',
    locality: 'Thyāgarāya Nagar — T. Nagar',
    pincode: '600017',
    delivery: true,
  },
  // Every escape JSON.stringify makes: backslash, control characters, a lone surrogate; and a pair it leaves alone.
  {
    state: 'A\\B',
    district: 'tab\there\nline\u0001',
    division: 'lone \ud800 half',
    locality: 'pin 📍 place',
    pincode: '000000',
    delivery: false,
  },
];

describe('PolygonAnswers', () => {
  it("lays out each fragment as the members of documentLocation's JSON, so splicing it gives the same object", () => {
    const { bytes, ends } = PolygonAnswers.of(places.length, (id) => places[id]!).laidOut();
    expect(ends.length).toBe(places.length);
    expect(ends.at(-1)).toBe(bytes.length);
    places.forEach((place, id) => {
      const fragment = bytes.subarray(id === 0 ? 0 : ends[id - 1], ends[id]).toString();
      expect(JSON.parse(`{${fragment}}`)).toEqual(documentLocation(place));
    });
  });
});
