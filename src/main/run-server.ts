// Runs the server for a configuration until SIGINT/SIGTERM, then stops it cleanly (exit 0) or reports why it could not (exit 1).
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { reportStart } from './start-report.ts';

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
  reportStart(config, app.parts.sql.location, port, log);
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
      app.stop({ drainMs }).then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, '[server] shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
