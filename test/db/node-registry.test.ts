// Node heartbeats on a store slower than their interval: one beat at a time, and a node that stops stays gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeRegistry } from '../../src/db/node-registry.ts';
import type { Sql } from '../../src/db/sql.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { openTestDb, type TestDb } from '../webhooks/support/outbox-db.ts';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => db?.dispose());

/** The store, each write taking `delayMs` longer; counts the writes under way at once. */
function slowStore(sql: Sql, delayMs: number) {
  const seen = { inFlight: 0, most: 0 };
  const slow: Sql = {
    dialect: sql.dialect,
    all: (text, params) => sql.all(text, params),
    get: (text, params) => sql.get(text, params),
    transaction: (fn) => sql.transaction(fn),
    async run(text, params) {
      seen.inFlight++;
      seen.most = Math.max(seen.most, seen.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return await sql.run(text, params);
      } finally {
        seen.inFlight--;
      }
    },
  };
  return { slow, seen };
}

const rows = async (id: string) =>
  Number((await db.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM nodes WHERE id = ?', [id]))!.n);

describe('NodeRegistry on a slow store', () => {
  it('beats one at a time, and a stop during a beat leaves no row behind', async () => {
    const { slow, seen } = slowStore(db.sql, 120);
    const nodes = new NodeRegistry(slow, systemClock, 10);
    await nodes.start(async () => undefined);
    expect(await rows(nodes.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(seen.most).toBe(1);
    // Stopped while a beat is on its way to the store: the beat must not put the row back after the delete.
    await nodes.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rows(nodes.id)).toBe(0);
  });
});
