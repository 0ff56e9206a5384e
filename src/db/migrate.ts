// Applies src/db/migrations/NNN-name.sql in order, each once, each in its own transaction.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { resourcePath } from '../resources.ts';

const migrationsDir = resourcePath('src/db/migrations/');

/** Numbering: 0xx location service, 1xx checkout, 2xx payments and webhooks. */
export function migrate(db: Database.Database): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
  const files = existsSync(migrationsDir) ? readdirSync(migrationsDir) : [];
  const pending = files
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f) && !applied.has(f))
    .sort();
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const file of pending) {
    const sql = readFileSync(migrationsDir + file, 'utf8');
    db.transaction(() => {
      db.exec(sql);
      record.run(file, new Date().toISOString());
    })();
  }
  return pending;
}
