// Spawns and kills the server child process (node --import tsx, no npx wrapper, so a signal reaches the server itself).
import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot } from '../../support/paths.ts';

export interface Child {
  process: ChildProcess;
  output: string[];
  /** Resolves when the process has exited (after a signal or on its own). */
  exited: Promise<number | null>;
}

/** Starts test/webhooks/support/server-child.ts with `env` and waits for its "listening" line. */
export async function spawnServer(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/webhooks/support/server-child.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('[child] listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) => reject(new Error(`child exited with ${code}:\n${output.join('')}`)));
  });
  return { process: child, output, exited };
}
