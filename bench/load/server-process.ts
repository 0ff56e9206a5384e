// The real server (src/main/main.ts) as a child process on 127.0.0.1, port 0: started, sampled for RSS and CPU, stopped by SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NODES, onInterrupt } from './interrupt.ts';
import { stopChild } from '../../scripts/package/server-process.ts';
import { rssOf } from '../proc.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /**
   * What the server reported as a problem: every stderr line, and every stdout log record at warn level or above (pino
   * writes JSON to stdout; the "request failed" record of each 500 is level 50).
   */
  stderr: string[];
  /** False once the process has exited. */
  alive(): boolean;
  /** Resident set size in bytes, from /proc/<pid>/status (VmRSS). */
  rssBytes(): number;
  /** Requests answered so far and the server's own time spent on them, from its GET /metrics (the scrape itself left out). */
  served(): Promise<Served>;
  /** Runs a full GC in the server (SIGUSR2, see gc-on-signal.ts) and resolves once it is done. */
  collectGarbage(): Promise<void>;
  /** SIGTERM, then the exit code (0 after a clean shutdown). */
  stop(): Promise<number | null>;
}

export interface Served {
  requests: number;
  /** Sum of http_request_duration_seconds: from the request's arrival in the handler to the reply. */
  seconds: number;
}

/**
 * Spawns node directly (no npx wrapper), so the pid and the signals belong to the server itself. `nodeArgs` go before the
 * script, e.g. `--cpu-prof --cpu-prof-dir=…` (the profile is written on the clean SIGTERM exit).
 */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--expose-gc', '--import', 'tsx', '--import', './bench/load/gc-on-signal.ts', 'src/main/main.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  const out = new StdoutLog(stderr);
  child.stderr.on('data', (chunk: Buffer) => stderr.push(...chunk.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // From its first moment, so a Ctrl-C during start-up stops it too.
  const forget = onInterrupt(
    NODES,
    () => stopChild(child, exited).then(() => undefined),
    () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  );
  void exited.then(forget);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${[...out.recent, ...stderr].join('\n')}`)),
      60_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      for (const line of out.take(chunk)) {
        const match = /\[server\] listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${[...out.recent, ...stderr].join('\n')}`));
    });
  });
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    rssBytes: () => rssOf(child.pid!),
    served: () => servedBy(`http://127.0.0.1:${port}`),
    collectGarbage: () => collectGarbage(child, out),
    stop: () => stopChild(child, exited),
  };
}

/** Sums the Prometheus counters over every route but /metrics, so the harness's own scrapes do not count as traffic. */
async function servedBy(baseUrl: string): Promise<Served> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  const served: Served = { requests: 0, seconds: 0 };
  for (const line of (await res.text()).split('\n')) {
    const match = /^(http_requests_total|http_request_duration_seconds_sum)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[2]!.includes('route="/metrics"')) continue;
    if (match[1] === 'http_requests_total') served.requests += Number(match[3]);
    else served.seconds += Number(match[3]);
  }
  return served;
}

/** The server's stdout, line by line: counts the GC preload's "[gc] collected", keeps problem records and the last lines. */
class StdoutLog {
  gcs = 0;
  readonly recent: string[] = [];
  private partial = '';

  constructor(private readonly problems: string[]) {}

  /** The complete lines in `chunk` (with what was left over from the previous one). */
  take(chunk: Buffer): string[] {
    const lines = (this.partial + chunk.toString()).split('\n');
    this.partial = lines.pop()!;
    for (const line of lines) {
      if (line.includes('[gc] collected')) this.gcs++;
      if (/^\{.*"level":(4|5|6)\d\b/.test(line)) this.problems.push(line);
      this.recent.push(line);
    }
    if (this.recent.length > 200) this.recent.splice(0, this.recent.length - 200);
    return lines;
  }
}

async function collectGarbage(child: ChildProcess, out: StdoutLog): Promise<void> {
  const before = out.gcs;
  child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (out.gcs === before) {
    if (Date.now() > deadline) throw new Error('the server did not report a GC within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
