// The usage meter counts a request in place (one entry per key) and folds the counts into its store writes once per flush.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/sql.ts';
import { openStore } from '../../src/main/store.ts';
import { ApiKeyRepository } from '../../src/platform/api-keys.ts';
import { UsageMeter } from '../../src/platform/usage-meter.ts';
import { UsageRepository } from '../../src/platform/usage-repository.ts';
import { testStore } from '../support/server.ts';

let sql: Database;
let store: Awaited<ReturnType<typeof testStore>>;
const dir = mkdtempSync(join(tmpdir(), 'usage-meter-'));

beforeAll(async () => {
  store = await testStore();
  sql = await openStore(store.env.DATABASE_URL ? { kind: 'postgres', url: store.env.DATABASE_URL } : { kind: 'sqlite', path: join(dir, 'app.sqlite') });
});

afterAll(async () => {
  await sql?.close();
  await store?.drop();
  rmSync(dir, { recursive: true, force: true });
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
    await repo.add([{ keyId: key, month: '2026-06', requests: 10 }, { keyId: key, month: '2026-07', requests: 4 }]);
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

  it('reads back other nodes\' requests at each flush, and loses none counted while a flush writes', async () => {
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
});
