// WORKERS=2 on the real app: both threads answer lookups on one port, the rest reaches the main thread, the burst bucket
// and the monthly count are the process's, and a stop hands every worker's count over before the final write.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/main/store.ts';
import { UsageRepository } from '../../src/platform/usage-repository.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ WORKERS: '2' });
  key = (await server.parts.access.keys.create({ plan: 'enterprise', rateLimitOverride: 1_000_000 })).key;
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

/** One request on a connection of its own, so the kernel spreads them over the threads listening on the port. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers: { ...headers, connection: 'close' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const lookup = (apiKey: string) =>
  send('POST', '/v1/location/lookup', { 'x-api-key': apiKey, 'content-type': 'application/json' }, JSON.stringify({ latitude: 12.9716, longitude: 77.5946 }));

async function inBatches<T>(count: number, parallel: number, task: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += parallel) out.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, task))));
  return out;
}

async function threadCounts(): Promise<Map<string, number>> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return new Map([...text.matchAll(/^http_thread_requests_total\{thread="(\d+)"\} (\d+)/gm)].map((m) => [m[1]!, Number(m[2])]));
}

describe('WORKERS=2', () => {
  it('answers lookups from both threads on one port, identically', async () => {
    const answers = await inBatches(200, 10, () => lookup(key));
    expect(answers.every((a) => a.status === 200 && a.json.data.pincode === '560001')).toBe(true);
    // Workers report every second.
    await new Promise((r) => setTimeout(r, 1500));
    const counts = await threadCounts();
    expect(counts.get('0')).toBeGreaterThan(10);
    expect(counts.get('1')).toBeGreaterThan(10);
  });

  it('brings the other routes to the main thread: stats, checkout refusals before the body, unknown paths', async () => {
    const replies = await inBatches(20, 10, async () => ({
      stats: await send('GET', '/v1/location/stats', { 'x-api-key': key }),
      admin: await send('POST', '/checkout-admin?action=import_customers', { 'content-type': 'application/json' }, '{"rows":[]}'),
      missing: await send('GET', '/nowhere', {}),
      badKey: await lookup('gp_sk_not_a_key'),
    }));
    for (const r of replies) {
      expect([r.stats.status, r.stats.json.data.total_boundaries > 0]).toEqual([200, true]);
      expect([r.admin.status, r.admin.json.code]).toEqual([401, 'missing_api_key']);
      expect([r.missing.status, r.missing.json.code]).toEqual([404, 'not_found']);
      expect([r.badKey.status, r.badKey.json.code]).toEqual([401, 'invalid_api_key']);
    }
  });

  it('draws every thread from one burst bucket per key', async () => {
    // 1 request a second with a burst of 2: per-thread buckets would let through twice as many.
    const slow = (await server.parts.access.keys.create({ plan: 'enterprise', rateLimitOverride: 1 })).key;
    const answers = await inBatches(40, 20, () => lookup(slow));
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBeGreaterThanOrEqual(2);
    expect(ok).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.status === 429).every((a) => a.json.code === 'rate_limited')).toBe(true);
  });

  it('counts every answered request once in the monthly usage, whichever thread answered it', async () => {
    const counted = await server.parts.access.keys.create({ plan: 'free' });
    const answers = await inBatches(60, 10, () => lookup(counted.key));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await server.app.stop();
    // The stopped app's store is closed: read what it wrote through a store of our own.
    const sql = await openStore(server.parts.config.store);
    try {
      expect(await new UsageRepository(sql).used(counted.record.id, new Date().toISOString().slice(0, 7))).toBe(60);
    } finally {
      await sql.close();
    }
  });
});
