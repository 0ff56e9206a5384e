// `npm run bench:cpu-split -- geocode|autocomplete|pipeline|lookup [--perf]`: our server (WORKERS=1) under wrk for 8 s
// after 2 s, and where its CPU per request went: user and system time of the whole process (/proc/<pid>/stat) and its
// main thread's running time; with --perf, `perf record -g` on the server meanwhile (report: `perf report -i
// /tmp/geopin-perf.data`).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadEvalSet } from '../../test/fixtures/geocode-eval.ts';
import { PLACES, PREFIX_LENGTHS } from '../autocomplete-places.ts';
import { mainThreadOf } from '../proc.ts';
import { pickLoadTool } from './load.ts';
import { ensureDist, startOurs } from './servers.ts';

const SECONDS = 8;
const scenario = process.argv[2] ?? 'geocode';
const SCENARIOS: Record<string, () => { path: string; method: 'GET' | 'POST'; bodies: string[] }> = {
  geocode: () => ({
    path: '/v1/geopin/geocode',
    method: 'POST',
    bodies: loadEvalSet()
      .filter((c) => !c.doubtful)
      .map((c) => JSON.stringify({ address: c.address, city: c.city, state: c.state })),
  }),
  // As bench:search sends them: each line a path (GET).
  autocomplete: () => ({
    path: '/v1/geopin/autocomplete',
    method: 'GET',
    bodies: PLACES.flatMap(([name]) =>
      PREFIX_LENGTHS.filter((n) => n < name.length && name.slice(0, n).trim().length >= 3).map(
        (n) => `/v1/geopin/autocomplete?q=${encodeURIComponent(name.slice(0, n))}&limit=5`,
      ),
    ),
  }),
  // The shared pipeline (key, limits, body, schema, envelope) around the cheapest work: where geocode's rest goes.
  pipeline: () => ({
    path: '/v1/geopin/coordinates-to-geopin',
    method: 'POST',
    bodies: Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({ latitude: 12 + (i % 97) / 10, longitude: 75 + (i % 89) / 10 }),
    ),
  }),
  lookup: () => ({
    path: '/v1/location/lookup',
    method: 'POST',
    bodies: Array.from({ length: 300 }, (_, i) =>
      JSON.stringify({ latitude: 12 + (i % 97) / 10, longitude: 75 + (i % 89) / 10 }),
    ),
  }),
};
const make = SCENARIOS[scenario];
if (!make) throw new Error(`usage: bench:cpu-split -- ${Object.keys(SCENARIOS).join('|')} [--perf]`);
const { path, method, bodies } = make();

/** User and system CPU seconds of every thread and its minor page faults (fields 14, 15 and 10 of /proc/<pid>/stat). */
function usageOf(pid: number): { user: number; system: number; faults: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100, faults: Number(fields[7]) };
}

ensureDist();
const withPerf = process.argv.includes('--perf');
// --perf-basic-prof writes /tmp/perf-<pid>.map, by which perf names the JavaScript functions V8 compiled.
const server = await startOurs(1, withPerf ? ['--perf-basic-prof'] : []);
try {
  const tool = pickLoadTool();
  const pid = server.child.pid;
  const job = { url: server.child.baseUrl, path, method, apiKey: server.apiKey, bodies, connections: 32 };
  await tool.run({ ...job, seconds: 2 });
  const before = usageOf(pid);
  const mainBefore = mainThreadOf(pid);
  const perf = withPerf
    ? spawn('perf', ['record', '-g', '-o', '/tmp/geopin-perf.data', '-p', String(pid)], { stdio: 'inherit' })
    : null;
  const result = await tool.run({ ...job, seconds: SECONDS });
  if (perf) {
    perf.kill('SIGINT');
    await new Promise((resolve) => perf.on('exit', resolve));
  }
  const after = usageOf(pid);
  const mainAfter = mainThreadOf(pid);
  const requests = result.rps * SECONDS;
  const us = (seconds: number) => ((1e6 * seconds) / requests).toFixed(1);
  console.log(
    `${scenario}: ${result.rps.toFixed(0)} req/s; µs per request: user ${us(after.user - before.user)}, system ` +
      `${us(after.system - before.system)}; main thread running ${us(mainAfter.running - mainBefore.running)}, ` +
      `waiting for a core ${us(mainAfter.waiting - mainBefore.waiting)}; page faults per request ` +
      `${((after.faults - before.faults) / requests).toFixed(2)}`,
  );
} finally {
  await server.stop();
}
