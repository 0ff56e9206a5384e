// Many rows into one table as multi-row INSERTs, on either store.
import type { Sql } from './sql.ts';

/** Rows per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const CHUNK = 100;

/** One multi-row INSERT per CHUNK rows; run it inside a transaction to make them one write. */
export async function insertRows(
  sql: Sql,
  table: string,
  columns: readonly string[],
  rows: unknown[][],
): Promise<void> {
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await sql.run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => one).join(', ')}`,
      chunk.flat(),
    );
  }
}
