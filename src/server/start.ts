// Wires config, database and routes into a running server; used by main.ts and by tests.
import { openDatabase } from '../db/open.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { listen } from './listen.ts';
import type { LocationApi } from '../geocoding/location-api.ts';

// Placeholder until the geocoding module loads the dataset here.
const unavailableLocation: LocationApi = {
  pincodeInfo: () => null,
  geocode: () => null,
  lookup: () => null,
};

export interface RunningServer {
  port: number;
  ctx: AppContext;
  /** Stops listening, runs shutdown hooks (flushes buffered state) and closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, registers routes and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const db = openDatabase(config.DB_PATH);
  const ctx: AppContext = { config, db, location: unavailableLocation, onShutdown: [] };
  const app = createApp(ctx);
  const listening = await listen(app, config.HOST, config.PORT);
  let stopped = false;
  return {
    port: listening.port,
    ctx,
    async stop() {
      if (stopped) return;
      stopped = true;
      listening.close();
      for (const hook of ctx.onShutdown) await hook();
      app.close();
      db.close();
    },
  };
}
