// `geopin backup --to DIR` (the production build) while the server runs: the copy holds every committed write, those
// still in the -wal file too, and starts as the store it was copied from, its sealed secrets opened by the copied key.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess } from '../../../scripts/package/server-process.ts';
import { startHarness, type Harness } from '../../checkout/support.ts';
import { datasetDir } from '../../support/dataset.ts';
import { repoRoot } from '../../support/paths.ts';
import { commandEnv } from '../../support/server.ts';

let h: Harness;
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  h = await startHarness({ LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await h?.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function backup(args: string[], env = commandEnv(h.server)) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), 'backup', ...args], {
    env: { ...process.env, NODE_ENV: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('geopin backup', () => {
  it.skipIf(Boolean(inject('databaseUrl')))('copies a running SQLite store and its key file', async () => {
    const { store } = h.server.parts.config;
    if (store.kind !== 'sqlite') throw new Error('an SQLite store was expected');
    const shop = await h.merchant('Backed up');
    const hooks = { webhook_url: 'http://127.0.0.1:9/hooks', webhook_secret: 'whsec_backup_0123456789' };
    expect((await h.admin('PATCH', 'webhooks', shop.key, hooks)).status).toBe(200);
    // The writes are in the -wal file, not yet in the database file a plain copy would take.
    expect(statSync(`${store.path}-wal`).size).toBeGreaterThan(0);

    const dir = join(scratch(), 'copy');
    const run = backup(['--to', dir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([join(dir, 'app.sqlite'), join(dir, 'checkout-encryption.key')]);
    expect(statSync(join(dir, 'checkout-encryption.key')).mode & 0o777).toBe(0o600);
    // The copy holds buyers' addresses: as private as its key, whatever the umask.
    expect(statSync(join(dir, 'app.sqlite')).mode & 0o777).toBe(0o600);

    // The production build started on the copy: the merchant's key works, and its sealed secret opens.
    const restored = await startServerProcess(process.execPath, ['dist/geopin.cjs', 'serve'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_OUT_DIR: datasetDir,
        DB_PATH: join(dir, 'app.sqlite'),
        HOST: '127.0.0.1',
        PORT: '0',
        WORKERS: '1',
        METRICS_PORT: 'off',
      },
    });
    try {
      const res = await fetch(`${restored.baseUrl}/checkout-admin?action=webhooks`, {
        headers: { 'x-api-key': shop.key },
      });
      expect(await res.json()).toEqual({
        success: true,
        data: { webhook_url: hooks.webhook_url, webhook_secret_set: true },
      });
    } finally {
      expect(await restored.stop()).toBe(0);
    }
    const again = backup(['--to', dir]);
    expect([again.status, again.stderr.trim()]).toEqual([1, `backup: ${dir} is not empty`]);
  });

  it('refuses a store that is not there, and says what to use for PostgreSQL', () => {
    const missing = join(scratch(), 'app.sqlite');
    const refused = backup(['--to', scratch()], { DB_PATH: missing });
    expect([refused.status, refused.stderr.trim()]).toEqual([1, `backup: no SQLite store at ${missing} (DB_PATH)`]);
    const postgres = backup(['--to', scratch()], {
      DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db',
      CHECKOUT_ENCRYPTION_KEY: '11'.repeat(32),
    });
    expect([postgres.status, postgres.stderr.trim()]).toEqual([
      1,
      'backup: the store is PostgreSQL (DATABASE_URL): back it up with pg_dump, see docs/deployment.md#backups',
    ]);
  });
});
