// The master key check at start, on the project's store: the key that sealed a store's secrets opens it, another
// key (or none, a lost key file) is refused with one line, and a new key file is announced.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSecrets } from '../../src/checkout/key-check.ts';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { masterKeyFile, SecretBox } from '../../src/checkout/secrets.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { silentLog, type Log } from '../../src/kernel/log.ts';
import { openTestDb, type TestDb } from '../webhooks/support/outbox-db.ts';
import { repoRoot } from '../support/paths.ts';

const key = () => randomBytes(32).toString('hex');
let t: TestDb | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await t?.dispose();
  t = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A log that keeps what it was told at info level. */
function infos(): Log & { said: string[] } {
  const said: string[] = [];
  return { ...silentLog, info: (_fields, message) => void said.push(message ?? ''), child: () => silentLog, said };
}

describe('openSecrets', () => {
  it('opens the store with the key that first opened it, and refuses another', async () => {
    t = await openTestDb();
    const first = key();
    const secrets = await openSecrets(t.sql, first, null, silentLog);
    const sealed = secrets.encrypt('whsec_0123456789abcdef');
    expect((await openSecrets(t.sql, first, null, silentLog)).decrypt(sealed)).toBe('whsec_0123456789abcdef');
    await expect(openSecrets(t.sql, key(), null, silentLog)).rejects.toThrow(
      /^CHECKOUT_ENCRYPTION_KEY is not the key this store's merchant secrets are sealed with/,
    );
  });

  it("checks a store from before the check by opening one of its merchants' secrets", async () => {
    t = await openTestDb();
    const old = key();
    const merchants = new MerchantRepository(t.sql, systemClock);
    const { merchant } = await merchants.create('Old shop');
    const box = new SecretBox(Buffer.from(old, 'hex'));
    await merchants.update(merchant.id, { webhook_secret_enc: box.encrypt('whsec_old_0123456789') });
    await expect(openSecrets(t.sql, key(), null, silentLog)).rejects.toThrow(/not the key/);
    // Refused, nothing recorded: the right key still opens it, and is recorded then.
    await openSecrets(t.sql, old, null, silentLog);
    await expect(openSecrets(t.sql, key(), null, silentLog)).rejects.toThrow(/not the key/);
  });

  it('lets one of two keys starting at once on a new store in, never both', async () => {
    t = await openTestDb();
    const results = await Promise.allSettled([key(), key(), key()].map((k) => openSecrets(t!.sql, k, null, silentLog)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('announces a new key file, and refuses to make one when the store already had a key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'key-check-'));
    dirs.push(dir);
    const path = join(dir, 'app.sqlite');
    const sql = openSqlite(path);
    try {
      const log = infos();
      await openSecrets(sql, null, path, log);
      expect(log.said).toEqual(['created the checkout encryption key file: back it up with the database']);
      const again = infos();
      await openSecrets(sql, null, path, again);
      expect(again.said).toEqual([]);
      rmSync(masterKeyFile(path));
      await expect(openSecrets(sql, null, path, silentLog)).rejects.toThrow(/checkout-encryption\.key is missing/);
      expect(existsSync(masterKeyFile(path))).toBe(false);
    } finally {
      await sql.close();
    }
  });
});

describe('the production build started with another key', () => {
  it('exits 1 with one line instead of starting', async () => {
    t = await openTestDb();
    await openSecrets(t.sql, key(), null, silentLog);
    const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), 'serve'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...t.env,
        NODE_ENV: '',
        CHECKOUT_ENCRYPTION_KEY: key(),
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_PORT: 'off',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^geopin: CHECKOUT_ENCRYPTION_KEY is not the key this store's merchant secrets are sealed with/,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
