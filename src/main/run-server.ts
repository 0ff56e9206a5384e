// Runs the server for a configuration until SIGINT/SIGTERM, then stops it cleanly (exit 0) or reports why it could not (exit 1).
import { buildApp } from './app.ts';
import type { Config } from './config.ts';

export async function runServer(config: Config): Promise<void> {
  const app = await buildApp(config);
  const { port } = await app.start();
  const s = app.parts.location.stats;
  console.log(`[location] ${s.dataset} dataset from ${config.dataDir}: ${s.total_boundaries} boundaries, ${s.total_pincodes} pincodes in ${s.load_ms} ms`);
  console.log(`[server] listening on http://${config.server.host}:${port} (store: ${config.store.kind})`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`[server] ${signal}: shutting down`);
      app.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('[server] shutdown failed', err);
          process.exit(1);
        },
      );
    });
  }
}
