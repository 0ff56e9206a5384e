// The hot routes' precompiled body checks never accept what the schema refuses, and read the same values it would.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { acceptCoordinates, acceptCoordinatesBytes } from '../../src/geocoding/fast-accept.ts';
import { LocationQuerySchema } from '../../src/geocoding/schemas.ts';

const random = mulberry32(15);
const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
const values = (): unknown[] => [
  12.97,
  77.59,
  -90,
  90,
  180,
  -180,
  90.0001,
  -180.5,
  0,
  -0,
  '12.97',
  null,
  true,
  [],
  {},
  1e308,
  -1e308,
];

function candidate(): unknown {
  const shape = pick(['coords', 'coords+', 'geopin', 'both', 'partial', 'junk']);
  if (shape === 'junk') return pick([null, 3, 'x', [], [1, 2], true]);
  const item: Record<string, unknown> = {};
  if (shape !== 'geopin') item.latitude = pick(values());
  if (shape !== 'geopin' && shape !== 'partial') item.longitude = pick(values());
  if (shape === 'coords+') item.extra = pick(values());
  if (shape === 'geopin' || shape === 'both') item.geopin = pick(['4P3-JK8-52C9', '4p3jk852c9', '', 'XYZ', 7]);
  return item;
}

describe('acceptCoordinates', () => {
  it('accepts only what LocationQuerySchema accepts, with the same latitude and longitude, and takes every plainly valid point', () => {
    let fast = 0;
    for (let n = 0; n < 5000; n++) {
      const input = candidate();
      const accepted = acceptCoordinates(input);
      const parsed = LocationQuerySchema.safeParse(input);
      if (accepted) {
        fast++;
        expect(parsed.success).toBe(true);
        // The lookup reads only these two; other keys pass through as parsed.
        expect({ latitude: accepted.latitude, longitude: accepted.longitude }).toEqual(parsed.data);
      } else if (parsed.success) {
        // Only geopin queries may need the schema.
        expect('latitude' in parsed.data).toBe(false);
      }
    }
    expect(fast).toBeGreaterThan(300);
  });
});

/** The body text a client might send for `value`: compact, spaced, pretty, or with the keys swapped. */
function bodyText(value: unknown): string {
  const layout = pick(['compact', 'spaced', 'pretty', 'swapped', 'padded']);
  if (layout === 'spaced') return JSON.stringify(value).replace(/:/g, ': ').replace(/,/g, ', ');
  if (layout === 'pretty') return JSON.stringify(value, null, 2);
  if (layout === 'padded') return `\n ${JSON.stringify(value)} \t`;
  if (layout === 'swapped' && value !== null && typeof value === 'object')
    return JSON.stringify(Object.fromEntries(Object.entries(value).reverse()));
  return JSON.stringify(value) ?? 'null';
}

describe('acceptCoordinatesBytes', () => {
  it('accepts only bodies the schema takes as coordinates, with the values JSON.parse reads', () => {
    let fast = 0;
    for (let n = 0; n < 5000; n++) {
      const input =
        random() < 0.5 ? { latitude: (random() - 0.5) * 190, longitude: (random() - 0.5) * 370 } : candidate();
      const text = random() < 0.05 ? `${bodyText(input)}x` : bodyText(input);
      const accepted = acceptCoordinatesBytes(new TextEncoder().encode(text));
      if (!accepted) continue;
      fast++;
      const parsed = LocationQuerySchema.safeParse(JSON.parse(text));
      expect(parsed.success, text).toBe(true);
      expect(accepted, text).toEqual(parsed.data);
    }
    expect(fast).toBeGreaterThan(300);
  });

  it('takes every in-range point a GPS or an encoder writes with up to 10 decimals, in any layout but swapped keys', () => {
    for (let n = 0; n < 2000; n++) {
      const decimals = Math.floor(random() * 11);
      const point = {
        latitude: Number(((random() - 0.5) * 180).toFixed(decimals)),
        longitude: Number(((random() - 0.5) * 360).toFixed(decimals)),
      };
      let text = bodyText(point);
      if (text.indexOf('longitude') < text.indexOf('latitude')) text = JSON.stringify(point);
      expect(acceptCoordinatesBytes(new TextEncoder().encode(text)), text).toEqual(JSON.parse(text));
    }
  });
});
