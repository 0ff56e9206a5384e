// `npm run test:python` (part of `npm test`): builds the wheel, installs it in a virtualenv, type-checks the package
// (mypy) and runs pytest on a real server.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Pinned, so a new release cannot turn CI red on its own; httpx is the client's one dependency. */
const REQUIREMENTS = ['httpx==0.28.1', 'pytest==9.2.0', 'build==1.6.1', 'hatchling==1.33.0', 'mypy==1.18.2'];

const here = resolve(import.meta.dirname, '..');
const root = resolve(here, '../..');
const venv = process.env.CLIENT_PYTHON_VENV ?? join(root, '.venv-client-python');
const python = join(venv, 'bin', 'python');
const run = (command: string, args: string[], cwd = here) => execFileSync(command, args, { cwd, stdio: 'inherit' });

if (!existsSync(join(root, 'dist', 'geopin.cjs'))) throw new Error('dist/geopin.cjs is missing: run npm run build');
if (!existsSync(python)) {
  console.log(`== creating virtualenv ${venv}`);
  run('python3', ['-m', 'venv', venv]);
}
// The marker keeps later runs from asking PyPI again while the pins are unchanged.
const marker = join(venv, '.geopin-requirements');
if (!existsSync(marker) || readFileSync(marker, 'utf8') !== REQUIREMENTS.join('\n')) {
  console.log(`== pip install ${REQUIREMENTS.join(' ')}`);
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...REQUIREMENTS]);
  writeFileSync(marker, REQUIREMENTS.join('\n'));
}

const out = mkdtempSync(join(tmpdir(), 'geopin-client-python-'));
try {
  console.log('== python -m build (sdist and wheel), then pip install the wheel');
  // No isolation: the backend comes from the venv's pinned hatchling instead of a fresh download each run.
  run(python, ['-m', 'build', '--no-isolation', '--outdir', out, here]);
  const wheel = readdirSync(out).find((name) => name.endsWith('.whl'));
  if (!wheel || !readdirSync(out).some((name) => name.endsWith('.tar.gz')))
    throw new Error(`no wheel and sdist in ${out}`);
  run(python, [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--no-deps',
    '--force-reinstall',
    join(out, wheel),
  ]);
  console.log('== mypy: every function annotated, the annotations consistent (with the generated types.py)');
  run(python, ['-m', 'mypy', '--disallow-untyped-defs', '--disallow-incomplete-defs', '--no-incremental', 'src']);
  console.log('== pytest packages/client-python/tests');
  execFileSync(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests'], {
    cwd: here,
    stdio: 'inherit',
    env: { ...process.env, GEOPIN_REPO: root, GEOPIN_NODE: process.execPath },
  });
} finally {
  rmSync(out, { recursive: true, force: true });
}
