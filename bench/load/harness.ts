// The load run: a fresh server child, four concurrent autocannon mixes, RSS sampled every second, one result object.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { startTestSmtp } from '../../test/support/smtp.ts';
import { randomPoints } from '../seeded.ts';
import { createCredentials, loginBuyer, pointsInsideIndia } from './fixtures.ts';
import { scenarios, type Scenario } from './scenarios.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

export interface LoadOptions {
  seconds: number;
  /** Connections per endpoint mix. */
  connections: number;
  /** RSS is compared from this point on, once JIT, caches and pools have settled. */
  warmupSeconds: number;
  /** The server's CHECKOUT_OTP_SENDS_PER_IP_HOUR: how many sends reach SMTP before per-IP 429s take over. */
  otpSendsPerIp: number;
}

export interface EndpointResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statusCounts: Record<string, number>;
  /** Non-2xx responses with a status the mix intends (429 from the OTP limits). */
  intendedCount: number;
  /** The same, by reason. */
  intended: Record<string, number>;
  /** Non-2xx responses the mix does not intend: any of these fails the run. */
  unexpected: number;
  errors: number;
  timeouts: number;
}

/** Server RSS in bytes. start, afterWarmup and end are taken after a full GC, so garbage V8 has not collected yet is not counted. */
export interface Rss {
  start: number;
  afterWarmup: number;
  end: number;
  /** One sample a second during the load, as the OS sees it (garbage included). */
  samples: number[];
}

export interface LoadResult {
  options: LoadOptions;
  endpoints: EndpointResult[];
  rss: Rss;
  /** Share of one core used during the load by the server and by this process (autocannon and the SMTP sink): which one was the limit. */
  cpu: { server: number; loadGenerator: number };
  /** Everything the server wrote to stderr: the log of each 500, failed mails, warnings. A healthy run writes nothing. */
  serverStderr: string[];
  exitCode: number | null;
  integrity: string;
}

/** Runs the whole load and tears everything down (server, SMTP sink, temp dir) before returning. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (!(options.warmupSeconds >= 0 && options.warmupSeconds + 1 < options.seconds)) throw new Error('warm-up must end at least 1 s before the load does');
  const dir = mkdtempSync(join(tmpdir(), 'load-run-'));
  const smtp = await startTestSmtp();
  const dbPath = join(dir, 'app.sqlite');
  try {
    const { apiKey, merchantId } = await createCredentials(dbPath);
    const dataDir: Record<string, string> = process.env.GEO_DATA_DIR ? { DATA_OUT_DIR: process.env.GEO_DATA_DIR } : {};
    const server = await startServerProcess({ ...smtp.env, ...dataDir, DB_PATH: dbPath, CHECKOUT_OTP_SENDS_PER_IP_HOUR: String(options.otpSendsPerIp) });
    try {
      const sessionToken = await loginBuyer(server.baseUrl, smtp, merchantId, 'buyer@load.example');
      const hits = await pointsInsideIndia(server.baseUrl, apiKey, randomPoints(1000, 3, 'latLon'));
      const mixes = scenarios({ baseUrl: server.baseUrl, apiKey, merchantId, sessionToken, hits, seconds: options.seconds, connections: options.connections });
      // The first GC also resets V8's heap-growth heuristics, inflated by loading the dataset at start-up.
      const rss: Rss = { start: await settledRss(server), afterWarmup: 0, end: 0, samples: [] };
      const sampler = setInterval(() => rss.samples.push(server.rssBytes()), 1000);
      const cpuStart = { server: server.cpuSeconds(), own: process.cpuUsage(), at: performance.now() };
      const warm = sleep(options.warmupSeconds * 1000).then(() => settledRss(server)).then((bytes) => (rss.afterWarmup = bytes));
      const results = await Promise.all(mixes.map((m) => autocannon(m.options))).finally(() => clearInterval(sampler));
      const wallSeconds = (performance.now() - cpuStart.at) / 1000;
      const own = process.cpuUsage(cpuStart.own);
      // The forced GC at the end of warm-up runs inside this window; it costs the server well under a second.
      const cpu = { server: (server.cpuSeconds() - cpuStart.server) / wallSeconds, loadGenerator: (own.user + own.system) / 1e6 / wallSeconds };
      await warm;
      rss.end = await settledRss(server);
      const endpoints = mixes.map((m, i) => summarise(m, results[i]!));
      const exitCode = await server.stop();
      return { options, endpoints, rss, cpu, serverStderr: [...server.stderr], exitCode, integrity: integrityOf(dbPath) };
    } finally {
      // Idempotent: a no-op after the clean stop above, a cleanup after a failure.
      await server.stop();
    }
  } finally {
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RSS half a second after a full GC: V8 hands the freed pages back to the OS within about 100 ms. */
async function settledRss(server: ServerProcess): Promise<number> {
  await server.collectGarbage();
  await sleep(500);
  return server.rssBytes();
}

function summarise(mix: Scenario, r: autocannon.Result): EndpointResult {
  const statusCounts = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
  let unexpected = 0;
  let intendedCount = 0;
  for (const [code, count] of Object.entries(statusCounts)) {
    const status = Number(code);
    if (status >= 200 && status <= 299) continue;
    if (mix.intended.includes(status)) intendedCount += count;
    else unexpected += count;
  }
  return {
    name: mix.name,
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    statusCounts,
    intendedCount,
    intended: mix.limits,
    unexpected,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Reopens the file after the server exited: the run must leave a sound database behind. */
function integrityOf(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}
