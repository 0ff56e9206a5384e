// Opens the configured store: SQLite (one machine, the default) or PostgreSQL (DATABASE_URL, many nodes).
import { openSqlite } from '../db/sqlite.ts';
import type { Database } from '../db/sql.ts';
import type { Config } from './config.ts';

export async function openStore(store: Config['store']): Promise<Database> {
  if (store.kind === 'sqlite') return openSqlite(store.path);
  const { openPostgres } = await import('../db/postgres.ts');
  return openPostgres(store.url, { max: store.poolSize });
}
