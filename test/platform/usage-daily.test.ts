// Requests are also counted per key and UTC day, in the same batched flush as the monthly count (the dashboard's chart).
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
const dir = mkdtempSync(join(tmpdir(), 'usage-daily-'));

beforeAll(async () => {
  store = await testStore();
  sql = await openStore(store.env.DATABASE_URL ? { kind: 'postgres', url: store.env.DATABASE_URL } : { kind: 'sqlite', path: join(dir, 'app.sqlite') });
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
    expect(await repo.daily(record.id, '2026-04-01', '2026-04-01')).toEqual([{ keyId: record.id, day: '2026-04-01', requests: 4 }]);
    expect([await repo.used(record.id, '2026-03'), await repo.used(record.id, '2026-04')]).toEqual([2, 4]);
  });

  it('reads only the days asked for, and only the key asked for', async () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const repo = new UsageRepository(sql);
    const keys = new ApiKeyRepository(sql, () => now);
    const a = (await keys.create({ plan: 'free' })).record.id;
    const b = (await keys.create({ plan: 'free' })).record.id;
    await repo.add([], [{ keyId: a, day: '2026-05-09', requests: 5 }, { keyId: a, day: '2026-05-10', requests: 7 }, { keyId: b, day: '2026-05-10', requests: 9 }]);
    expect((await repo.daily(a, '2026-05-10', '2026-05-31')).map((r) => r.requests)).toEqual([7]);
    expect((await repo.daily(b, '2026-05-01', '2026-05-31')).map((r) => r.requests)).toEqual([9]);
  });
});
