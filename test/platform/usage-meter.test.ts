// The usage meter: a request counted in place (one entry per key), folded into the store writes at each flush, per month
// (the quota) and per UTC day (the dashboard's chart).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/sql.ts';
import { openStore } from '../../src/main/store.ts';
import { ApiKeyRepository } from '../../src/platform/api-keys.ts';
import { silentLog } from '../../src/kernel/log.ts';
import { UsageMeter } from '../../src/platform/usage-meter.ts';
import { UsageRepository } from '../../src/platform/usage-repository.ts';
import { testStore } from '../support/server.ts';

let sql: Database;
let store: Awaited<ReturnType<typeof testStore>>;
const dir = mkdtempSync(join(tmpdir(), 'usage-meter-'));

beforeAll(async () => {
  store = await testStore();
  sql = await openStore(
    store.env.DATABASE_URL
      ? { kind: 'postgres', url: store.env.DATABASE_URL, poolSize: 5 }
      : { kind: 'sqlite', path: join(dir, 'app.sqlite') },
  );
});

afterAll(async () => {
  await sql?.close();
  await store?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('usage per day', () => {
  it('counts each request on its UTC day, across midnight and a month end, adding up over flushes', async () => {
    let now = new Date('2026-03-31T23:59:59.500Z');
    const clock = () => now;
    const repo = new UsageRepository(sql);
    const meter = new UsageMeter(repo, clock);
    const { record } = await new ApiKeyRepository(sql, clock).create({ plan: 'free' });
    meter.record(record.id, '2026-03');
    meter.record(record.id, '2026-03');
    now = new Date('2026-04-01T00:00:00.200Z');
    for (let i = 0; i < 3; i++) meter.record(record.id, '2026-04');
    await meter.flush();
    expect(await repo.daily(record.id, '2026-03-01', '2026-04-30')).toEqual([
      { keyId: record.id, day: '2026-03-31', requests: 2 },
      { keyId: record.id, day: '2026-04-01', requests: 3 },
    ]);
    meter.record(record.id, '2026-04');
    await meter.stop();
    expect(await repo.daily(record.id, '2026-04-01', '2026-04-01')).toEqual([
      { keyId: record.id, day: '2026-04-01', requests: 4 },
    ]);
    expect([await repo.used(record.id, '2026-03'), await repo.used(record.id, '2026-04')]).toEqual([2, 4]);
  });

  it('reads only the days asked for, and only the key asked for', async () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const repo = new UsageRepository(sql);
    const keys = new ApiKeyRepository(sql, () => now);
    const a = (await keys.create({ plan: 'free' })).record.id;
    const b = (await keys.create({ plan: 'free' })).record.id;
    await repo.add(
      [],
      [
        { keyId: a, day: '2026-05-09', requests: 5 },
        { keyId: a, day: '2026-05-10', requests: 7 },
        { keyId: b, day: '2026-05-10', requests: 9 },
      ],
    );
    expect((await repo.daily(a, '2026-05-10', '2026-05-31')).map((r) => r.requests)).toEqual([7]);
    expect((await repo.daily(b, '2026-05-01', '2026-05-31')).map((r) => r.requests)).toEqual([9]);
  });
});

async function freshKey(now: () => Date): Promise<number> {
  return (await new ApiKeyRepository(sql, now).create({ plan: 'free' })).record.id;
}

describe('usage meter', () => {
  it('sees its own unwritten requests, the stored ones, and starts a new month from what the store holds for it', async () => {
    let now = new Date('2026-06-30T23:59:00Z');
    const clock = () => now;
    const repo = new UsageRepository(sql);
    const key = await freshKey(clock);
    await repo.add([
      { keyId: key, month: '2026-06', requests: 10 },
      { keyId: key, month: '2026-07', requests: 4 },
    ]);
    const meter = new UsageMeter(repo, clock);
    expect(await meter.used(key, '2026-06')).toBe(10);
    meter.record(key, '2026-06');
    meter.record(key, '2026-06');
    expect(meter.used(key, '2026-06')).toBe(12);
    now = new Date('2026-07-01T00:00:01Z');
    meter.record(key, '2026-07');
    // The first read of July goes to the store (4 written by another node) and adds this node's unwritten one.
    expect(await meter.used(key, '2026-07')).toBe(5);
    expect(meter.used(key, '2026-06')).toBe(12);
    await meter.flush();
    expect([await repo.used(key, '2026-06'), await repo.used(key, '2026-07')]).toEqual([12, 5]);
    expect([meter.used(key, '2026-06'), meter.used(key, '2026-07')]).toEqual([12, 5]);
  });

  it("reads back other nodes' requests at each flush, and loses none counted while a flush writes", async () => {
    const clock = () => new Date('2026-08-10T10:00:00Z');
    const repo = new UsageRepository(sql);
    const key = await freshKey(clock);
    const meter = new UsageMeter(repo, clock);
    expect(await meter.used(key, '2026-08')).toBe(0);
    // Another node's requests, which this one learns of when its flush reads the totals back.
    await repo.add([{ keyId: key, month: '2026-08', requests: 7 }]);
    meter.record(key, '2026-08');
    const flushing = meter.flush();
    // Counted after the flush took its batch: it must stay counted here and reach the store with the next flush.
    meter.record(key, '2026-08');
    expect(meter.used(key, '2026-08')).toBe(2);
    await flushing;
    expect(meter.used(key, '2026-08')).toBe(9);
    await meter.flush();
    expect(await repo.used(key, '2026-08')).toBe(9);
    expect(meter.used(key, '2026-08')).toBe(9);
  });

  it('writes at shutdown what was counted while a flush was already writing', async () => {
    const clock = () => new Date('2026-09-01T08:00:00Z');
    const repo = new UsageRepository(sql);
    const key = await freshKey(clock);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The store as it is, except that the first write waits until the test lets it go.
    let writes = 0;
    const slowFirst = {
      add: async (...args: Parameters<UsageRepository['add']>) => {
        if (writes++ === 0) await held;
        return repo.add(...args);
      },
      addWithin: (...args: Parameters<UsageRepository['addWithin']>) => repo.addWithin(...args),
      used: (keyId: number, month: string) => repo.used(keyId, month),
      usedMany: (keyIds: number[], month: string) => repo.usedMany(keyIds, month),
    };
    const meter = new UsageMeter(slowFirst, clock);
    meter.record(key, '2026-09');
    const flushing = meter.flush();
    meter.record(key, '2026-09');
    meter.record(key, '2026-09');
    const stopping = meter.stop();
    release();
    await Promise.all([flushing, stopping]);
    expect(await repo.used(key, '2026-09')).toBe(3);
  });
});

describe("a quota's last requests", () => {
  it('are counted in memory up to the count given, and past it refused there, for the store to count', async () => {
    const clock = () => new Date('2026-11-02T10:00:00Z');
    const key = await freshKey(clock);
    const meter = new UsageMeter(new UsageRepository(sql), clock);
    expect(await meter.used(key, '2026-11')).toBe(0);
    const counted = Array.from({ length: 5 }, () => meter.record(key, '2026-11', '2026-11-02', 1, 3));
    expect(counted).toEqual([true, true, true, false, false]);
    expect(meter.record(key, '2026-11', '2026-11-02', 1)).toBe(true);
    expect(meter.used(key, '2026-11')).toBe(4);
  });

  it('are given out once by the store, however many nodes ask at once, and the nodes learn the count', async () => {
    const clock = () => new Date('2026-11-03T10:00:00Z');
    const repo = new UsageRepository(sql);
    const key = await freshKey(clock);
    const [a, b] = [new UsageMeter(repo, clock), new UsageMeter(repo, clock)];
    await a.used(key, '2026-11');
    for (let i = 0; i < 5; i++) a.record(key, '2026-11', '2026-11-03');
    await a.flush();
    const asked = await Promise.all(
      Array.from({ length: 20 }, (_v, i) => (i % 2 ? a : b).countWithin(key, '2026-11', '2026-11-03', 1, 12)),
    );
    expect(asked.filter(Boolean)).toHaveLength(7);
    expect(await repo.used(key, '2026-11')).toBe(12);
    expect([a.used(key, '2026-11'), b.used(key, '2026-11')]).toEqual([12, 12]);
    expect(await b.countWithin(key, '2026-11', '2026-11-03', 1, 13)).toBe(true);
    expect(await a.countWithin(key, '2026-11', '2026-11-03', 5, 17)).toBe(false);
    await Promise.all([a.flush(), b.flush()]);
    expect(await repo.daily(key, '2026-11-03', '2026-11-03')).toEqual([
      { keyId: key, day: '2026-11-03', requests: 13 },
    ]);
    expect(await repo.used(key, '2026-11')).toBe(13);
  });
});

describe('usage meter with the store out of reach', () => {
  /** A store whose writes wait until the test settles them; reads answer 0. */
  function stalledStore() {
    const writes: Array<{ fail(err: Error): void }> = [];
    const store = {
      add: () => new Promise<void>((_resolve, reject) => writes.push({ fail: reject })),
      addWithin: () => new Promise<number | null>(() => undefined),
      used: async () => 0,
      usedMany: async (keyIds: number[]) => new Map(keyIds.map((k) => [k, 0] as const)),
    };
    return { store, writes };
  }

  it('makes one attempt at a time and logs its failure once, however many ticks it spans', async () => {
    const { store, writes } = stalledStore();
    const errors: string[] = [];
    const log = { ...silentLog, error: (_f: object, msg?: string) => void errors.push(msg ?? '') };
    const meter = new UsageMeter(store, () => new Date('2026-10-01T00:00:00Z'), log);
    meter.record(7, '2026-10');
    meter.start(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(writes).toHaveLength(1);
    writes[0]!.fail(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toEqual(['usage flush failed; counts stay buffered']);
    await meter.stop(Date.now());
  });

  it("asks the store again for a month's count it could not read", async () => {
    const { store } = stalledStore();
    let reachable = false;
    const flaky = {
      ...store,
      used: async () => {
        if (!reachable) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        return 41;
      },
    };
    const meter = new UsageMeter(flaky, () => new Date('2026-10-01T00:00:00Z'));
    await expect(meter.used(7, '2026-10')).rejects.toThrow('ECONNREFUSED');
    reachable = true;
    expect(await meter.used(7, '2026-10')).toBe(41);
  });

  it('gives up at its deadline and returns the requests it could not write, per key', async () => {
    const { store } = stalledStore();
    const meter = new UsageMeter(store, () => new Date('2026-10-01T00:00:00Z'));
    for (let i = 0; i < 3; i++) meter.record(7, '2026-10');
    meter.record(8, '2026-10');
    const started = Date.now();
    expect(await meter.stop(started + 50)).toEqual(
      new Map([
        [7, 3],
        [8, 1],
      ]),
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
