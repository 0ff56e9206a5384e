// Spawns the server as `npm start` runs it (src/main/main.ts under node --import tsx, no npx wrapper, so signals reach it).
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../../support/paths.ts';

export interface Child {
  process: ChildProcess;
  /** stdout and stderr, in arrival order. */
  output: string[];
  port: number;
  url: string;
  /** Resolves when the process has exited (after a signal or on its own). */
  exited: Promise<number | null>;
}

/** Starts src/main/main.ts with `env` on 127.0.0.1 port 0 and waits for its "listening" line. */
export async function spawnServer(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
    cwd: repoRoot,
    // Production-mode children (NODE_ENV set by a test) get an ephemeral metrics port: many run side by side.
    env: { ...process.env, NODE_ENV: 'test', WORKERS: '1', HOST: '127.0.0.1', PORT: '0', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /\[server\] listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('')}`));
    });
  });
  return { process: child, output, port, url: `http://127.0.0.1:${port}`, exited };
}
