// Runs a repo script (scripts/*.ts) through tsx in a child process, capturing its exit status and output.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

export interface ScriptResult {
  stdout: string;
  stderr: string;
  status: number;
}

/** `env` is added to this process's environment. */
export function runScript(script: string, args: string[], env: Record<string, string>): ScriptResult {
  try {
    const stdout = execFileSync(join(repoRoot, 'node_modules/.bin/tsx'), [join(repoRoot, 'scripts', script), ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { stdout, status: 0, stderr: '' };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { stdout: e.stdout, status: e.status, stderr: e.stderr };
  }
}
