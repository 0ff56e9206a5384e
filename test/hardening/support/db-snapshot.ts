// Row counts and a content hash per table, to prove a run of requests left the database exactly as it was.
import { createHash } from 'node:crypto';
import type { Db } from '../../../src/db/open.ts';

export type Snapshot = Record<string, { rows: number; sha256: string }>;

/** Every table in sqlite_master except `exclude`; rows are hashed in a sorted order, so the hash ignores storage order. */
export function snapshot(db: Db, exclude: readonly string[] = []): Snapshot {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
  const out: Snapshot = {};
  for (const name of tables) {
    if (exclude.includes(name)) continue;
    out[name] = digest(db.prepare(`SELECT * FROM "${name}"`).all());
  }
  return out;
}

/** Count and hash of a set of rows (e.g. one merchant's rows of a table). */
export function digest(rows: unknown[]): { rows: number; sha256: string } {
  const lines = rows.map((r) => JSON.stringify(r)).sort();
  return { rows: rows.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
}
