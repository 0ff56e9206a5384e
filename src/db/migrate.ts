// Applies migrations/<dialect>/NNN-name.sql in order, each once, each in its own transaction.
import type BetterSqlite3 from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resourcePath } from '../resources.ts';

/** Numbering: 0xx location service, 1xx checkout, 2xx payments and webhooks, 3xx the contract revision. */
export function migrationsDir(dialect: 'sqlite' | 'postgres'): string {
  return resourcePath(`src/db/migrations/${dialect}/`);
}

/** Migration files of a dialect, sorted, as [name, sql]. */
export function readMigrations(dialect: 'sqlite' | 'postgres'): Array<[string, string]> {
  const dir = migrationsDir(dialect);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f)).sort() : [];
  return files.map((f) => [f, readFileSync(dir + f, 'utf8')]);
}

/** Brings an SQLite database up to date; returns the names applied now. */
export function migrateSqlite(db: BetterSqlite3.Database): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  const pending = readMigrations('sqlite').filter(([name]) => !applied.has(name));
  for (const [name, sql] of pending) {
    db.transaction(() => {
      db.exec(sql);
      record.run(name, new Date().toISOString());
    })();
  }
  return pending.map(([name]) => name);
}
