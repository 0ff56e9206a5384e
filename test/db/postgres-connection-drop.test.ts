// A connection that drops or stalls: a transaction's later statements are refused like any statement to a database out
// of reach and never sent (postgres.js sent them on the closed socket, an uncaught TypeError that ended the node, or
// on the connection the pool opened in its place, outside any transaction); a database that stops answering is given
// up within the answer deadline; an outage refuses statements at once and ends as soon as the database is back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Database } from '../../src/db/sql.ts';
import { testStore } from '../support/server.ts';
import { relay, type Relay } from './support/relay.ts';

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('PostgreSQL connection dropped inside a transaction', () => {
  let store: Awaited<ReturnType<typeof testStore>>;
  let link: Relay;
  let db: Database;

  beforeAll(async () => {
    store = await testStore();
    link = await relay(new URL(store.env.DATABASE_URL!));
    const url = new URL(store.env.DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    db = await openPostgres(url.toString(), { max: 1 });
  });
  afterAll(async () => {
    await db.close();
    await link.cut();
    await store.drop();
  });

  it('refuses the statements after the drop as store_unavailable and serves again once the database is back', async () => {
    let later: unknown;
    const transaction = db.transaction(async (tx) => {
      await tx.get('SELECT 1 AS one');
      await link.cut();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return tx.get('SELECT 2 AS two').catch((err: unknown) => (later = err));
    });
    await expect(transaction).rejects.toMatchObject({ code: 'store_unavailable' });
    await expect.poll(() => later, { timeout: 5000 }).toMatchObject({ code: 'store_unavailable' });

    await link.mend();
    await expect
      .poll(() => db.get<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined), { timeout: 15_000 })
      .toEqual({ ok: 1 });
  });

  it('runs none of its statements after the drop, not even on the connection opened in its place', async () => {
    await db.run('CREATE TABLE dropped_midway (n integer)');
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let late: unknown;
    const transaction = db.transaction(async (tx) => {
      await tx.run('INSERT INTO dropped_midway (n) VALUES (1)');
      await link.cut();
      await paused;
      late = await tx.run('INSERT INTO dropped_midway (n) VALUES (2)').catch((err: unknown) => err);
      return late;
    });
    await expect(transaction).rejects.toMatchObject({ code: 'store_unavailable' });
    await link.mend();
    // The pool's one connection opens again for this read while the transaction's function still runs.
    await expect
      .poll(() => db.get<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined), { timeout: 15_000 })
      .toEqual({ ok: 1 });
    resume();
    await expect.poll(() => late, { timeout: 5000 }).toMatchObject({ code: 'store_unavailable' });
    expect(await db.all('SELECT n FROM dropped_midway')).toEqual([]);
    expect(await db.get('SELECT 3 AS three')).toEqual({ three: 3 });
  });

  it('gives a statement and a transaction up within 6 s when the database stops answering, and commits nothing', async () => {
    // Both waited until the database answered again, however long (a stalled host, a failover without a reset).
    await db.run('CREATE TABLE stalled_midway (n integer)');
    link.freeze();
    try {
      let started = Date.now();
      await expect(db.get('SELECT 1 AS one')).rejects.toMatchObject({ code: 'store_unavailable' });
      expect(Date.now() - started).toBeLessThan(6500);
      started = Date.now();
      const stalled = db.transaction(async (tx) => tx.run('INSERT INTO stalled_midway (n) VALUES (1)'));
      await expect(stalled).rejects.toMatchObject({ code: 'store_unavailable' });
      expect(Date.now() - started).toBeLessThan(6500);
    } finally {
      link.thaw();
    }
    await expect
      .poll(() => db.get<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined), { timeout: 15_000 })
      .toEqual({ ok: 1 });
    // The insert ran once the database answered, in the transaction the caller had been told failed: rolled back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await db.all('SELECT n FROM stalled_midway')).toEqual([]);
  });

  it('refuses statements at once all through an outage, and serves within a second of its end', async () => {
    // The driver's backoff grew with each failed attempt to 20 s, and each statement waited for the next attempt.
    await link.cut();
    for (let i = 0; i < 12; i++) {
      const started = Date.now();
      await expect(db.get('SELECT 1 AS one')).rejects.toMatchObject({ code: 'store_unavailable' });
      expect(Date.now() - started, `statement ${i + 1}`).toBeLessThan(2000);
    }
    await link.mend();
    const back = Date.now();
    await expect
      .poll(() => db.get<{ ok: number }>('SELECT 1 AS ok').catch(() => undefined), { timeout: 15_000, interval: 50 })
      .toEqual({ ok: 1 });
    expect(Date.now() - back).toBeLessThan(1500);
  });

  it('keeps a statement waiting for a free connection while the database answers others', async () => {
    // A QA run with 24 imports on one node saw 503s on a healthy database: the wait for a connection was counted as
    // the database's silence. The pool's one connection is held here for 7 s by a transaction that is answered.
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const busy = db.transaction(async (tx) => {
      for (const until = Date.now() + 7000; Date.now() < until; await sleep(50)) await tx.get('SELECT 1 AS one');
    });
    await sleep(100);
    const started = Date.now();
    expect(await db.get('SELECT 2 AS two')).toEqual({ two: 2 });
    expect(Date.now() - started).toBeGreaterThan(5500);
    await busy;
  });
});
