// Wires config, database and routes into a running server; used by main.ts and by tests.
import { openDatabase } from '../db/open.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { listen } from './listen.ts';
import { LocationService } from '../geocoding/location-service.ts';
import { startWebhookDispatcher } from '../webhooks/start.ts';

export interface RunningServer {
  port: number;
  ctx: AppContext;
  /** Stops listening, runs shutdown hooks (flushes buffered state) and closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, loads the location dataset (once per process), registers routes and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = openDatabase(config.DB_PATH);
  let location: LocationService;
  try {
    location = openLocation(config.DATA_OUT_DIR);
  } catch (err) {
    db.close();
    throw err;
  }
  const ctx: AppContext = { config, db, location, onShutdown: [] };
  const app = createApp(ctx);
  startWebhookDispatcher(ctx);
  const listening = await listen(app, config.HOST, config.PORT);
  let stopped = false;
  return {
    port: listening.port,
    ctx,
    async stop() {
      if (stopped) return;
      stopped = true;
      listening.close();
      // Close open connections before the hooks, so no request can count usage after the final flush.
      app.close();
      for (const hook of ctx.onShutdown) await hook();
      db.close();
    },
  };
}

function openLocation(dir: string): LocationService {
  const cached = LocationService.isOpen(dir);
  const service = LocationService.open(dir);
  if (!cached) {
    const s = service.stats;
    console.log(
      `[location] ${s.dataset} dataset from ${dir}: ${s.total_boundaries} boundaries, ${s.total_pincodes} pincodes, ` +
        `${s.total_offices} offices, ${s.autocomplete_entries} places in ${s.load_ms} ms`,
    );
  }
  return service;
}
