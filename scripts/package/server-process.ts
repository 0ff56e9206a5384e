// A server command (the executable, or node on the bundle) as a child process: started until it prints its port, then stopped by SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpuOf, rssOf } from '../../bench/proc.ts';

export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resident set size in bytes (VmRSS of /proc/<pid>/status). */
  rssBytes(): number;
  /** User + system CPU seconds so far (fields 14 and 15 of /proc/<pid>/stat, after the command name, in 1/100 s). */
  cpuSeconds(): number;
  /** SIGTERM, then the exit code (0 after a clean shutdown); SIGKILL if it has not exited within 15 s. */
  stop(): Promise<number | null>;
}

/** Spawns `command args` and resolves once it prints "[server] listening on http://127.0.0.1:<port>" (start with HOST=127.0.0.1). */
export async function startServerProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<ServerProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\[server\] listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    rssBytes: () => rssOf(child.pid!),
    cpuSeconds: () => cpuOf(child.pid!),
    stop: () => stopChild(child, exited),
  };
}

/** SIGTERM, then the exit code; SIGKILL after 15 s (a shutdown that hangs is itself a finding, and no process is left behind). */
export async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
