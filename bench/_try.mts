import { LocationService } from '../src/geocoding/location-service.ts';
const t0 = performance.now();
const s = LocationService.open('data/build');
console.log('open ms', (performance.now() - t0).toFixed(1), 'rss MiB', (process.memoryUsage().rss / 2 ** 20).toFixed(0), 'uptime', process.uptime().toFixed(2));
const cases = JSON.parse(process.argv[2] ?? '[]');
for (const c of cases) {
  const t = performance.now();
  const r = s.geocode(c);
  const ms = performance.now() - t;
  console.log(JSON.stringify(c), '->', r ? `${r.pincode} ${r.level}/${r.match_level} ${r.confidence} ${r.formatted} (${r.latitude},${r.longitude})` : null, ms.toFixed(2), 'ms work', s.geocoder.lastWork);
}
