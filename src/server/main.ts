// Process entry point: start the server, stop cleanly on SIGINT/SIGTERM.
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config.ts';
import { startServer, type RunningServer } from './start.ts';

/** Starts the server, prints the bound port on stdout, and exits 0 after a clean shutdown on SIGINT/SIGTERM. */
export async function runServer(config: Config = loadConfig()): Promise<RunningServer> {
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
  return server;
}

// Run directly (tsx src/server/main.ts, as the load bench does); the CLI calls runServer instead.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runServer().catch((err: unknown) => {
    console.error('[server] start failed', err);
    process.exit(1);
  });
}
