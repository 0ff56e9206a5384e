// WORKERS > 1: the primary thread starts the other HTTP threads, each building the whole app over its own store
// connection and listening on the same port (SO_REUSEPORT); they share only the burst buckets and a few messages.
import { MessageChannel, Worker } from 'node:worker_threads';
import { sharedColumns, type SharedColumns } from '../geocoding/shared-columns.ts';
import { freePort } from '../http/free-port.ts';
import { assertPortFree, foreignListeners } from '../http/port-guard.ts';
import { beforeDeadline } from '../kernel/deadline.ts';
import type { Log } from '../kernel/log.ts';
import type { Metrics } from '../ops/metrics.ts';
import { RateLimiter } from '../platform/rate-limiter.ts';
import { resourcePath } from '../resources.ts';
import type { Config } from './config.ts';
import { ThreadLink, type ToPrimary, type ToThread } from './thread-link.ts';

/** What a thread is: the primary, or one of the others with its link to the primary. */
export type ThreadRole =
  | { kind: 'primary' }
  | {
      kind: 'thread';
      index: number;
      /** The process's node id (the primary's): work this thread starts is the node's, and the primary beats for it. */
      nodeId: string;
      /** The port the primary chose; this thread listens on it beside the others. */
      port: number;
      limiterMemory: SharedArrayBuffer;
      link: ThreadLink<ToPrimary, ToThread>;
      /** The whole process's metrics text, from the primary. */
      metrics(): Promise<string>;
    };

/** What the primary hands each other thread at start. */
export interface ThreadSetup {
  config: Config;
  index: number;
  nodeId: string;
  port: number;
  limiterMemory: SharedArrayBuffer;
  linkPort: import('node:worker_threads').MessagePort;
  /** The place columns the primary merged, in shared memory: a thread adopts them instead of merging its own. */
  placeColumns: Array<[string, SharedColumns]>;
}

/** Young generation of a thread: request garbage dies young instead of being promoted (see docs/benchmarks.md). */
const YOUNG_GENERATION_MB = 96;
/** Other threads report their request counts this often. */
export const REPORT_MS = 1000;

/** The bundle's thread script is dist/http-worker.cjs; from source it is the .ts file, loaded after registering tsx. */
function threadScript(): { code: string; eval: boolean } {
  if ((globalThis as { GEOPIN_BUNDLED?: boolean }).GEOPIN_BUNDLED)
    return { code: resourcePath('dist/http-worker.cjs'), eval: false };
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const source = JSON.stringify(new URL('./http-worker.ts', import.meta.url).href);
  return { code: `import(${tsx}).then(({ register }) => { register(); return import(${source}); })`, eval: true };
}

/** What a thread said when it stopped; null when it exited or was cut off without saying. */
export type ThreadStopped = Extract<ToPrimary, { t: 'stopped' }> | null;

/** A thread stops this long before the process's deadline, so that its report arrives in time. */
const THREAD_MARGIN_MS = 200;

interface Running {
  index: number;
  worker: Worker;
  link: ThreadLink<ToThread, ToPrimary>;
  stopped: Promise<ThreadStopped>;
}

export class HttpThreads {
  /** The burst buckets every thread of the process draws on. */
  readonly limiterMemory = RateLimiter.allocate();
  private running: Running[] = [];

  constructor(
    private readonly config: Config,
    private readonly log: Log,
    /** The node the process is (NodeRegistry.id): every thread's work is its. */
    private readonly nodeId: string,
  ) {}

  /**
   * Checks that nothing else holds the port, starts the other threads (each listening when it resolves) and returns
   * the port the primary must listen on: one named up front, since threads share a port only when all bind it.
   */
  async start(hooks: { metrics: Metrics; queued(): void }): Promise<number> {
    const { host, port: configured, workers } = this.config.server;
    const port = configured === 0 ? (workers > 1 ? await freePort(host) : 0) : configured;
    if (port !== 0) await assertPortFree(host, port);
    const started = await Promise.allSettled(
      Array.from({ length: workers - 1 }, (_v, n) => this.startOne(n + 1, port, hooks)),
    );
    this.running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      // The others may be serving already: none is left running for a process that did not start.
      await this.stop(Date.now() + 1000);
      throw failed.reason;
    }
    return port;
  }

  /** After the primary bound `port`: refuses to go on when another process bound it too (SO_REUSEPORT lets it). */
  async listening(port: number): Promise<void> {
    const foreign = foreignListeners(port);
    if (foreign === 0) return;
    await this.stop(Date.now() + 1000);
    throw new Error(
      `port ${port} is also bound by another process (${foreign} listening socket(s) not ours); it would get part of the traffic`,
    );
  }

  broadcast(message: ToThread): void {
    for (const r of this.running) r.link.send(message);
  }

  /**
   * Each thread finishes its requests in flight, writes its counts and closes its store by `deadline` (epoch ms);
   * then every thread is ended. Returns each thread's report, by thread index.
   */
  async stop(deadline: number): Promise<Map<number, ThreadStopped>> {
    const running = this.running;
    this.running = [];
    for (const r of running) r.link.send({ t: 'stop', deadline: deadline - THREAD_MARGIN_MS });
    const reports = new Map<number, ThreadStopped>();
    await Promise.all(
      running.map(async (r) => {
        const outcome = await beforeDeadline(r.stopped, deadline);
        reports.set(r.index, outcome.done ? outcome.value : null);
      }),
    );
    await Promise.all(running.map((r) => r.worker.terminate()));
    return reports;
  }

  private async startOne(index: number, port: number, hooks: { metrics: Metrics; queued(): void }): Promise<Running> {
    const { port1, port2 } = new MessageChannel();
    const setup: ThreadSetup = {
      config: this.config,
      index,
      nodeId: this.nodeId,
      port,
      limiterMemory: this.limiterMemory,
      linkPort: port2,
      placeColumns: sharedColumns(),
    };
    const script = threadScript();
    const worker = new Worker(script.code, {
      eval: script.eval,
      workerData: setup,
      transferList: [port2],
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const link = new ThreadLink<ToThread, ToPrimary>(port1);
    let ready!: () => void;
    let markStopped!: (report: ThreadStopped) => void;
    const stopped = new Promise<ThreadStopped>((resolve) => (markStopped = resolve));
    link.on((message) => {
      if (message.t === 'ready') ready();
      else if (message.t === 'queued') hooks.queued();
      else if (message.t === 'report') hooks.metrics.threadReport(index, message.report);
      else if (message.t === 'stopped') markStopped(message);
      else if (message.t === 'metrics')
        void hooks.metrics.text().then((text) => link.send({ t: 'metrics', id: message.id, text }));
    });
    worker.on('error', (err) => this.log.error({ err, thread: index }, 'http thread failed'));
    worker.once('exit', () => markStopped(null));
    await new Promise<void>((resolve, reject) => {
      ready = resolve;
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`http thread ${index} exited with code ${code} before listening`)),
      );
    });
    this.log.info({ thread: index, threadId: worker.threadId }, `[server] http thread ${index} listening`);
    return { index, worker, link, stopped };
  }
}
