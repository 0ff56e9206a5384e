// `npm run eval:autocomplete`: is the intended well-known place first for prefixes of its name, and how fast is it?
import { LocationService } from '../src/geocoding/location-service.ts';
import { editDistance } from '../src/geocoding/fuzzy.ts';
import { tokenize } from '../src/geocoding/normalise.ts';
import { KIND } from '../src/geocoding/place-index.ts';
import { HELD_OUT, PLACES, PREFIX_LENGTHS } from './autocomplete-places.ts';

const dir = process.env.GEO_DATA_DIR ?? 'data/build';
const service = LocationService.open(dir);

const compact = (s: string) => tokenize(s).join('');
const calls: Array<() => unknown> = [];

interface Score {
  right: number;
  inTopFive: number;
  total: number;
  /** Prefix length -> [first right, prefixes]. */
  byLength: Map<number, [number, number]>;
  misses: string[];
}

/** Each district's point (its entry's, at the seat): the widget's bias once the buyer's pincode is typed is nearer. */
const districtPoints = new Map<string, { lat: number; lon: number }>();
for (let id = 0; id < service.places.size; id++) {
  const district = service.places.areas[service.places.area[id]!]?.district;
  if (service.places.kind[id] === KIND.district && district && !districtPoints.has(district))
    districtPoints.set(district, { lat: service.places.lat[id]!, lon: service.places.lon[id]! });
}

/**
 * Prefixes of each place whose first suggestion is the place, however the directory spells it (within a letter);
 * `nearDistrict`: asked with the point of the place's district, as the widget asks near the pincode typed.
 */
function score(places: Array<[name: string, district: string]>, nearDistrict = false): Score {
  const s: Score = { right: 0, inTopFive: 0, total: 0, byLength: new Map(), misses: [] };
  for (const [name, district] of places) {
    const want = compact(name);
    const isPlace = (p: { name: string; district: string | null } | undefined) =>
      p !== undefined && p.district === district && editDistance(compact(p.name).slice(0, want.length), want, 1) <= 1;
    for (const n of PREFIX_LENGTHS) {
      if (n >= name.length) continue;
      const q = name.slice(0, n);
      if (q.trim().length < 3) continue;
      const point = nearDistrict ? districtPoints.get(district) : undefined;
      if (nearDistrict && point === undefined) throw new Error(`no district entry named ${district}`);
      if (!nearDistrict) calls.push(() => service.autocomplete({ q, limit: 5 }, false));
      const found = service.autocomplete({ q, limit: 5, ...point }, false);
      const first = found[0];
      const counts = s.byLength.get(n) ?? [0, 0];
      s.byLength.set(n, counts);
      s.total++;
      counts[1]++;
      if (found.some(isPlace)) s.inTopFive++;
      if (isPlace(first)) {
        s.right++;
        counts[0]++;
      } else
        s.misses.push(`${q} -> ${first ? `${first.name} (${first.district})` : 'nothing'}, want ${name} (${district})`);
    }
  }
  return s;
}

/** The district a pincode lies in, as the answers name it. */
function districtOf(pincode: string): string {
  const idx = service.places;
  const pin = idx.pinOf(pincode);
  const district = pin < 0 ? null : idx.areas[idx.pinArea[pin]!]?.district;
  if (!district) throw new Error(`held-out place at ${pincode}: no such pincode or district in ${dir}`);
  return district;
}

const heldOutPlaces = HELD_OUT.map(([name, pincode]): [string, string] => [name, districtOf(pincode)]);
const tuning = score(PLACES);
const heldOut = score(heldOutPlaces);
const tuningNear = score(PLACES, true);
const heldOutNear = score(heldOutPlaces, true);
const pct = (right: number, total: number) => `${right}/${total} (${((100 * right) / total).toFixed(1)}%)`;
const line = (s: Score) =>
  `${pct(s.right, s.total)}; by letters typed ${[...s.byLength].map(([n, [r, t]]) => `${n}: ${r}/${t}`).join(', ')}; ` +
  `among the five shown ${pct(s.inTopFive, s.total)}`;
console.log(`\nAutocomplete: the intended place first for prefixes of well-known places`);
console.log(`  tuning half (${PLACES.length} places): ${line(tuning)}`);
console.log(`  held-out half (${HELD_OUT.length} places): ${line(heldOut)}`);
console.log(`Asked near the place's district (the widget asks near the pincode typed)`);
console.log(`  tuning half: ${line(tuningNear)}`);
console.log(`  held-out half: ${line(heldOutNear)}\n`);
// Only the tuning half's misses are ever shown: the held-out half stays unread row by row.
if (process.argv.includes('--misses')) for (const m of tuning.misses) console.log(`  ${m}`);

const near = [
  [12.97, 77.59],
  [19.07, 72.88],
  [28.61, 77.21],
  [22.57, 88.36],
] as const;
const nearQueries = [
  'near me',
  'post office near me',
  'pharmacy near me',
  'temple near me',
  'xq near me',
  'metro station nearby',
];
const nearCalls = near.flatMap(([lat, lon]) =>
  nearQueries.map((q) => () => service.autocomplete({ q, limit: 5, lat, lon }, true)),
);
const typoCalls = ['Chandni Chok', 'jubile hils', 'hawa mehal', 'koramangla', 'bangalor', 'secunderbad'].map(
  (q) => () => service.autocomplete({ q, limit: 5 }, false),
);

/** Percentiles over every call of `rounds` passes after one warm-up pass. */
function latency(name: string, fns: Array<() => unknown>, rounds: number): void {
  // Three warm-up passes: V8 compiles the hot functions in the first ones (and near me builds its grid).
  for (let r = 0; r < 3; r++) for (const f of fns) f();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const f of fns) {
      const t = performance.now();
      f();
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  console.log(`| ${name} | ${times.length} | ${p(0.5)} | ${p(0.99)} | ${times[times.length - 1]!.toFixed(3)} |`);
}
console.log('| call | calls | p50 ms | p99 ms | max ms |');
console.log('|---|--:|--:|--:|--:|');
latency('prefixes of well-known places', calls, 20);
latency('typos in any word', typoCalls, 50);
latency('near me (4 cities, 6 queries)', nearCalls, 20);
