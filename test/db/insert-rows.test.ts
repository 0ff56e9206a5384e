// insertRows: many rows as multi-row INSERTs of at most 100 rows each, every row and value arriving, on either store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from '../../src/db/insert-rows.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.parts.sql.run('CREATE TABLE insert_rows_probe (n INTEGER NOT NULL, label TEXT)');
});
afterAll(async () => server?.dispose());

describe('insertRows', () => {
  it('inserts 250 rows in three statements, nulls and all, and nothing for no rows', async () => {
    const sql = server.parts.sql;
    const rows = Array.from({ length: 250 }, (_, n) => [n, n % 7 === 0 ? null : `row ${n}`]);
    const statements: string[] = [];
    const counting = {
      ...sql,
      run: (text: string, params?: readonly unknown[]) => (statements.push(text), sql.run(text, params)),
    };
    await insertRows(counting, 'insert_rows_probe', ['n', 'label'], rows);
    await insertRows(counting, 'insert_rows_probe', ['n', 'label'], []);
    expect(statements).toHaveLength(3);
    const stored = await sql.all<{ n: number; label: string | null }>(
      'SELECT n, label FROM insert_rows_probe ORDER BY n',
    );
    expect(stored.map((r) => [Number(r.n), r.label])).toEqual(rows);
  });
});
