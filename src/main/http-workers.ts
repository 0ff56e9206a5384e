// WORKERS > 1: extra HTTP threads listening on the main thread's port. They answer point lookups themselves and bring
// everything else here, where the store, the usage meter, the key cache and the metrics live.
import { MessageChannel, Worker } from 'node:worker_threads';
import type { Endpoint } from '../http/pipeline.ts';
import type { RequestHead } from '../http/request.ts';
import type { Authenticated } from '../http/route.ts';
import { refusal } from '../http/errors.ts';
import { fromWire, type WireHead } from '../http/request.ts';
import type { ErrorKind } from '../kernel/errors.ts';
import type { Log } from '../kernel/log.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { Series } from '../ops/request-stats.ts';
import type { Access } from '../platform/access.ts';
import type { RateLimiter } from '../platform/rate-limiter.ts';
import type { DailyIncrement, UsageIncrement } from '../platform/usage-repository.ts';
import { resourcePath } from '../resources.ts';
import { endpointKey, type HttpThreadSettings, type RemoteEndpointInfo, type WorkerSetup } from './worker-setup.ts';
import { ThreadRpc } from './thread-rpc.ts';

export interface HttpWorkersDeps extends HttpThreadSettings {
  count: number;
  endpoints: Endpoint[];
  answers: SharedArrayBuffer;
  limiter: RateLimiter;
  access: Access;
  liveNodes(): number;
  metrics: Metrics;
  log: Log;
}

export interface HttpWorkers {
  /** Stops every worker after its counts reached this thread. */
  stop(): Promise<void>;
}

/** Young generation of a worker: request garbage dies young instead of being promoted (see docs/benchmarks.md). */
const YOUNG_GENERATION_MB = 96;
/** A request whose body never came is forgotten after this long. */
const ABANDONED_MS = 60_000;

/** The bundle's worker is dist/http-worker.cjs; from source it is the .ts file, loaded after registering tsx in the thread. */
function workerScript(): { code: string; eval: boolean } {
  if ((globalThis as { GEOPIN_BUNDLED?: boolean }).GEOPIN_BUNDLED) return { code: resourcePath('dist/http-worker.cjs'), eval: false };
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(new URL('./http-worker.ts', import.meta.url).href);
  return { code: `import(${tsx}).then(({ register }) => { register(); return import(${source}); })`, eval: true };
}

export async function startHttpWorkers(d: HttpWorkersDeps): Promise<HttpWorkers> {
  const byKey = new Map(d.endpoints.map((e) => [endpointKey(e), e]));
  const infos: RemoteEndpointInfo[] = d.endpoints.map((e) => ({
    key: endpointKey(e), method: e.method, path: e.path, maxBodyBytes: e.maxBodyBytes, browser: e.browser, readsPeer: e.readsPeer,
  }));
  const script = workerScript();
  const settled = await Promise.allSettled(Array.from({ length: d.count - 1 }, (_v, n) => startOne(n + 1)));
  const workers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    // The others may be serving already: none is left running for a process that did not start.
    await Promise.all(workers.map((w) => w.stop()));
    throw failed.reason;
  }
  return {
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
    },
  };

  async function startOne(n: number): Promise<{ stop(): Promise<void> }> {
    const { port1, port2 } = new MessageChannel();
    const setup: WorkerSetup = {
      role: 'http-worker', host: d.host, port: d.port, dataDir: d.dataDir, logLevel: d.logLevel, bodyBudgetBytes: d.bodyBudgetBytes, trustProxyHops: d.trustProxyHops,
      endpoints: infos, answers: d.answers, limiterMemory: d.limiter.memory, rpcPort: port2,
    };
    const worker = new Worker(script.code, {
      eval: script.eval, workerData: setup, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const rpc = new ThreadRpc(port1);
    /** Admitted requests of this worker whose body has not come yet. */
    const pending = new Map<number, { endpoint: Endpoint; head: RequestHead; granted: Authenticated; at: number }>();
    const take = (id: number) => {
      const entry = pending.get(id);
      pending.delete(id);
      if (!entry) throw new Error(`request ${id} of worker ${n} is unknown or abandoned`);
      return entry;
    };
    const sweep = setInterval(() => {
      const before = Date.now() - ABANDONED_MS;
      for (const [id, entry] of pending) if (entry.at < before) pending.delete(id);
    }, ABANDONED_MS).unref();
    rpc
      .handle('begin', async (id: number, key: string, head: WireHead) => {
        const endpoint = byKey.get(key);
        if (!endpoint) throw new Error(`no endpoint ${key}`);
        const requestHead = fromWire(head);
        const admission = await endpoint.begin(requestHead);
        if ('refusal' in admission) return admission.refusal;
        pending.set(id, { endpoint, head: requestHead, granted: admission, at: Date.now() });
        return null;
      })
      .handle('finish', (id: number, body: string) => {
        const { endpoint, head, granted } = take(id);
        return endpoint.finish(head, granted, body);
      })
      .handle('reject', (id: number, e: { kind: ErrorKind; code: string; message: string }) => {
        const { endpoint, head, granted } = take(id);
        return endpoint.reject(head, granted, refusal(e.kind, e.code, e.message));
      })
      // A lookup admitted by the worker whose body only this thread's schema can check.
      .handle('finishElsewhere', (key: string, head: WireHead, granted: Authenticated, body: string) => {
        const endpoint = byKey.get(key);
        if (!endpoint) throw new Error(`no endpoint ${key}`);
        return endpoint.finish(fromWire(head), granted, body);
      })
      .handle('findKey', (hash: string) => d.access.keys.findByHash(hash))
      .handle('revokedSince', (since: string) => d.access.keys.revokedSince(since))
      .handle('usageAdd', (increments: UsageIncrement[], daily: DailyIncrement[]) => d.access.meter.add(increments, daily))
      .handle('usageUsed', (keyId: number, month: string) => d.access.meter.used(keyId, month))
      .handle('usageUsedMany', (keyIds: number[], month: string) => d.access.meter.usedMany(keyIds, month))
      .handle('liveNodes', () => d.liveNodes())
      .handle('stats', (series: Series[], batches: Array<[string, number]>) => d.metrics.workerReport(n, series, batches));
    const ready = new Promise<void>((resolve, reject) => {
      rpc.handle('ready', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`http worker ${n} exited with code ${code} before listening`)));
    });
    worker.on('error', (err) => d.log.error({ err, worker: n }, 'http worker failed'));
    await ready;
    d.log.info({ worker: n, threadId: worker.threadId }, `[server] http worker ${n} listening`);
    return {
      async stop() {
        clearInterval(sweep);
        await rpc.call('stop').catch(() => undefined);
        rpc.close('stopped');
        await worker.terminate();
      },
    };
  }
}
