// What every route module receives: configuration, the database, and shutdown hooks.
import type { Db } from '../db/open.ts';
import type { Config } from './config.ts';

export interface AppContext {
  config: Config;
  db: Db;
  /** Called in order on clean shutdown (flush buffered counters, stop timers). */
  onShutdown: Array<() => void | Promise<void>>;
}
