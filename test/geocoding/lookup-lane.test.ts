// The fast lane of the two hot lookups answers exactly what their general routes answer: status, headers and body
// bytes, for valid points, geopins, misses and every kind of bad body, as text and as raw bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { lookupLane } from '../../src/geocoding/lookup-lane.ts';
import { BATCH_LOOKUP_PATH, LOOKUP_PATH } from '../../src/geocoding/point-routes.ts';
import type { Endpoint } from '../../src/http/pipeline.ts';
import { exchange, headOf } from '../support/endpoint.ts';
import { startApi, type ApiClient } from './api-client.ts';

let api: ApiClient;
let general: Endpoint[];
let lane: Endpoint[];
beforeAll(async () => {
  api = await startApi();
  const { location } = api.server.parts;
  general = api.server.app.endpoints;
  lane = lookupLane({
    general,
    authReads: ['x-api-key'],
    index: () => location.boundaryIndex,
    answers: location.answers,
    onBatch: () => undefined,
  });
});
afterAll(async () => api.server.dispose());

const endpointAt = (endpoints: Endpoint[], path: string) => endpoints.find((e) => e.path === path)!;

/** Both endpoints' replies to one body, given as text and as UTF-8 bytes. */
async function bothWays(path: string, raw: string) {
  const head = () => headOf('post', path, { headers: { 'x-api-key': api.key } });
  const out = [];
  for (const body of [raw, new TextEncoder().encode(raw)]) {
    const fast = await exchange(endpointAt(lane, path), head(), body);
    const slow = await exchange(
      endpointAt(general, path),
      head(),
      typeof body === 'string' ? body : new TextEncoder().encode(raw),
    );
    out.push({ fast: { ...fast, body: String(fast.body) }, slow: { ...slow, body: String(slow.body) } });
  }
  return out;
}

const random = mulberry32(25);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const NUMBERS = [
  12.9716, 77.5946, 28.6139, 77.209, 19.076, 72.8777, 15, 65, -90, 90, 180, -180, 90.0001, 0, -0, 1e-7,
  26.91234567891234,
];
const VALUES = [...NUMBERS, '12.97', null, true, [], {}, 1e308];

function item(): unknown {
  const shape = pick(['coords', 'coords', 'coords', 'extra', 'geopin', 'both', 'partial', 'junk', 'misnamed']);
  if (shape === 'junk') return pick([null, 3, 'x', [], true]);
  // The usual slips, refused with the field named: numbers as strings, another API's lat/lng.
  if (shape === 'misnamed')
    return pick([
      { latitude: '12.97', longitude: '77.59' },
      { lat: 12.97, lng: 77.59 },
      { latitude: 12.97, lng: 77.59 },
    ]);
  if (shape === 'geopin') return { geopin: pick(['4P3-JK8-52C9', '4p3jk852c9', '39J-438-TJC7', '', 'XYZ', 7]) };
  const point: Record<string, unknown> = { latitude: random() < 0.8 ? pick(NUMBERS) : pick(VALUES) };
  if (shape !== 'partial') point.longitude = random() < 0.8 ? pick(NUMBERS) : pick(VALUES);
  if (shape === 'extra') point.note = 'x';
  if (shape === 'both') point.geopin = '4P3-JK8-52C9';
  return point;
}

/** Bodies JSON.stringify would not write: the lane's byte reader must give them up, not misread them. */
const ODD_BODIES = [
  '',
  'null',
  '{',
  '[]',
  '"x"',
  '{"latitude":12.9716}',
  ' { "latitude" : 12.9716 , "longitude" : 77.5946 } ',
  '{"longitude":77.5946,"latitude":12.9716}',
  '{"latitude":12.9716,"longitude":77.5946,"latitude":28.6}',
  '{"\\u006catitude":12.9716,"longitude":77.5946}',
  '{"latitude":1.29716e1,"longitude":77.5946}',
  '{"latitude":12.97160000,"longitude":77.5946}',
  '{"latitude":-0,"longitude":77.5946}',
  '{"latitude":12.9716,"longitude":77.5946}x',
  `{"latitude":${'['.repeat(40)}1${']'.repeat(40)}}`,
  '{"latitude":12.9716,"longitude":77.5946} ',
];

describe('the lookup lane', () => {
  it('answers a single lookup byte for byte as the general route does', async () => {
    const bodies = [...ODD_BODIES, ...Array.from({ length: 400 }, () => JSON.stringify(item()))];
    let answered = 0;
    for (const raw of bodies) {
      for (const { fast, slow } of await bothWays(LOOKUP_PATH, raw)) {
        expect(fast, raw).toEqual(slow);
        if (fast.status === 200) answered++;
      }
    }
    // The comparison covers real answers, not only refusals.
    expect(answered).toBeGreaterThan(80);
  });

  it('answers a batch byte for byte as the general route does', async () => {
    const bodies = [
      ...ODD_BODIES,
      '{"locations":[]}',
      JSON.stringify({ locations: Array.from({ length: 101 }, () => ({ latitude: 12.9, longitude: 77.6 })) }),
      ...Array.from({ length: 120 }, () =>
        JSON.stringify({ locations: Array.from({ length: 1 + Math.floor(random() * 100) }, item) }),
      ),
      ...Array.from({ length: 60 }, () =>
        JSON.stringify({
          locations: Array.from({ length: 1 + Math.floor(random() * 100) }, () => ({
            latitude: pick(NUMBERS),
            longitude: pick(NUMBERS),
          })),
        }),
      ),
    ];
    let answered = 0;
    for (const raw of bodies) {
      for (const { fast, slow } of await bothWays(BATCH_LOOKUP_PATH, raw)) {
        expect(fast, raw.slice(0, 200)).toEqual(slow);
        if (fast.status === 200) answered++;
      }
    }
    expect(answered).toBeGreaterThan(100);
  });

  it('answers in one native call what the general route answers, batch or single, for points, geopins, extra keys', async () => {
    const { boundaryIndex } = api.server.parts.location;
    const symbols = '23456789CFJKLMPT';
    const geopin = () => {
      const code = Array.from({ length: 10 }, () => pick([...symbols])).join('');
      const written = pick([
        code,
        code.toLowerCase(),
        `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}`,
        ` ${code} `,
        `--${code}`,
      ]);
      return random() < 0.85
        ? written
        : pick(["4P3'JK8/52", 'ABCDEFGHIJ', '4P3 JK8 52C9', '4P3-JK8-52C', '4P3JK852C91']);
    };
    const coordinate = (span: number) =>
      pick([(random() - 0.5) * span, Math.round((random() - 0.5) * span * 1e4) / 1e4, 1e-7 * random(), 5e-324]);
    const location = () => {
      if (random() < 0.3) return { geopin: geopin(), ...(random() < 0.2 ? { latitude: 'x' } : {}) };
      const point: Record<string, unknown> =
        random() < 0.7
          ? { latitude: 8 + random() * 28, longitude: 68 + random() * 29 }
          : { latitude: coordinate(180), longitude: coordinate(360) };
      if (random() < 0.1) point.note = pick(['gate 2', 7, null, true]);
      return point;
    };
    let native = 0;
    for (let n = 0; n < 150; n++) {
      const raw = JSON.stringify({
        locations: Array.from({ length: 1 + Math.floor(random() * 100) }, location),
        ...(n % 7 ? {} : { v: 1 }),
      });
      if (boundaryIndex.answerBatch(Buffer.from(raw)) !== null) native++;
      for (const { fast, slow } of await bothWays(BATCH_LOOKUP_PATH, raw))
        expect(fast, raw.slice(0, 200)).toEqual(slow);
    }
    // Every one of these bodies is plain enough for the addon: the comparison is of its answers, not of fallbacks.
    expect(native).toBe(150);
    const single = { points: 0, geopins: 0 };
    for (let n = 0; n < 400; n++) {
      const item = location();
      const raw = JSON.stringify(item);
      if (boundaryIndex.answerOne(Buffer.from(raw)) !== null) single['geopin' in item ? 'geopins' : 'points']++;
      for (const { fast, slow } of await bothWays(LOOKUP_PATH, raw)) expect(fast, raw).toEqual(slow);
    }
    // Points outside every polygon (most random ones) are the general route's to word; the rest are the addon's.
    expect(single.points).toBeGreaterThan(60);
    expect(single.geopins).toBeGreaterThan(3);
  });

  it('refuses without a key as the general route does, since it admits through the same gate', async () => {
    for (const path of [LOOKUP_PATH, BATCH_LOOKUP_PATH]) {
      const fast = await exchange(endpointAt(lane, path), headOf('post', path), '{}');
      const slow = await exchange(endpointAt(general, path), headOf('post', path), '{}');
      expect({ ...fast, body: String(fast.body) }).toEqual({ ...slow, body: String(slow.body) });
      expect(fast.status).toBe(401);
    }
  });
});
