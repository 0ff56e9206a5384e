// What the main thread hands each HTTP worker thread at start, shared by both sides (http-workers.ts, http-worker.ts).
import type { MessagePort } from 'node:worker_threads';
import type { Endpoint } from '../http/pipeline.ts';
import type { LogLevel } from '../ops/logger.ts';

/** The server settings every HTTP thread runs with, the main thread's included. */
export interface HttpThreadSettings {
  host: string;
  port: number;
  dataDir: string;
  logLevel: LogLevel;
  bodyBudgetBytes: number;
  trustProxyHops: number;
}

/** What the main thread tells each worker (see http-workers.ts). */
export interface WorkerSetup extends HttpThreadSettings {
  role: 'http-worker';
  /** Every endpoint of the main thread; those this thread serves itself are dropped from it. */
  endpoints: RemoteEndpointInfo[];
  /** PolygonAnswers.shared() of the main thread. */
  answers: SharedArrayBuffer;
  limiterMemory: SharedArrayBuffer;
  rpcPort: MessagePort;
}

export interface RemoteEndpointInfo {
  key: string;
  method: Endpoint['method'];
  path: string;
  maxBodyBytes: number;
  browser: boolean;
  readsPeer: boolean;
}

/** The key both threads name an endpoint by. */
export const endpointKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
