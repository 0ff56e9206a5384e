// Runs a repo script (scripts/*.ts) through tsx in a child process, capturing its exit status and output.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

export interface ScriptResult {
  stdout: string;
  stderr: string;
  status: number;
}

/** `env` is added to this process's environment. */
export function runScript(script: string, args: string[], env: Record<string, string>): ScriptResult {
  const result = spawnSync(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'scripts', script), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status ?? 1 };
}
