// Row counts and a content hash per table, to prove a run of requests left the store exactly as it was.
import { createHash } from 'node:crypto';
import type { Sql } from '../../../src/db/sql.ts';

export type Snapshot = Record<string, { rows: number; sha256: string }>;

/**
 * Tables whose rows change with time, not with requests: node heartbeats; api_usage and api_usage_daily, which count
 * answered /v1 requests by design (the fuzz checks the monthly count separately); and api_request_log, which keeps each
 * key's latest requests, refused ones too, written a second later.
 */
export const BACKGROUND_TABLES = ['nodes', 'api_usage', 'api_usage_daily', 'api_request_log'] as const;

/** Every table of the store except `exclude`; rows are hashed in a sorted order, so the hash ignores storage order. */
export async function snapshot(sql: Sql, exclude: readonly string[] = BACKGROUND_TABLES): Promise<Snapshot> {
  const names =
    sql.dialect === 'sqlite'
      ? await sql.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
      : await sql.all<{ name: string }>(
          'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
        );
  const out: Snapshot = {};
  for (const { name } of names) {
    if (exclude.includes(name)) continue;
    out[name] = digest(await sql.all(`SELECT * FROM "${name}"`));
  }
  return out;
}

/** Count and hash of a set of rows (e.g. one merchant's rows of a table). */
export function digest(rows: unknown[]): { rows: number; sha256: string } {
  const lines = rows.map((r) => JSON.stringify(r)).sort();
  return { rows: rows.length, sha256: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

/** Names of the tables whose snapshot differs. */
export function changedTables(a: Snapshot, b: Snapshot): string[] {
  return Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}
