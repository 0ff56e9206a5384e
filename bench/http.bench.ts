// `npm run bench:http`: /v1/location/lookup and /batch-lookup under autocannon, uWS vs node:http serving the same handlers.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { locationRouteTable } from '../src/geocoding/routes.ts';
import { LocationService } from '../src/geocoding/location-service.ts';
import { createNodeServer } from '../src/platform/node-adapter.ts';
import { createPlatform } from '../src/platform/platform.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/start.ts';
import { mulberry32 } from './seeded.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const BATCH = 100;

interface Scenario {
  name: string;
  path: string;
  bodies: string[];
  pointsPerRequest: number;
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Seeded picks of polygon inside points (every one a hit, spread over all of India), as request bodies. */
function scenarios(service: LocationService): Scenario[] {
  const next = mulberry32(21);
  const { bndLat: insideLat, bndLon: insideLon } = service.places;
  const point = () => {
    const id = Math.floor(next() * insideLat.length);
    return { latitude: insideLat[id]!, longitude: insideLon[id]! };
  };
  return [
    { name: 'lookup (1 point)', path: '/v1/location/lookup', pointsPerRequest: 1, bodies: Array.from({ length: 256 }, () => JSON.stringify(point())) },
    {
      name: `batch-lookup (${BATCH} points)`, path: '/v1/location/batch-lookup', pointsPerRequest: BATCH,
      bodies: Array.from({ length: 32 }, () => JSON.stringify({ locations: Array.from({ length: BATCH }, point) })),
    },
  ];
}

/** autocannon runs in a child process so the load generator does not share the servers' event loop (2 cores: one each). */
function load(url: string, key: string, scenario: Scenario, seconds: number): Promise<Result> {
  const code = `
    const autocannon = require('autocannon');
    const { url, key, bodies, duration, connections } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    autocannon({
      url, duration, connections, method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      requests: bodies.map((body) => ({ method: 'POST', body })),
    }, (err, r) => {
      if (err) throw err;
      process.stdout.write(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors }));
    });`;
  const job = JSON.stringify({ url: url + scenario.path, key, bodies: scenario.bodies, duration: seconds, connections: CONNECTIONS });
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', code], { maxBuffer: 1 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as Result),
    );
    child.stdin!.end(job);
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-http-'));
  const dataDir = process.env.GEO_DATA_DIR ? { DATA_OUT_DIR: process.env.GEO_DATA_DIR } : {};
  const uws = await startServer(loadConfig({ HOST: '127.0.0.1', PORT: '0', DB_PATH: join(dir, 'app.sqlite'), ...dataDir }));
  const service = uws.ctx.location as LocationService;
  const hooks: Array<() => void | Promise<void>> = [];
  const platform = createPlatform(uws.ctx.db, hooks);
  // The burst limit is lifted for the bench key: it measures serving, not the limiter's 429s.
  const { key } = platform.keys.create({ plan: 'enterprise', label: 'bench', rateLimitOverride: 1_000_000_000 });
  const node = createNodeServer(locationRouteTable(service, platform), platform.gate);
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  const servers = { uWS: `http://127.0.0.1:${uws.port}`, 'node:http': `http://127.0.0.1:${(node.address() as AddressInfo).port}` };

  for (const base of Object.values(servers)) {
    const res = await fetch(`${base}/v1/location/lookup`, { method: 'POST', headers: { 'x-api-key': key }, body: JSON.stringify({ latitude: 12.9716, longitude: 77.5946 }) });
    const body = (await res.json()) as { data?: { location?: { pincode?: string } } };
    if (!body.data?.location?.pincode?.startsWith('560')) throw new Error(`known answer failed on ${base}: ${JSON.stringify(body)}`);
  }

  console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}; ${DURATION_S} s per run, ${CONNECTIONS} connections, autocannon in a child process`);
  const rows: Record<string, string | number>[] = [];
  for (const scenario of scenarios(service)) {
    for (const [server, base] of Object.entries(servers)) {
      // A short unmeasured run first, so neither server is measured while its JIT warms up.
      await load(base, key, { ...scenario }, 1);
      const r = await load(base, key, scenario, DURATION_S);
      rows.push({
        endpoint: scenario.name, server, 'req/s': Math.round(r.rps), 'points/s': Math.round(r.rps * scenario.pointsPerRequest),
        'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx': r.non2xx, errors: r.errors,
      });
    }
  }
  console.table(rows);
  await new Promise<void>((resolve) => node.close(() => resolve()));
  for (const hook of hooks) await hook();
  await uws.stop();
  rmSync(dir, { recursive: true, force: true });
}

await main();
