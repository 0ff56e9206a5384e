// The virtualenv schemathesis runs from: created on first use with python3 -m venv, schemathesis installed from PyPI at a pinned version.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Pinned: a new schemathesis release adds checks and generation tricks, which must not turn CI red on their own. */
export const SCHEMATHESIS_VERSION = '4.32.5';

/** The `st` executable of `venv`, installing schemathesis first when the venv lacks it or has another version. */
export function ensureSchemathesis(venv: string): string {
  const st = join(venv, 'bin', 'st');
  if (installedVersion(st) === SCHEMATHESIS_VERSION) return st;
  if (!existsSync(join(venv, 'bin', 'python'))) {
    console.log(`== creating virtualenv ${venv}`);
    execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  }
  console.log(`== pip install schemathesis==${SCHEMATHESIS_VERSION}`);
  execFileSync(
    join(venv, 'bin', 'python'),
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`],
    { stdio: 'inherit' },
  );
  const version = installedVersion(st);
  if (version !== SCHEMATHESIS_VERSION)
    throw new Error(`${st} reports version ${version ?? 'none'} after installing ${SCHEMATHESIS_VERSION}`);
  return st;
}

function installedVersion(st: string): string | null {
  if (!existsSync(st)) return null;
  const run = spawnSync(st, ['--version'], { encoding: 'utf8' });
  return /version (\S+)/.exec(run.stdout ?? '')?.[1] ?? null;
}
