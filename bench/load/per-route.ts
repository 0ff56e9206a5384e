// `npm run bench:load -- --per-route`: each checkout route alone against a fresh production server;
// the server's CPU per request from /proc.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { bundlePath, repoRoot } from '../../scripts/package/paths.ts';
import { startServerProcess, type ServerProcess } from '../../scripts/package/server-process.ts';
import { startGatewayEmulator } from '../../src/payments/gateway-emulator.ts';
import { startTestSmtp } from '../../test/support/smtp.ts';
import { START_FLAGS } from '../http/servers.ts';
import { cpuOf } from '../proc.ts';
import { buyerReadCases, buyerWriteCases } from './buyer-route-cases.ts';
import { merchantReadCases, merchantWriteCases } from './merchant-route-cases.ts';
import { requestsOf, slugOf, type RouteCase } from './route-case.ts';
import { routeProfile, type RouteProfile } from './route-profile.ts';
import { seedRouteFixtures, type FixtureSizes, type RouteFixtures } from './route-fixtures.ts';
import { sharedPostgresStore } from './shared-postgres.ts';
import { startStore, type RunStore, type StoreKind } from './store.ts';

export interface PerRouteOptions {
  store: StoreKind;
  round: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** The server's HTTP threads (WORKERS). */
  workers: number;
  /** Substrings of route names to run (all when empty). */
  only: string[];
  sizes: FixtureSizes;
  /** PostgreSQL: a server already running, where the round creates a database of its own (else a throwaway cluster). */
  databaseUrl?: string;
  /** When set, each server runs under --cpu-prof and its profile lands in `<dir>/<store>-r<round>/<route>/`. */
  cpuProfDir?: string;
}

export interface RouteRun {
  name: string;
  kind: RouteCase['kind'];
  store: StoreKind;
  round: number;
  /** 2xx answers in the measured run. */
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU of the server process (all threads) per 2xx answer, µs. */
  serverUs: number;
  /** CPU of the PostgreSQL cluster per 2xx answer, µs (0 with SQLite, which runs inside the server). */
  storeUs: number;
  /** Answers other than 2xx, socket errors and timeouts: any of them fails the route. */
  failures: string[];
  /** The run ended early because the route's pool of one-use records ran out. */
  poolEnded: boolean;
  /** With --cpu-prof: where the server's CPU went over the measured run. */
  profile?: RouteProfile;
}

/** One round on one store: a fresh store, its fixtures, then every route against its own fresh server. */
export async function runRound(o: PerRouteOptions): Promise<RouteRun[]> {
  const smtp = await startTestSmtp();
  const gateway = await startGatewayEmulator();
  const store =
    o.store === 'postgres' && o.databaseUrl ? await sharedPostgresStore(o.databaseUrl) : await startStore(o.store);
  try {
    const masterKey = randomBytes(32);
    const db = await store.open();
    const fixtures = await seedRouteFixtures(db, masterKey, o.sizes).finally(() => db.close());
    const env = {
      ...store.env,
      ...smtp.env,
      ...(process.env.GEO_DATA_DIR ? { DATA_OUT_DIR: process.env.GEO_DATA_DIR } : {}),
      WORKERS: String(o.workers),
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: 'off',
      // Nothing balances this server: no reason to keep answering 503 for 5 s on each stop.
      SHUTDOWN_DRAIN_MS: '0',
      CHECKOUT_ENCRYPTION_KEY: masterKey.toString('hex'),
      GATEWAY_BASE_URL: gateway.baseUrl,
    };
    const runs: RouteRun[] = [];
    for (const c of casesOf(fixtures, o)) {
      const run = await runCase(c, o, { ...env, ...c.env }, store);
      report(run);
      runs.push(run);
    }
    return runs;
  } finally {
    await store.close();
    await gateway.close();
    await smtp.close();
  }
}

/** Reads first, then writes: the writes add sessions and rows the reads would otherwise see more of. */
function casesOf(f: RouteFixtures, o: PerRouteOptions): RouteCase[] {
  const all = [
    ...buyerReadCases(f),
    ...merchantReadCases(f),
    ...buyerWriteCases(f, o.round),
    ...merchantWriteCases(f, o.round),
  ];
  return o.only.length === 0 ? all : all.filter((c) => o.only.some((s) => c.name.includes(s)));
}

async function runCase(c: RouteCase, o: PerRouteOptions, env: Record<string, string>, store: RunStore) {
  const profileDir = o.cpuProfDir && join(o.cpuProfDir, `${o.store}-r${o.round}`, slugOf(c));
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const spawnedAt = performance.now();
  const server = await startServerProcess(process.execPath, [...START_FLAGS, ...nodeArgs, bundlePath, 'serve'], {
    cwd: repoRoot,
    // NODE_ENV unset, as an operator runs it: the server's default is production.
    env: { ...withoutNodeEnv(process.env), ...env },
  });
  const counter = { n: 0 };
  let stopped = false;
  try {
    await probe(c, server, counter);
    await drive(c, server.baseUrl, counter, o.warmupSeconds, o.connections, 0.3);
    const before = { at: performance.now(), cpu: cpuOf(server.pid), store: store.usage().cpu };
    const r = await drive(c, server.baseUrl, counter, o.seconds, o.connections, 1);
    const after = { at: performance.now(), cpu: cpuOf(server.pid), store: store.usage().cpu };
    // autocannon stops with requests in flight; a server stopped before they end would log their store calls failing.
    await sleep(1000);
    stopped = true;
    const code = await server.stop();
    const ok = r['2xx'];
    const failures = failuresOf(r, code, server.output());
    const seconds = (after.at - before.at) / 1000;
    return {
      name: c.name,
      kind: c.kind,
      store: o.store,
      round: o.round,
      requests: ok,
      seconds,
      rps: ok / seconds,
      p50: r.latency.p50,
      p99: r.latency.p99,
      serverUs: ok > 0 ? ((after.cpu - before.cpu) * 1e6) / ok : NaN,
      storeUs: ok > 0 ? ((after.store - before.store) * 1e6) / ok : NaN,
      failures,
      poolEnded: c.pool !== undefined && counter.n >= c.pool,
      profile: profileDir ? routeProfile(profileDir, before.at - spawnedAt, after.at - spawnedAt, ok) : undefined,
    } satisfies RouteRun;
  } finally {
    if (!stopped) await server.stop();
  }
}

function withoutNodeEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const { NODE_ENV: _unset, ...rest } = env;
  return rest as Record<string, string>;
}

/** One request before the load: the route must answer 200, else its numbers would measure a refusal. */
async function probe(c: RouteCase, server: ServerProcess, counter: { n: number }): Promise<void> {
  const v = c.next(counter.n++);
  // A connection of its own: the kernel may give this server the port of the previous one, whose kept-alive socket
  // fetch would otherwise reuse.
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(server.baseUrl + (v.path ?? c.path), {
      method: c.method,
      headers: { ...c.headers, ...v.headers, 'content-length': String(Buffer.byteLength(v.body ?? '')) },
      agent: false,
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(v.body);
  });
  if (status !== 200) throw new Error(`${c.name}: the probe answered ${status}: ${text.slice(0, 300)}`);
}

/** autocannon for `seconds`, or until the share `poolShare` of what is left of the route's pool is used. */
async function drive(
  c: RouteCase,
  baseUrl: string,
  counter: { n: number },
  seconds: number,
  connections: number,
  poolShare: number,
): Promise<autocannon.Result> {
  const left = c.pool === undefined ? undefined : Math.floor((c.pool - counter.n) * poolShare);
  if (left !== undefined && left < connections) throw new Error(`${c.name}: its pool is used up (${c.pool})`);
  // Without a callback autocannon returns its EventEmitter made thenable (lib/init.js); its types declare a promise.
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    ...(left === undefined ? {} : { amount: left }),
    timeout: 10,
    requests: requestsOf(c, counter),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  // With `amount` autocannon ignores the duration: stop it at the same time as the others.
  const timer = left === undefined ? undefined : setTimeout(() => instance.stop(), seconds * 1000);
  try {
    return await instance;
  } finally {
    clearTimeout(timer);
  }
}

function failuresOf(r: autocannon.Result, exitCode: number | null, output: string): string[] {
  const failures: string[] = [];
  for (const [status, s] of Object.entries(r.statusCodeStats ?? {}))
    if (!status.startsWith('2')) failures.push(`${s.count} x ${status}`);
  if (r.errors > 0) failures.push(`${r.errors} socket errors`);
  if (r.timeouts > 0) failures.push(`${r.timeouts} timeouts`);
  if (exitCode !== 0) failures.push(`server exited with ${exitCode}`);
  // pino writes JSON lines; level 40 and up are warnings and errors (a 500's "request failed" is 50).
  const logged = output.split('\n').filter((l) => /^\{.*"level":(4|5|6)\d\b/.test(l));
  if (logged.length > 0)
    failures.push(`${logged.length} warnings or errors logged, first: ${logged[0]!.slice(0, 2000)}`);
  return failures;
}

function report(r: RouteRun): void {
  const flag = r.failures.length > 0 ? `  FAIL: ${r.failures.join('; ')}` : r.poolEnded ? '  (pool used up)' : '';
  console.log(
    `  ${r.name.padEnd(52)} ${r.serverUs.toFixed(0).padStart(6)} µs/req server` +
      (r.store === 'postgres' ? ` + ${r.storeUs.toFixed(0).padStart(5)} µs PostgreSQL` : '') +
      `, ${r.rps.toFixed(0).padStart(6)} req/s, p99 ${r.p99} ms${flag}`,
  );
}
