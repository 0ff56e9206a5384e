// One load run against one server: the result every load tool reports, and the choice of tool (wrk, else autocannon).
import { spawnSync } from 'node:child_process';
import { runAutocannon } from './load-autocannon.ts';
import { runWrk } from './load-wrk.ts';

export interface LoadJob {
  url: string;
  /** The request path, e.g. /v1/location/lookup. */
  path: string;
  apiKey: string;
  /** JSON bodies, sent in rotation; for GET, the request paths (query included) in rotation. */
  bodies: string[];
  /** POST (default) or GET. */
  method?: 'GET' | 'POST';
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx (wrk counts status >= 400; these servers send no 3xx). */
  non2xx: number;
  /** Connect, read, write errors and timeouts. */
  socketErrors: number;
}

export interface LoadTool {
  name: string;
  run(job: LoadJob): Promise<LoadResult>;
}

const AUTOCANNON: LoadTool = { name: 'autocannon (child process)', run: runAutocannon };

/** wrk when it is on PATH (unless BENCH_TOOL=autocannon); otherwise autocannon from node_modules, with the command that installs wrk. */
export function pickLoadTool(): LoadTool {
  if (process.env.BENCH_TOOL === 'autocannon') return AUTOCANNON;
  const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (!wrk.error) {
    const version = /wrk\s+(\S+)/.exec(`${wrk.stdout}${wrk.stderr}`)?.[1] ?? '';
    return { name: `wrk ${version}`.trim(), run: runWrk };
  }
  console.warn(
    'wrk is not on PATH (install it with: sudo apt-get install wrk); falling back to autocannon in a child process',
  );
  return AUTOCANNON;
}
