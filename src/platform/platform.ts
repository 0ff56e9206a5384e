// Wires the API-key platform over the app database: key store, usage meter (flushed on shutdown), burst limiter, gate.
import type { Db } from '../db/open.ts';
import { ApiKeyStore } from './api-keys.ts';
import { Gate } from './gate.ts';
import { RateLimiter } from './rate-limiter.ts';
import { UsageMeter } from './usage-meter.ts';

export interface Platform {
  keys: ApiKeyStore;
  meter: UsageMeter;
  gate: Gate;
}

/** Creates the platform and registers the meter's final flush on `onShutdown`. */
export function createPlatform(db: Db, onShutdown: Array<() => void | Promise<void>>): Platform {
  const keys = new ApiKeyStore(db);
  const meter = new UsageMeter(db);
  const gate = new Gate(keys, meter, new RateLimiter());
  meter.start();
  onShutdown.push(() => meter.stop());
  return { keys, meter, gate };
}
