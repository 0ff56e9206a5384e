// Process entry point: configuration, the app, listen; stop cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
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
