// A server under test as a child node process on 127.0.0.1: spawned, timed to its first answer, sampled for RSS, always stopped.
import { spawn } from 'node:child_process';
import { stopChild } from '../../scripts/package/server-process.ts';
import { cpuOf, rssOf } from '../proc.ts';

export interface Child {
  name: string;
  pid: number;
  baseUrl: string;
  /** The last lines the child printed (stdout and stderr), for error messages. */
  output(): string;
  /** False once the process has exited. */
  alive(): boolean;
  /** Resident set size in bytes (VmRSS of /proc/<pid>/status; every thread of the process counts once). */
  rssBytes(): number;
  /** User + system CPU seconds used so far by all its threads (/proc/<pid>/stat), less skewed by a busy machine than req/s. */
  cpuSeconds(): number;
  /** SIGTERM (a clean shutdown, which also writes --cpu-prof profiles), SIGKILL after 15 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<Child>();

/**
 * Spawns node itself (no npm/npx wrapper), so the pid, its RSS and the signals belong to the server; `cleanup` runs once it
 * has stopped (its temporary files).
 */
export function spawnNode(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  cleanup = () => {},
): Child {
  const proc = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const child: Child = {
    name,
    pid: proc.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => lines.join('\n'),
    alive: () => proc.exitCode === null && proc.signalCode === null,
    rssBytes: () => rssOf(proc.pid!),
    cpuSeconds: () => cpuOf(proc.pid!),
    stop: async () => {
      running.delete(child);
      const code = await stopChild(proc, exited);
      cleanup();
      return code;
    },
  };
  running.add(child);
  return child;
}

/** Stops every child still running (the harness calls it in `finally` and on SIGINT/SIGTERM). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((c) => c.stop()));
}

/**
 * Polls `path` with a POST until it answers 200 and returns the parsed body; a child that exits or stays silent for
 * `timeoutMs` fails with its output.
 */
export async function firstAnswer(
  child: Child,
  path: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 60_000,
): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let last: string;
  for (;;) {
    if (!child.alive()) throw new Error(`${child.name} exited before answering:\n${child.output()}`);
    try {
      const res = await fetch(child.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      const text = await res.text();
      if (res.status === 200) return JSON.parse(text);
      last = `${res.status} ${text.slice(0, 300)}`;
    } catch (err) {
      last = String((err as { cause?: unknown }).cause ?? err);
    }
    if (Date.now() > deadline)
      throw new Error(
        `${child.name} gave no 200 on ${path} within ${timeoutMs} ms (last: ${last}):\n${child.output()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
