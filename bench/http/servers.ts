// The three servers of `npm run bench:http`, each started as its own child process and checked against a known answer.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import packageJson from '../../package.json' with { type: 'json' };
import { bundlePath, repoRoot } from '../../scripts/package/paths.ts';
import { freePort } from '../../src/http/free-port.ts';
import { firstAnswer, spawnNode, type Child } from './child.ts';
import { KNOWN_PINCODE, KNOWN_POINT, POINT_COUNT, BATCH_SIZE, type Bodies } from './points.ts';

export const LOOKUP_PATH = '/v1/location/lookup';
export const BATCH_PATH = '/v1/location/batch-lookup';

export const dataPaths = {
  gazetteer: join(repoRoot, 'data/build/gazetteer.sqlite'),
  boundariesNdjson: join(repoRoot, 'data/source/pincode_boundaries.ndjson.gz'),
};

export interface Started {
  child: Child;
  apiKey: string;
  /** From spawn to the first 200 answer of a lookup (polled every 5 ms). */
  firstAnswerMs: number;
  /** VmRSS right after that first answer. */
  rssAfterStartBytes: number;
  /** Stops the child (SIGTERM) and removes its temporary files. */
  stop(): Promise<void>;
}

/** Helper servers are bundled next to node_modules, so they run on plain node (no tsx loader thread in their RSS). */
const helperDir = join(repoRoot, 'node_modules/.cache/bench-http');

/** `npm run build` when dist/geopin.cjs is missing or older than anything under src/ or scripts/. */
export function ensureDist(): void {
  const built = statOrNull(bundlePath)?.mtimeMs ?? 0;
  if (built >= Math.max(newestMtime(join(repoRoot, 'src')), newestMtime(join(repoRoot, 'scripts')))) return;
  console.log('dist/geopin.cjs is missing or older than src/: running npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Bundles the two comparison servers to plain ESM (dependencies stay external, resolved from node_modules). */
export async function bundleHelpers(): Promise<void> {
  await build({
    entryPoints: [
      join(import.meta.dirname, 'which-polygon-server.ts'),
      join(import.meta.dirname, 'bare-uws-server.ts'),
    ],
    outdir: helperDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** The node flags `npm start` passes (the young generation size), so the bench runs the server exactly as production does. */
export const START_FLAGS = packageJson.scripts.start.split(' ').filter((token) => token.startsWith('--'));

/** This project as production runs it (`npm start`'s flags, dist/geopin.cjs serve), with a fresh database and an enterprise key. */
export async function startOurs(workers: number, nodeArgs: string[] = []): Promise<Started> {
  const dbDir = mkdtempSync(join(tmpdir(), 'bench-http-db-'));
  const env = {
    NODE_ENV: 'production',
    METRICS_PORT: 'off',
    HOST: '127.0.0.1',
    DB_PATH: join(dbDir, 'app.sqlite'),
    WORKERS: String(workers),
  };
  const removeDb = () => rmSync(dbDir, { recursive: true, force: true });
  let apiKey: string;
  try {
    apiKey = createBenchKey(env);
  } catch (err) {
    removeDb();
    throw err;
  }
  return start(`geopin WORKERS=${workers}`, [...START_FLAGS, ...nodeArgs, bundlePath, 'serve'], env, apiKey, removeDb);
}

/**
 * An enterprise key with a rate limit no bench reaches, made by `geopin key create` in the store `env` names.
 * BENCH_MONTHLY_LIMIT=N makes it a paid key with that quota (1,000,000 a second): a metered key far from its limit.
 */
export function createBenchKey(env: Record<string, string>): string {
  const limit = process.env.BENCH_MONTHLY_LIMIT;
  const plan = limit
    ? ['--plan', 'paid', '--monthly-limit', limit, '--rate-limit', '1000000']
    : ['--plan', 'enterprise', '--rate-limit', '1000000000'];
  const created = spawnSync(process.execPath, [bundlePath, 'key', 'create', ...plan, '--label', 'bench'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const apiKey = created.stdout.trim();
  if (created.status !== 0 || !apiKey) throw new Error(`key create failed (${created.status}):\n${created.stderr}`);
  return apiKey;
}

/** node:http + which-polygon over the source polygons, answering from the same gazetteer rows. */
export function startWhichPolygon(): Promise<Started> {
  const apiKey = 'bench-which-polygon-key';
  const env = {
    HOST: '127.0.0.1',
    API_KEY: apiKey,
    BOUNDARIES_NDJSON: dataPaths.boundariesNdjson,
    GAZETTEER_PATH: dataPaths.gazetteer,
  };
  return start('node:http + which-polygon', [join(helperDir, 'which-polygon-server.mjs')], env, apiKey);
}

/** The bundled bare uWS server (bundleHelpers writes it). */
export const bareUwsScript = join(helperDir, 'bare-uws-server.mjs');

/** Bare uWS with a fixed answer: the ceiling of any uWS server on this machine. */
export function startBareUws(): Promise<Started> {
  return start('bare uWS (fixed answer)', [bareUwsScript], { HOST: '127.0.0.1' }, 'unused');
}

async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  apiKey: string,
  cleanup?: () => void,
): Promise<Started> {
  // Named up front, so N worker threads can all listen on it.
  const port = await freePort('127.0.0.1');
  const spawnedAt = performance.now();
  const child = spawnNode(name, args, { ...env, PORT: String(port) }, port, cleanup);
  const body = await firstAnswer(child, LOOKUP_PATH, JSON.stringify(KNOWN_POINT), { 'x-api-key': apiKey });
  const firstAnswerMs = performance.now() - spawnedAt;
  const rssAfterStartBytes = child.rssBytes();
  const pincode = (body as { data?: { pincode?: unknown } }).data?.pincode;
  if (pincode !== KNOWN_PINCODE) {
    await child.stop();
    throw new Error(
      `${name}: ${KNOWN_POINT.latitude},${KNOWN_POINT.longitude} answered ${JSON.stringify(body)}, expected pincode ${KNOWN_PINCODE}`,
    );
  }
  const stop = async () => {
    const code = await child.stop();
    if (code !== 0) console.warn(`${name} exited with ${code} after SIGTERM`);
  };
  return { child, apiKey, firstAnswerMs, rssAfterStartBytes, stop };
}

/**
 * Every seeded point, sent through the batch route, must answer the pincode of the polygon it was picked from: both servers
 * then do the same work under load (all hits, the same polygons), not just the known point.
 */
export async function checkSeededAnswers(s: Started, bodies: Bodies): Promise<void> {
  for (let b = 0; b * BATCH_SIZE < POINT_COUNT; b++) {
    const res = await fetch(s.child.baseUrl + BATCH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': s.apiKey },
      body: bodies.batch[b],
    });
    const body = (await res.json()) as { data?: { results?: Array<{ pincode?: string }> } };
    const got = body.data?.results?.map((r) => r.pincode) ?? [];
    const expected = bodies.expectedBatchPincodes(b);
    const wrong = expected.filter((pin, i) => got[i] !== pin).length;
    if (res.status !== 200 || wrong > 0) {
      throw new Error(
        `${s.child.name}: batch ${b} answered ${res.status} with ${wrong} of ${expected.length} pincodes wrong: ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
