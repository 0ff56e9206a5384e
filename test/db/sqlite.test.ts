// The SQLite store's lifecycle: statements wait for a running transaction, and a closed store refuses work instead of hanging.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
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
  it("creates a new store, and its write-ahead log, readable by the server's user only", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-test-'));
    dirs.push(dir);
    const sql = openSqlite(join(dir, 'app.sqlite'));
    await sql.run('CREATE TABLE t (n INTEGER)');
    expect(statSync(join(dir, 'app.sqlite')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'app.sqlite-wal')).mode & 0o777).toBe(0o600);
    await sql.close();
  });

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

  it('reads rows as objects keyed by column (a repeated name: the last), in and out of transactions', async () => {
    const sql = fresh();
    await sql.run('CREATE TABLE a (id TEXT, n INTEGER, x REAL, b BLOB, t TEXT)');
    await sql.run('INSERT INTO a VALUES (?, ?, ?, ?, ?)', ['k1', 7, 1.5, Buffer.from([1, 2]), null]);
    await sql.run('INSERT INTO a VALUES (?, ?, ?, ?, ?)', ['k2', 8, 2.5, null, 'two']);
    const rows = await sql.all('SELECT * FROM a ORDER BY id');
    expect(rows).toEqual([
      { id: 'k1', n: 7, x: 1.5, b: Buffer.from([1, 2]), t: null },
      { id: 'k2', n: 8, x: 2.5, b: null, t: 'two' },
    ]);
    expect(await sql.get('SELECT a.n, b.n FROM a JOIN a b ON b.id = ? WHERE a.id = ?', ['k2', 'k1'])).toEqual({ n: 8 });
    expect(await sql.get('SELECT * FROM a WHERE id = ?', ['none'])).toBeUndefined();
    await sql.transaction(async (tx) => {
      expect(await tx.get('UPDATE a SET n = n + 1 WHERE id = ? RETURNING n', ['k1'])).toEqual({ n: 8 });
      expect(await tx.all('SELECT id FROM a WHERE n = ? ORDER BY id', [8])).toEqual([{ id: 'k1' }, { id: 'k2' }]);
    });
    await expect(sql.all('DELETE FROM a')).rejects.toThrow(/does not return data/);
    expect(await sql.run('DELETE FROM a')).toBe(2);
    await sql.close();
  });

  it('keys a row by any column name, quotes, backslashes, line breaks and __proto__ included', async () => {
    const sql = fresh();
    const names = ['a"b', 'c\\d', "e'f", 'g\nh', '__proto__', 'constructor', '1', ''];
    const select = names.map((name, i) => `${i} AS "${name.replaceAll('"', '""')}"`).join(', ');
    const row = (await sql.get<Record<string, unknown>>(`SELECT ${select}`))!;
    expect(Object.keys(row)).toEqual(['1', 'a"b', 'c\\d', "e'f", 'g\nh', '__proto__', 'constructor', '']);
    names.forEach((name, i) => expect(Object.getOwnPropertyDescriptor(row, name)?.value).toBe(i));
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    const nulls = (await sql.get<Record<string, unknown>>('SELECT NULL AS "__proto__"'))!;
    expect(Object.getPrototypeOf(nulls)).toBe(Object.prototype);
    expect(Object.hasOwn(nulls, '__proto__')).toBe(true);
    await sql.close();
  });

  it('rejects work after close (a caller that outlives the app gets an error, not a promise that never settles)', async () => {
    const sql = fresh();
    await sql.close();
    await expect(sql.get('SELECT 1')).rejects.toThrow(/not open/);
  });
});
