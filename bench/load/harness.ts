// The load run: N server nodes on one fresh store, four concurrent autocannon mixes spread over them, RSS and CPU sampled, one result.
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestSmtp } from '../../test/support/smtp.ts';
import { randomPoints } from '../seeded.ts';
import { cpuSnapshot, cpuUse, type CpuUse } from './cpu-use.ts';
import { createCredentials, loginBuyer, pointsInsideIndia } from './fixtures.ts';
import { Latencies, type Percentiles } from './latency.ts';
import { scenarios, type Scenario } from './scenarios.ts';
import { startServerProcess, type Served, type ServerProcess } from './server-process.ts';
import { startStore, type RunStore, type StoreKind } from './store.ts';

export interface LoadOptions {
  seconds: number;
  /** Connections per endpoint mix, spread round-robin over the nodes. */
  connections: number;
  /** RSS is compared from this point on, once JIT, caches and pools have settled. */
  warmupSeconds: number;
  /** The server's CHECKOUT_OTP_SENDS_PER_IP_HOUR: how many sends reach SMTP before per-IP 429s take over. */
  otpSendsPerIp: number;
  /** Server processes on the one store. @default 1 */
  nodes?: number;
  /** @default 'sqlite' (then only one node: SQLite is one machine, one process) */
  store?: StoreKind;
  /** When set, each node runs under `--cpu-prof` and writes its profile to `<dir>/node-<n>/` on exit. */
  cpuProfDir?: string;
}

export interface EndpointResult extends Percentiles {
  name: string;
  requests: number;
  rps: number;
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

export interface NodeResult extends Percentiles {
  name: string;
  pid: number;
  baseUrl: string;
  rss: Rss;
  /** What the node's /metrics counted during the load: requests, and the time its handlers spent on them. */
  served: Served;
  stderr: string[];
  exitCode: number | null;
}

export interface LoadResult {
  options: LoadOptions & { nodes: number; store: StoreKind };
  endpoints: EndpointResult[];
  overall: Percentiles & { rps: number };
  nodes: NodeResult[];
  /** CPU over the load window, the same window for every process; `cpu.nodes[i]` belongs to `nodes[i]`. */
  cpu: CpuUse;
  /** Everything the nodes wrote to stderr (prefixed with the node when there are several). A healthy run writes nothing. */
  serverStderr: string[];
  /** 0 when every node exited 0 after SIGTERM, else the first other code. */
  exitCode: number | null;
  /** 'ok' when the store is sound after the run (see RunStore.check). */
  integrity: string;
}

/** Runs the whole load and tears everything down (nodes, store, SMTP sink, temp dirs) before returning. */
export async function runLoad(input: LoadOptions): Promise<LoadResult> {
  const options = { ...input, nodes: input.nodes ?? 1, store: input.store ?? 'sqlite' };
  if (!(options.warmupSeconds >= 0 && options.warmupSeconds + 1 < options.seconds))
    throw new Error('warm-up must end at least 1 s before the load does');
  if (!(Number.isInteger(options.nodes) && options.nodes >= 1)) throw new Error('nodes must be a positive integer');
  if (options.store === 'sqlite' && options.nodes > 1)
    throw new Error('SQLite is one machine, one node: use --store postgres for more than one node');
  const smtp = await startTestSmtp();
  const store = await startStore(options.store).catch(async (err: unknown) => {
    await smtp.close();
    throw err;
  });
  try {
    const { apiKey, merchantId } = await createCredentials(() => store.open());
    const dataDir: Record<string, string> = process.env.GEO_DATA_DIR ? { DATA_OUT_DIR: process.env.GEO_DATA_DIR } : {};
    const env = {
      ...smtp.env,
      ...dataDir,
      ...store.env,
      CHECKOUT_OTP_SENDS_PER_IP_HOUR: String(options.otpSendsPerIp),
    };
    const servers = await startNodes(options, env);
    try {
      const sessionToken = await loginBuyer(servers[0]!.baseUrl, smtp, merchantId, 'buyer@load.example');
      const candidates = randomPoints(1000, 3, 'latLon');
      const hits = await pointsInsideIndia(servers[0]!.baseUrl, apiKey, candidates);
      // The same lookups on the other nodes: each starts the load with its boundary pages touched, so start RSS compares.
      for (const s of servers.slice(1)) await pointsInsideIndia(s.baseUrl, apiKey, candidates);
      const mixes = scenarios({
        baseUrls: servers.map((s) => s.baseUrl),
        apiKey,
        merchantId,
        sessionToken,
        hits,
        seconds: options.seconds,
        connections: options.connections,
      });
      const measured = await measure(options, servers, store, mixes);
      const exitCodes = await stopNodes(servers);
      const nodes = servers.map((s, i) => ({ ...measured.nodes[i]!, stderr: [...s.stderr], exitCode: exitCodes[i]! }));
      const tag = (name: string, line: string) => (servers.length > 1 ? `[${name}] ${line}` : line);
      return {
        options,
        endpoints: measured.endpoints,
        overall: measured.overall,
        nodes,
        cpu: measured.cpu,
        serverStderr: nodes.flatMap((n) => n.stderr.map((line) => tag(n.name, line))),
        exitCode: exitCodes.find((c) => c !== 0) ?? 0,
        integrity: await store.check(),
      };
    } finally {
      // Idempotent: a no-op after the clean stop above, a cleanup after a failure.
      await stopNodes(servers);
    }
  } finally {
    await smtp.close();
    await store.close();
  }
}

/** Starts the nodes side by side (with PostgreSQL they take turns migrating); if one fails, the others are stopped. */
async function startNodes(
  options: LoadOptions & { nodes: number },
  env: Record<string, string>,
): Promise<ServerProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: options.nodes }, (_, i) =>
      startServerProcess(
        env,
        options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}/node-${i + 1}`] : [],
      ),
    ),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopNodes(servers);
    throw failed.reason;
  }
  return servers;
}

function stopNodes(servers: ServerProcess[]): Promise<Array<number | null>> {
  return Promise.all(servers.map((s) => s.stop()));
}

interface Measured {
  endpoints: EndpointResult[];
  overall: LoadResult['overall'];
  nodes: Array<Omit<NodeResult, 'stderr' | 'exitCode'>>;
  cpu: CpuUse;
}

/** The load itself: RSS before, during and after; CPU of every process over the load window. */
async function measure(
  options: LoadOptions,
  servers: ServerProcess[],
  store: RunStore,
  mixes: Scenario[],
): Promise<Measured> {
  // The first GC also resets V8's heap-growth heuristics, inflated by loading the dataset at start-up.
  const rss: Rss[] = [];
  for (const s of servers) rss.push({ start: await settledRss(s), afterWarmup: 0, end: 0, samples: [] });
  const sampler = setInterval(() => {
    for (const [i, s] of servers.entries()) {
      // A node that died mid-run has no /proc entry; its exit code and the failed requests report that.
      if (s.alive()) rss[i]!.samples.push(s.rssBytes());
    }
  }, 1000);
  const servedBefore = await Promise.all(servers.map((s) => s.served()));
  const before = cpuSnapshot(
    servers.map((s) => s.pid),
    store.usage,
  );
  const warm = sleep(options.warmupSeconds * 1000).then(async () => {
    for (const [i, s] of servers.entries()) rss[i]!.afterWarmup = await settledRss(s);
  });
  // Handled here, still thrown by the `await warm` below; if the load fails first, its error is the one reported.
  warm.catch(() => undefined);
  const latencies = new Latencies();
  const runs = mixes.map((m) => {
    // Without a callback autocannon returns its EventEmitter made thenable (lib/init.js); the types only declare the promise.
    const instance = autocannon(m.options) as unknown as autocannon.Instance & Promise<autocannon.Result>;
    latencies.track(instance, m.name);
    return instance;
  });
  const results = await Promise.all(runs).finally(() => clearInterval(sampler));
  // The forced GCs at the end of warm-up run inside this window; they cost each node well under a second.
  const cpu = cpuUse(
    before,
    cpuSnapshot(
      servers.map((s) => s.pid),
      store.usage,
    ),
  );
  const servedAfter = await Promise.all(servers.map((s) => s.served()));
  await warm;
  for (const [i, s] of servers.entries()) rss[i]!.end = await settledRss(s);
  const endpoints = mixes.map((m, i) => summarise(m, results[i]!, latencies.of(`mix ${m.name}`)));
  return {
    endpoints,
    overall: { ...latencies.of('all'), rps: endpoints.reduce((n, e) => n + e.rps, 0) },
    nodes: servers.map((s, i) => ({
      name: `node ${i + 1}`,
      pid: s.pid,
      baseUrl: s.baseUrl,
      rss: rss[i]!,
      ...latencies.of(s.baseUrl),
      served: {
        requests: servedAfter[i]!.requests - servedBefore[i]!.requests,
        seconds: servedAfter[i]!.seconds - servedBefore[i]!.seconds,
      },
    })),
    cpu,
  };
}

/** RSS half a second after a full GC: V8 hands the freed pages back to the OS within about 100 ms. */
async function settledRss(server: ServerProcess): Promise<number> {
  await server.collectGarbage();
  await sleep(500);
  return server.rssBytes();
}

function summarise(mix: Scenario, r: autocannon.Result, latency: Percentiles): EndpointResult {
  const statusCounts = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
  );
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
    ...latency,
    requests: r.requests.total,
    rps: r.requests.average,
    statusCounts,
    intendedCount,
    intended: mix.limits,
    unexpected,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}
