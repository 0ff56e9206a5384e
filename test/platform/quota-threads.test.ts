// A monthly quota on a server of two HTTP threads (WORKERS=2), over real HTTP: many requests at once are answered for
// exactly the quota, not once per thread that had not yet heard of the others' counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondsUntilNextMonth } from '../../src/platform/plans.ts';
import { datasetDir } from '../support/dataset.ts';
import { runScript } from '../support/run-script.ts';
import { testStore } from '../support/server.ts';
import { spawnServer, type Child } from '../webhooks/support/child.ts';

let store: Awaited<ReturnType<typeof testStore>>;
let storeEnv: Record<string, string>;
let server: Child;
const dir = mkdtempSync(join(tmpdir(), 'quota-threads-'));

beforeAll(async () => {
  store = await testStore();
  storeEnv = store.env.DATABASE_URL ? store.env : { DB_PATH: join(dir, 'app.sqlite') };
  server = await spawnServer({ ...storeEnv, WORKERS: '2', METRICS_PORT: 'off', DATA_OUT_DIR: datasetDir });
}, 120_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) server.process.kill('SIGTERM');
  await server?.exited;
  await store?.drop();
  rmSync(dir, { recursive: true, force: true });
});

function createKey(...args: string[]): string {
  const created = runScript('create-key.ts', ['--plan', 'free', ...args], storeEnv);
  expect(created.status, created.stderr).toBe(0);
  return created.stdout.trim();
}

interface Outcome {
  path: string;
  status: number;
  code?: string;
  retryAfter: string | null;
  items: number;
}

async function post(key: string, path: string, body: unknown, items = 1): Promise<Outcome> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code?: string };
  return { path, status: res.status, code: json.code, retryAfter: res.headers.get('retry-after'), items };
}

const POINT = { latitude: 12.9716, longitude: 77.5946 };
const lookup = (key: string) => post(key, '/v1/location/lookup', POINT);

/** `used` as the usage report gives it, asked several times so that both threads are likely asked. */
async function usedAsReported(key: string): Promise<number[]> {
  // Each thread reads the other's counts back within two flushes (1 s each).
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const reports = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const res = await fetch(`${server.url}/v1/geopin/usage`, { headers: { 'x-api-key': key } });
      return ((await res.json()) as { data: { used: number } }).data.used;
    }),
  );
  return [...new Set(reports)];
}

function expectQuotaRefusals(outcomes: Outcome[]): void {
  for (const refused of outcomes.filter((o) => o.status !== 200)) {
    expect(refused).toMatchObject({ status: 429, code: 'monthly_quota_exceeded' });
    expect(Math.abs(Number(refused.retryAfter) - secondsUntilNextMonth(new Date()))).toBeLessThan(30);
  }
}

describe('a monthly quota on two HTTP threads', () => {
  it('answers exactly 10 of 60 requests sent at once to a key with a quota of 10, and counts 10', async () => {
    const key = createKey('--monthly-limit', '10');
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => lookup(key)));
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(10);
    expectQuotaRefusals(outcomes);
    expect(await usedAsReported(key)).toEqual([10]);
  });

  it('answers exactly 50 of 400 at once for a quota of 50 whose burst limit lets them all in', async () => {
    const key = createKey('--monthly-limit', '50', '--rate-limit', '1000');
    const outcomes = await Promise.all(Array.from({ length: 400 }, () => lookup(key)));
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(50);
    expectQuotaRefusals(outcomes);
    expect(await usedAsReported(key)).toEqual([50]);
  });

  it('counts batches item by item against the last of a quota: never past it, and usage is what was answered', async () => {
    const key = createKey('--monthly-limit', '250', '--rate-limit', '1000');
    const locations = Array.from({ length: 100 }, () => POINT);
    const addresses = Array.from({ length: 100 }, () => ({ address: 'Indiranagar', pincode: '560038' }));
    const outcomes = await Promise.all([
      ...Array.from({ length: 3 }, () => post(key, '/v1/location/batch-lookup', { locations }, 100)),
      ...Array.from({ length: 2 }, () => post(key, '/v1/geopin/batch', { addresses }, 100)),
      ...Array.from({ length: 100 }, () => lookup(key)),
    ]);
    const answered = outcomes.filter((o) => o.status === 200).reduce((sum, o) => sum + o.items, 0);
    expect(answered).toBeLessThanOrEqual(250);
    // The 100 single lookups alone ask for more than any two batches leave.
    expect(answered).toBeGreaterThan(150);
    expectQuotaRefusals(outcomes);
    expect(await usedAsReported(key)).toEqual([answered]);
  });
});
