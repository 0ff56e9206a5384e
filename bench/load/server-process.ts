// The real server (src/main/main.ts) as a child process on 127.0.0.1, port 0: started, sampled for RSS, stopped by SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** Lines the server wrote to stderr, e.g. the "[http] … failed" log of every 500. */
  stderr: string[];
  /** Resident set size in bytes, from /proc/<pid>/status (VmRSS). */
  rssBytes(): number;
  /** User + system CPU time the server has used so far, in seconds (from /proc/<pid>/stat). */
  cpuSeconds(): number;
  /** Runs a full GC in the server (SIGUSR2, see gc-on-signal.ts) and resolves once it is done. */
  collectGarbage(): Promise<void>;
  /** SIGTERM, then the exit code (0 after a clean shutdown). */
  stop(): Promise<number | null>;
}

/** Spawns node directly (no npx wrapper), so the pid and the signals belong to the server itself. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--import', './bench/load/gc-on-signal.ts', 'src/main/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  const stdout: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(...chunk.toString().split('\n').filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${[...stdout, ...stderr].join('\n')}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout.push(chunk.toString());
      const match = /\[server\] listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${[...stdout, ...stderr].join('\n')}`));
    });
  });
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    stderr,
    rssBytes: () => rssOf(child.pid!),
    cpuSeconds: () => cpuOf(child.pid!),
    collectGarbage: () => collectGarbage(child, stdout),
    stop: () => stop(child, exited),
  };
}

function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** utime + stime are fields 14 and 15 of /proc/<pid>/stat, counted after the ")" that ends the command name, in 1/100 s. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function collectGarbage(child: ChildProcess, stdout: string[]): Promise<void> {
  const before = countGc(stdout);
  child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  while (countGc(stdout) === before) {
    if (Date.now() > deadline) throw new Error('the server did not report a GC within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function countGc(stdout: string[]): number {
  return stdout.join('').split('[gc] collected').length - 1;
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  // A shutdown that hangs is itself a finding; do not leave the process behind.
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
