// `geopin backup --to DIR`: a consistent copy of a running SQLite store (SQLite's online backup, the WAL included) and
// the checkout key file beside it, so `DB_PATH=DIR/<name>` starts on it as it was.
import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { masterKeyFile } from '../../checkout/secrets.ts';
import { loadConfig } from '../config.ts';

const USAGE = `usage: geopin backup --to DIR

Copies the SQLite store at DB_PATH while the server runs (every committed write, those still in its -wal file too)
and its checkout-encryption.key into DIR, which must be new or empty. Restore: stop the server, then start it with
DB_PATH=DIR/<file name> (or copy both files to where DB_PATH points, with no -wal or -shm file left there).
With DATABASE_URL (PostgreSQL) use pg_dump instead; see docs/deployment.md#backups.`;

export async function backupCommand(argv: string[]): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: { to: { type: 'string' }, help: { type: 'boolean' } } });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (!values.to) throw new Error(`--to is required\n${USAGE}`);
    const config = loadConfig();
    if (config.store.kind !== 'sqlite')
      throw new Error(
        'the store is PostgreSQL (DATABASE_URL): back it up with pg_dump, see docs/deployment.md#backups',
      );
    const written = await backupSqlite(config.store.path, resolve(values.to), config.encryptionKey !== null);
    process.stdout.write(`${written.join('\n')}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`backup: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

/** Writes the copy and, unless the key comes from CHECKOUT_ENCRYPTION_KEY, the key file; returns the paths written. */
export async function backupSqlite(dbPath: string, dir: string, keyFromEnv: boolean): Promise<string[]> {
  if (!existsSync(dbPath)) throw new Error(`no SQLite store at ${dbPath} (DB_PATH)`);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, basename(dbPath));
  const db = new BetterSqlite3(dbPath, { fileMustExist: true });
  try {
    // The server holds the file open: wait for its write transactions rather than fail on the first lock.
    db.pragma('busy_timeout = 5000');
    await db.backup(target);
  } finally {
    db.close();
  }
  // Buyers' addresses and phones: as private as the live store, whatever the umask made the copy.
  chmodSync(target, 0o600);
  if (keyFromEnv) {
    process.stderr.write(`backed up ${dbPath}; it opens only with the same CHECKOUT_ENCRYPTION_KEY: keep it with it\n`);
    return [target];
  }
  const keyFile = masterKeyFile(dbPath);
  if (!existsSync(keyFile)) return [target];
  const keyCopy = join(dir, basename(keyFile));
  copyFileSync(keyFile, keyCopy);
  chmodSync(keyCopy, 0o600);
  process.stderr.write(`backed up ${dbPath} and its key file; keep them together, and as private as the key\n`);
  return [target, keyCopy];
}
