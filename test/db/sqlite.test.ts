// The SQLite store's lifecycle: statements wait for a running transaction, and a closed store refuses work instead of hanging.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/db/sqlite.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fresh() {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-test-'));
  dirs.push(dir);
  return openSqlite(join(dir, 'db.sqlite'));
}

describe('openSqlite', () => {
  it('runs a statement sent during a transaction after it commits', async () => {
    const sql = fresh();
    await sql.run('CREATE TABLE t (n INTEGER)');
    let outside: Promise<unknown> | undefined;
    await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO t VALUES (1)');
      outside = sql.get<{ c: number }>('SELECT COUNT(*) AS c FROM t');
      await tx.run('INSERT INTO t VALUES (2)');
    });
    expect(await outside).toEqual({ c: 2 });
    await sql.close();
  });

  it('rejects work after close (a caller that outlives the app gets an error, not a promise that never settles)', async () => {
    const sql = fresh();
    await sql.close();
    await expect(sql.get('SELECT 1')).rejects.toThrow(/not open/);
  });
});
