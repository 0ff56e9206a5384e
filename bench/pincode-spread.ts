// `npx tsx bench/pincode-spread.ts`: how far a pincode's localities and offices lie from its point, the basis of the
// widget's locality-suggestion radius (src/widget/assets/locality-suggestions.js, REACH_KM).
import { loadDataset } from '../src/geocoding/dataset.ts';
import { haversineKm } from '../src/geocoding/geo-math.ts';
import { KIND } from '../src/geocoding/place-index.ts';

const idx = loadDataset(process.env.GEO_DATA_DIR ?? 'data/build').places;
/** The kinds the autocomplete answers as "locality" or "office", the ones the widget suggests. */
const SUGGESTED = new Set<number>([KIND.locality, KIND.office, KIND.town]);
const QUANTILES = [0.5, 0.9, 0.99, 0.995, 0.999];
const RADII = [10, 25, 30, 40, 50, 75, 100];

const entries: number[] = [];
const farthest = new Map<number, number>();
for (let id = 0; id < idx.size; id++) {
  const pin = idx.pin[id]!;
  if (!SUGGESTED.has(idx.kind[id]!) || pin < 0) continue;
  const [lat, lon] = idx.pinPoint(pin);
  if (!Number.isFinite(lat)) continue;
  const km = haversineKm(lat, lon, idx.lat[id]!, idx.lon[id]!);
  entries.push(km);
  farthest.set(pin, Math.max(farthest.get(pin) ?? 0, km));
}

function row(name: string, kms: number[]): Record<string, string | number> {
  const sorted = [...kms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const out: Record<string, string | number> = { name, n: sorted.length };
  for (const q of QUANTILES) out[`p${q * 100} km`] = at(q).toFixed(1);
  for (const r of RADII)
    out[`<= ${r} km`] = `${((100 * sorted.filter((d) => d <= r).length) / sorted.length).toFixed(2)}%`;
  out['max km'] = sorted[sorted.length - 1]!.toFixed(0);
  return out;
}

console.table([row('localities and offices', entries), row('farthest per pincode', [...farthest.values()])]);
