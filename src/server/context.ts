// What every route module receives: configuration, the database, and shutdown hooks.
import type { Db } from '../db/open.ts';
import type { LocationApi } from '../geocoding/location-api.ts';
import type { Config } from './config.ts';

export interface AppContext {
  config: Config;
  db: Db;
  /** In-process location service (pincode directory, geocoding, boundary lookup). */
  location: LocationApi;
  /** Called in order on clean shutdown (flush buffered counters, stop timers). */
  onShutdown: Array<() => void | Promise<void>>;
}
