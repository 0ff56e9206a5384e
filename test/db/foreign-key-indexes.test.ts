// Every foreign key leads an index of its table, so deleting a parent row (an address a session chose) looks up its
// children instead of reading the whole child table of every shop (15 ms an address delete with 75,000 sessions); and
// no index added for that takes a buyer's lookups from theirs.
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateSqlite } from '../../src/db/migrate.ts';
import { sqliteShape } from './support/schema-shape.ts';

/** Foreign keys whose parent rows the app never deletes nor re-keys: an index would cost writes and serve no read. */
const PARENT_NEVER_DELETED: Record<string, string> = {
  'checkout_sessions.buyer_id': 'buyers are never deleted',
  'buyers.merchant_id': 'merchants are never deleted',
  'addresses.merchant_id': 'merchants are never deleted',
};

const dir = mkdtempSync(join(tmpdir(), 'fk-index-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the migrated schema', () => {
  it('has an index led by the columns of each foreign key (the schema parity test gives PostgreSQL the same)', () => {
    const db = new BetterSqlite3(join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = OFF');
    migrateSqlite(db);
    const unindexed: string[] = [];
    for (const [table, shape] of Object.entries(sqliteShape(db))) {
      for (const fk of shape.foreignKeys) {
        // A partial index serves a lookup by the key only when the key's equality implies its condition.
        const serves = (where: string | null) =>
          !where || new RegExp(`^${fk.columns[0]} is not null$`, 'i').test(where);
        const indexes = shape.indexes.filter((i) => serves(i.where)).map((i) => i.columns);
        const keys = [shape.primaryKey, ...shape.unique, ...indexes];
        const name = `${table}.${fk.columns.join(',')}`;
        const led = keys.some((cols) => fk.columns.every((c, i) => cols[i] === c));
        if (!led && !PARENT_NEVER_DELETED[name]) unindexed.push(`${name} -> ${fk.table}`);
      }
    }
    db.close();
    expect(unindexed).toEqual([]);
  });

  it("deletes an address by looking up the sessions that chose it, and reads a buyer's by the buyer", () => {
    const db = new BetterSqlite3(join(dir, 'plan.sqlite'));
    db.pragma('foreign_keys = OFF');
    migrateSqlite(db);
    db.pragma('foreign_keys = ON');
    const plan = (text: string, ...values: string[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...values) as Array<{ detail: string }>)
        .map((p) => p.detail)
        .join(' | ');
    expect(plan('DELETE FROM addresses WHERE id = ?', 'x')).not.toMatch(/SCAN checkout_sessions/);
    // Without statistics an index led by the merchant would be taken for this too: every address of the shop read.
    expect(plan('SELECT * FROM addresses WHERE merchant_id = ? AND buyer_id = ?', 'm', 'b')).toMatch(/addresses_buyer/);
    db.close();
  });
});
