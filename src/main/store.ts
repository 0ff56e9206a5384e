// Opens the configured store: SQLite (one machine, the default) or PostgreSQL (DATABASE_URL, many nodes).
import { openSqlite } from '../db/sqlite.ts';
import type { Database } from '../db/sql.ts';
import type { Config } from './config.ts';

export async function openStore(store: Config['store']): Promise<Database> {
  if (store.kind === 'sqlite') {
    try {
      return openSqlite(store.path);
    } catch (err) {
      // "unable to open database file" alone does not say which file, nor which setting names it.
      throw new Error(`SQLite store at ${store.path} (DB_PATH): ${err instanceof Error ? err.message : String(err)}`, {
        cause: err,
      });
    }
  }
  const { openPostgres } = await import('../db/postgres.ts');
  return openPostgres(store.url, { max: store.poolSize }).catch((err: unknown) => {
    // "connect ECONNREFUSED 10.0.0.5:5432" alone does not tell an operator which setting to look at.
    const { hostname, port, pathname } = new URL(store.url);
    const where = `${hostname}:${port || '5432'}${pathname}`;
    throw new Error(`PostgreSQL at ${where} (DATABASE_URL): ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  });
}
