// Child of bench/startup.ts: opens the location service, answers one geocode and one autocomplete, then one point lookup; prints timings since process start.
import { LocationService } from '../src/geocoding/location-service.ts';

const dir = process.argv[2] ?? 'data/build';
const service = LocationService.open(dir);
const geocode = service.geocode({ address: 'Koramangala 5th Block', city: 'Bengaluru' });
const complete = service.autocomplete({ q: 'indiranagar', limit: 5 }, false);
const firstAnswerMs = performance.now();
const cpu = process.cpuUsage();
const rssAfterStart = process.memoryUsage().rss;
const point = service.lookup(12.9352, 77.6245);
const firstPointMs = performance.now();
process.stdout.write(
  `${JSON.stringify({
    firstAnswerMs,
    firstAnswerCpuMs: (cpu.user + cpu.system) / 1000,
    rssAfterStartMiB: rssAfterStart / 2 ** 20,
    firstPointLookupMs: firstPointMs,
    rssWithPointIndexMiB: process.memoryUsage().rss / 2 ** 20,
    ok: geocode?.pincode === '560095' || geocode?.pincode === '560034',
    completed: complete.length,
    point: point?.pincode,
  })}\n`,
);
