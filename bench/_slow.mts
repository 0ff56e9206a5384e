import { LocationService } from '../src/geocoding/location-service.ts';
import { loadEvalSet } from '../test/fixtures/geocode-eval.ts';
const s = LocationService.open('data/build');
const cases = loadEvalSet();
const times = cases.map((c) => {
  let best = Infinity;
  for (let r = 0; r < 5; r++) { const t = performance.now(); s.geocode({ address: c.address, city: c.city, state: c.state }); best = Math.min(best, performance.now() - t); }
  return { a: `${c.address} | ${c.city ?? ''}`, ms: best, work: s.geocoder.lastWork };
});
times.sort((a, b) => b.ms - a.ms);
for (const t of times.slice(0, 12)) console.log(t.ms.toFixed(2), t.work, t.a);
for (const q of ['ind', 'indira', 'kora', 'koramangla', 'andheri e', 'bandra', 'gurg', 'noida sec', 'chenn', 'hyderab', 'salt lake', 'connaught', 'mysur', 'kochi', 'pune', 'thane', 'howrah', 'sri', 'ram', 'new delhi', 'bengalru', 'bangalor', 'lucknow', 'patna', 'jaipur', 'karol bagh']) {
  let best = Infinity;
  for (let r = 0; r < 5; r++) { const t = performance.now(); s.autocomplete({ q, limit: 5, lat: 19.07, lon: 72.88 }, false); best = Math.min(best, performance.now() - t); }
  if (best > 0.5) console.log('ac', best.toFixed(2), s.completer.lastWork, q);
}
