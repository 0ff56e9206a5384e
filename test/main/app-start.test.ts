// A server that cannot start exits 1 with one line, its HTTP threads stopped first: with the metrics port taken after
// the threads were serving, Node used to abort (uv_loop_close with open handles, exit 134) under a native stack.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'app-start-'));
let held: Server | null = null;
afterAll(() => {
  held?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('geopin --version', () => {
  it('names the package version and the commit the bundle was built from', () => {
    const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), '--version'], { encoding: 'utf8' });
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+ \([0-9a-f]{7,40}(\+changes)?\)$/);
  });
});

describe('a production server that cannot start', () => {
  it('stops its HTTP threads and exits 1 with one line when the metrics port is taken', async () => {
    held = createServer();
    const port = await new Promise<number>((resolve) =>
      held!.listen(0, '127.0.0.1', () => resolve((held!.address() as { port: number }).port)),
    );
    const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), 'serve'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: '',
        DB_PATH: join(dir, 'app.sqlite'),
        HOST: '127.0.0.1',
        PORT: '0',
        WORKERS: '2',
        METRICS_PORT: String(port),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([run.status, run.signal]).toEqual([1, null]);
    expect(run.stderr.trim().split('\n')).toEqual([
      `geopin: METRICS_PORT ${port} on 127.0.0.1 is in use; choose another port or set METRICS_PORT=off`,
    ]);
  });

  it('exits 1 with one line naming DATABASE_URL when PostgreSQL does not answer', async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as { port: number }).port)),
    );
    await new Promise((resolve) => closed.close(resolve));
    const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), 'serve'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: '',
        DATABASE_URL: `postgres://geopin:Secret@127.0.0.1:${port}/shop`,
        CHECKOUT_ENCRYPTION_KEY: '11'.repeat(32),
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_PORT: 'off',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([run.status, run.signal]).toEqual([1, null]);
    const lines = run.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(
      new RegExp(`^geopin: PostgreSQL at 127\\.0\\.0\\.1:${port}/shop \\(DATABASE_URL\\): .*ECONNREFUSED`),
    );
    expect(run.stderr).not.toContain('Secret');
  });

  it('exits 1 with one line naming DB_PATH when the SQLite store cannot be opened', () => {
    // A directory where the file should be: SQLite says only "unable to open database file".
    const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), 'serve'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: '', DB_PATH: dir, HOST: '127.0.0.1', PORT: '0', METRICS_PORT: 'off' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([run.status, run.signal]).toEqual([1, null]);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      `geopin: SQLite store at ${dir} (DB_PATH): unable to open database file`,
    );
  });
});
