// The one numbered chain of schema steps, NNN-name.<dialect>.sql: the same steps for SQLite and PostgreSQL, each once.
import type BetterSqlite3 from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Dialect } from './sql.ts';
import { resourcePath } from '../resources.ts';

export interface MigrationStep {
  name: string;
  sql: string;
}

const STEP_FILE = /^(\d{3}-[\w-]+)\.(sqlite|postgres)\.sql$/;

/**
 * What an earlier layout recorded (one chain per dialect): a store that has all of its names has exactly the schema of
 * 001-initial, which is then recorded as applied instead of run.
 */
export const LEGACY_STEPS: Record<Dialect, readonly string[]> = {
  sqlite: [
    '001-api-keys.sql',
    '002-api-usage.sql',
    '100-checkout-merchants.sql',
    '101-checkout-buyers.sql',
    '102-checkout-sessions.sql',
    '103-checkout-events.sql',
    '104-checkout-imports.sql',
    '200-payments.sql',
    '300-contract-revision.sql',
    '400-dashboards.sql',
  ],
  postgres: ['001-schema.sql', '400-dashboards.sql'],
};

export function migrationsDir(): string {
  return resourcePath('src/db/migrations/');
}

/** The dialect's steps in order; throws when any step lacks the other dialect's file (the chains must be the same). */
export function migrationSteps(dialect: Dialect, dir = migrationsDir()): MigrationStep[] {
  const files = existsSync(dir) ? readdirSync(dir) : [];
  const byDialect: Record<Dialect, Set<string>> = { sqlite: new Set(), postgres: new Set() };
  for (const file of files) {
    const match = STEP_FILE.exec(file);
    if (match) byDialect[match[2] as Dialect].add(match[1]!);
  }
  const names = [...new Set([...byDialect.sqlite, ...byDialect.postgres])].sort();
  const unpaired = names.filter((name) => !byDialect.sqlite.has(name) || !byDialect.postgres.has(name));
  if (unpaired.length > 0) throw new Error(`migration steps without both dialects: ${unpaired.join(', ')}`);
  return names.map((name) => ({ name, sql: readFileSync(`${dir}${name}.${dialect}.sql`, 'utf8') }));
}

/** The steps still to run for a store that recorded `applied`; a store of the earlier layout is adopted as 001-initial. */
export function pendingSteps(
  dialect: Dialect,
  applied: ReadonlySet<string>,
  dir?: string,
): { adopted: string | null; pending: MigrationStep[] } {
  const steps = migrationSteps(dialect, dir);
  const legacy = LEGACY_STEPS[dialect];
  // A newer release migrated this store: this code would write without its columns (an order's address snapshot).
  const known = new Set([...steps.map((step) => step.name), ...legacy]);
  const newer = [...applied].filter((name) => !known.has(name)).sort();
  if (newer.length > 0)
    throw new Error(
      `this ${dialect} store was migrated by a newer release (${newer.join(', ')}); run that release on it, or ` +
        'restore the backup taken before the upgrade (migrations only go forward)',
    );
  const found = legacy.filter((name) => applied.has(name));
  let adopted: string | null = null;
  if (found.length > 0 && !applied.has(steps[0]!.name)) {
    if (found.length < legacy.length) {
      const missing = legacy.filter((name) => !applied.has(name));
      throw new Error(
        `this ${dialect} store stopped part-way through an older migration chain (missing ${missing.join(', ')}); start the previous release on it once first`,
      );
    }
    adopted = steps[0]!.name;
  }
  const done = new Set([...applied, ...(adopted ? [adopted] : [])]);
  return { adopted, pending: steps.filter((step) => !done.has(step.name)) };
}

/** Brings an SQLite database up to date; returns the names applied now (an adopted 001-initial included). */
export function migrateSqlite(db: BetterSqlite3.Database): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  const { adopted, pending } = pendingSteps('sqlite', applied);
  if (adopted) record.run(adopted, new Date().toISOString());
  for (const { name, sql } of pending) {
    db.transaction(() => {
      db.exec(sql);
      record.run(name, new Date().toISOString());
    })();
  }
  return [...(adopted ? [adopted] : []), ...pending.map((step) => step.name)];
}
