// Process entry point: start the server, stop cleanly on SIGINT/SIGTERM.
import { loadConfig } from './config.ts';
import { startServer } from './start.ts';

const config = loadConfig();
const server = await startServer(config);
console.log(`[server] listening on http://${config.HOST}:${server.port}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: shutting down`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[server] shutdown failed', err);
        process.exit(1);
      },
    );
  });
}
