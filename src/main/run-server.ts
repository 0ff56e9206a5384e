// Runs the server for a configuration until SIGINT/SIGTERM, then stops it within its deadline and exits 0.
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { reportStart } from './start-report.ts';

/** How long after its own deadline a stop that is still running is ended anyway. */
const BACKSTOP_MS = 2000;

export async function runServer(config: Config): Promise<void> {
  const app = await buildApp(config);
  const { port } = await app.start();
  const { log } = app.parts;
  const s = app.parts.location.stats;
  log.info(
    {
      dir: config.dataDir,
      dataset: s.dataset,
      boundaries: s.total_boundaries,
      pincodes: s.total_pincodes,
      load_ms: s.load_ms,
    },
    `[location] ${s.dataset} dataset from ${config.dataDir}`,
  );
  // Tools wait for this line (scripts/package/server-process.ts, the benches): keep its wording.
  log.info({ port, store: config.store.kind }, `[server] listening on http://${config.server.host}:${port}`);
  reportStart(config, app.parts.sql, port, log);
  // Asked once at start: a wrong SMTP setting shows now, not at a buyer's first sign-in code.
  void app.parts.mailer.check().then((problem) => {
    if (problem) log.warn({ mail: 'unreachable' }, `[server] ${problem}; sign-in codes cannot be mailed until it does`);
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // SIGTERM (an orchestrator's stop) drains: /readyz answers 503 while balancers notice; SIGINT (a person) does not.
      const drainMs = signal === 'SIGTERM' ? config.server.drainMs : 0;
      log.info(
        { signal, drain_ms: drainMs, timeout_ms: config.server.shutdownTimeoutMs },
        `[server] ${signal}: shutting down`,
      );
      const started = Date.now();
      // A backstop: should any step ignore its deadline, the process still ends soon after it.
      setTimeout(
        () => {
          log.error({ ms: Date.now() - started }, '[server] shutdown overran its deadline; exiting');
          process.exit(1);
        },
        drainMs + config.server.shutdownTimeoutMs + BACKSTOP_MS,
      ).unref();
      // Exit 0 even when counts were lost: the stop did what was asked, and the loss is logged at error level.
      app.stop({ drainMs }).then(
        ({ unfinished }) => {
          log.info({ ms: Date.now() - started, unfinished }, '[server] stopped');
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err }, '[server] shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
