// `npm run bench:search`: geocode and autocomplete over HTTP, ours (WORKERS=1) beside node:http + MiniSearch over the
// same place names, one server at a time in rounds: req/s, server CPU per request, p99, and each one's answers on the
// evaluation inputs. BENCH_ROUNDS (default 3), BENCH_SECONDS (default 8). Writes bench/results/search-latest.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../../scripts/package/paths.ts';
import { editDistance } from '../../src/geocoding/fuzzy.ts';
import { tokenize } from '../../src/geocoding/normalise.ts';
import { freePort } from '../../src/http/free-port.ts';
import { loadEvalSet } from '../../test/fixtures/geocode-eval.ts';
import { PLACES, PREFIX_LENGTHS } from '../autocomplete-places.ts';
import { spawnNode, stopAll, type Child } from './child.ts';
import { pickLoadTool, type LoadResult } from './load.ts';
import { ensureDist, startOurs } from './servers.ts';
import { exportPlaces } from './search-places.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const AUTOCOMPLETE = '/v1/geopin/autocomplete';
const GEOCODE = '/v1/geopin/geocode';

interface Server {
  name: string;
  child: Child;
  apiKey: string;
  stop(): Promise<void>;
}

interface Suggestion {
  name: string;
  district: string | null;
}

const prefixes = PLACES.flatMap(([name, district]) =>
  PREFIX_LENGTHS.filter((n) => n < name.length && name.slice(0, n).trim().length >= 3).map((n) => ({
    q: name.slice(0, n),
    name,
    district,
  })),
);
const addresses = loadEvalSet().filter((c) => !c.doubtful);
const geocodeBodies = addresses.map((c) => JSON.stringify({ address: c.address, city: c.city, state: c.state }));
const autocompletePaths = prefixes.map((p) => `${AUTOCOMPLETE}?q=${encodeURIComponent(p.q)}&limit=5`);

async function startBaseline(placesJson: string): Promise<Server> {
  const dir = join(repoRoot, 'node_modules/.cache/bench-http');
  await build({
    entryPoints: [join(import.meta.dirname, 'minisearch-server.ts')],
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const port = await freePort('127.0.0.1');
  const child = spawnNode(
    'node:http + MiniSearch',
    [join(dir, 'minisearch-server.mjs')],
    { PLACES_JSON: placesJson, PORT: String(port) },
    port,
  );
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${child.baseUrl}${autocompletePaths[0]}`)).ok) break;
    } catch {
      if (tries > 1200 || !child.alive()) throw new Error(`MiniSearch server did not start:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name: child.name, child, apiKey: 'unused', stop: async () => void (await child.stop()) };
}

async function get(s: Server, path: string): Promise<unknown> {
  const res = await fetch(s.child.baseUrl + path, { headers: { 'x-api-key': s.apiKey } });
  return res.json();
}

/** Both answer shapes: ours `data.results`, the baseline's `data`. */
function suggestions(body: unknown): Suggestion[] {
  const data = (body as { data?: unknown }).data;
  return (Array.isArray(data) ? data : ((data as { results?: unknown[] })?.results ?? [])) as Suggestion[];
}

const compact = (s: string) => tokenize(s).join('');

/** The autocomplete evaluation's rule: the first suggestion is the place (its district, its name within a letter). */
async function autocompleteRight(s: Server): Promise<number> {
  let right = 0;
  for (const p of prefixes) {
    const first = suggestions(await get(s, `${AUTOCOMPLETE}?q=${encodeURIComponent(p.q)}&limit=5`))[0];
    const want = compact(p.name);
    if (first?.district === p.district && editDistance(compact(first.name).slice(0, want.length), want, 1) <= 1)
      right++;
  }
  return right / prefixes.length;
}

/** Share of the evaluation's addresses answered with one of their expected pincodes. */
async function geocodeRight(s: Server): Promise<number> {
  let right = 0;
  for (const [i, c] of addresses.entries()) {
    const res = await fetch(s.child.baseUrl + GEOCODE, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': s.apiKey },
      body: geocodeBodies[i],
    });
    const pincode = ((await res.json()) as { data?: { pincode?: string | null } }).data?.pincode;
    if (pincode && c.pincodes.includes(pincode)) right++;
  }
  return right / addresses.length;
}

interface Measured extends LoadResult {
  cpuUsPerRequest: number;
}

async function load(s: Server, path: string, method: 'GET' | 'POST', bodies: string[]): Promise<Measured> {
  const tool = pickLoadTool();
  const job = { url: s.child.baseUrl, path, apiKey: s.apiKey, bodies, connections: CONNECTIONS, method };
  await tool.run({ ...job, seconds: 2 });
  const cpuBefore = s.child.cpuSeconds();
  const result = await tool.run({ ...job, seconds: SECONDS });
  const cpu = s.child.cpuSeconds() - cpuBefore;
  if (result.non2xx > 0 || result.socketErrors > 0) console.warn(`${s.name} ${path}: ${result.non2xx} non-2xx`);
  return { ...result, cpuUsPerRequest: (cpu / result.requests) * 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  ensureDist();
  const tmp = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const placesJson = join(tmp, 'places.json');
  const count = exportPlaces(join(repoRoot, 'data/build'), placesJson);
  const starters: Array<() => Promise<Server>> = [
    async () => {
      const s = await startOurs(1);
      return { name: 'geopin WORKERS=1', child: s.child, apiKey: s.apiKey, stop: () => s.stop() };
    },
    () => startBaseline(placesJson),
  ];
  const rows = new Map<
    string,
    { quality: { autocomplete: number; geocode: number }; runs: Record<string, Measured[]> }
  >();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const start of starters) {
        const s = await start();
        try {
          let row = rows.get(s.name);
          if (!row) {
            row = { quality: { autocomplete: await autocompleteRight(s), geocode: await geocodeRight(s) }, runs: {} };
            rows.set(s.name, row);
          }
          (row.runs.autocomplete ??= []).push(await load(s, AUTOCOMPLETE, 'GET', autocompletePaths));
          (row.runs.geocode ??= []).push(await load(s, GEOCODE, 'POST', geocodeBodies));
        } finally {
          await s.stop();
        }
      }
    }
  } finally {
    await stopAll();
    rmSync(tmp, { recursive: true, force: true });
  }
  const summary = [...rows].map(([name, row]) => ({
    name,
    quality: row.quality,
    ...Object.fromEntries(
      Object.entries(row.runs).map(([scenario, runs]) => [
        scenario,
        {
          rps: median(runs.map((r) => r.rps)),
          cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
          p99Ms: median(runs.map((r) => r.p99Ms)),
        },
      ]),
    ),
  })) as Array<
    { name: string; quality: { autocomplete: number; geocode: number } } & Record<
      string,
      { rps: number; cpuUsPerRequest: number; p99Ms: number }
    >
  >;
  const info = `${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, ${pickLoadTool().name}, ${cpus().length} x ${cpus()[0]?.model}, node ${process.version}; ${count} places, ${prefixes.length} prefixes, ${addresses.length} addresses`;
  console.log(`\n${info}\n`);
  console.log(
    '| server | autocomplete req/s | CPU µs/req | p99 ms | first right | geocode req/s | CPU µs/req | p99 ms | pincode right |',
  );
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of summary) {
    const a = r.autocomplete!;
    const g = r.geocode!;
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(
      `| ${r.name} | ${a.rps.toFixed(0)} | ${a.cpuUsPerRequest.toFixed(0)} | ${a.p99Ms.toFixed(2)} | ${pct(r.quality.autocomplete)} | ${g.rps.toFixed(0)} | ${g.cpuUsPerRequest.toFixed(0)} | ${g.p99Ms.toFixed(2)} | ${pct(r.quality.geocode)} |`,
    );
  }
  const [ours, base] = summary;
  if (ours && base) {
    console.log(
      `\nours / MiniSearch: autocomplete ${(ours.autocomplete!.rps / base.autocomplete!.rps).toFixed(2)}x req/s, geocode ${(ours.geocode!.rps / base.geocode!.rps).toFixed(2)}x req/s`,
    );
  }
  writeFileSync(join(repoRoot, 'bench/results/search-latest.json'), `${JSON.stringify({ info, summary }, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(`bench:search failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
