// WORKERS=2 on the real app: both threads answer every route on one port with their own store connection, the burst
// bucket and the monthly count are the process's, and a stop writes every thread's counts before the store closes.
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
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path,
        headers: { ...headers, connection: 'close' },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString() || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const lookup = (apiKey: string) =>
  send(
    'POST',
    '/v1/location/lookup',
    { 'x-api-key': apiKey, 'content-type': 'application/json' },
    JSON.stringify({ latitude: 12.9716, longitude: 77.5946 }),
  );

async function inBatches<T>(count: number, parallel: number, task: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += parallel)
    out.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, task))));
  return out;
}

async function threadCounts(): Promise<Map<string, number>> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return new Map(
    [...text.matchAll(/^http_thread_requests_total\{thread="(\d+)"\} (\d+)/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
}

describe('WORKERS=2', () => {
  it("marks an import each thread runs with the node's id, the one the primary beats for", async () => {
    // The second thread had its own id, never beaten for: every node's orphan sweep failed its batches mid-import.
    const { apiKey } = await server.parts.checkout.merchants.create('Two Threads');
    const rows = [{ email: 'x@example.in', street_name: '1 Main Road', pincode: '560001' }];
    const replies = await inBatches(30, 10, () =>
      send(
        'POST',
        '/checkout-admin?action=import_customers',
        { 'x-api-key': apiKey, 'content-type': 'application/json' },
        JSON.stringify({ rows }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const ids = await server.parts.sql.all<{ node_id: string }>('SELECT DISTINCT node_id FROM import_batches');
    expect(ids).toEqual([{ node_id: server.parts.nodes.id }]);
    const beaten = await server.parts.sql.all<{ id: string }>('SELECT id FROM nodes');
    expect(beaten).toEqual([{ id: server.parts.nodes.id }]);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await threadCounts()).get('1')).toBeGreaterThan(0);
  });

  it('answers lookups from both threads on one port, identically', async () => {
    const answers = await inBatches(200, 10, () => lookup(key));
    expect(answers.every((a) => a.status === 200 && a.json.data.pincode === '560001')).toBe(true);
    // Workers report every second.
    await new Promise((r) => setTimeout(r, 1500));
    const counts = await threadCounts();
    expect(counts.get('0')).toBeGreaterThan(10);
    expect(counts.get('1')).toBeGreaterThan(10);
  });

  it('answers the other routes from both threads too: stats, checkout refusals before the body, unknown paths', async () => {
    const replies = await inBatches(20, 10, async () => ({
      stats: await send('GET', '/v1/location/stats', { 'x-api-key': key }),
      admin: await send(
        'POST',
        '/checkout-admin?action=import_customers',
        { 'content-type': 'application/json' },
        '{"rows":[]}',
      ),
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

  it('answers bodies the fast lane does not take (geopins, bad values, mixed batches) alike on both threads, counting a batch per item', async () => {
    const paid = await server.parts.access.keys.create({ plan: 'paid', rateLimitOverride: 1_000_000 });
    const before = (await threadCounts()).get('1') ?? 0;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send(
        'POST',
        path,
        { 'x-api-key': paid.key, 'content-type': 'application/json', ...headers },
        JSON.stringify(body),
      );
    const replies = await inBatches(40, 10, async () => ({
      geopin: await post('/v1/location/lookup', { geopin: '4P3-JK8-52C9' }),
      bad: await post('/v1/location/lookup', { latitude: 'north', longitude: 77.59 }),
      deep: await send(
        'POST',
        '/v1/location/lookup',
        { 'x-api-key': paid.key, 'content-type': 'application/json' },
        `{"latitude":${'['.repeat(40)}${']'.repeat(40)}}`,
      ),
      batch: await post('/v1/location/batch-lookup', {
        locations: [
          { geopin: '4P3JK852C9' },
          { latitude: 12.9716, longitude: 77.5946 },
          { latitude: 200, longitude: 0 },
        ],
      }),
    }));
    for (const r of replies) {
      expect([r.geopin.status, r.geopin.json.data.pincode, r.geopin.json.data.geopin]).toEqual([
        200,
        '560001',
        '4P3-JK8-52C9',
      ]);
      expect([r.bad.status, r.bad.json.code]).toEqual([400, 'invalid_request']);
      expect([r.deep.status, r.deep.json.code]).toEqual([400, 'invalid_json']);
      expect(r.bad.json.issues.length).toBeGreaterThan(0);
      expect([r.batch.status, r.batch.json.data.found, r.batch.json.data.invalid]).toEqual([200, 2, 1]);
    }
    // Each thread writes its usage every second and reports its request counts as often.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const usage = await send('GET', '/v1/geopin/usage', { 'x-api-key': paid.key });
    // 40 geopin lookups and 40 batches of 3; refusals count nothing.
    expect(usage.json.data.used).toBe(160);
    expect((await threadCounts()).get('1')! - before).toBeGreaterThan(10);
  });

  it("refuses a public key on the fast lane's lookups as the general route does, its CORS headers kept", async () => {
    const widget = await server.parts.access.keys.create({
      plan: 'free',
      isPublic: true,
      allowedOrigins: ['https://shop.example'],
    });
    const origins = await inBatches(20, 10, async () => {
      const res = await fetch(`${server.baseUrl}/v1/location/lookup`, {
        method: 'POST',
        body: JSON.stringify({ geopin: '4P3-JK8-52C9' }),
        headers: { 'x-api-key': widget.key, origin: 'https://shop.example', connection: 'close' },
      });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([403, 'public_key_not_allowed']);
      return res.headers.get('access-control-allow-origin');
    });
    expect(new Set(origins)).toEqual(new Set(['https://shop.example']));
  });

  it('serves checkout from both threads, each over its own store connection, into one store', async () => {
    const { merchant, apiKey } = await server.parts.checkout.merchants.create('Threads shop');
    const before = await threadCounts();
    const logged = await inBatches(40, 10, () =>
      send(
        'POST',
        '/checkout-funnel-events',
        { 'content-type': 'application/json' },
        JSON.stringify({ merchant_id: merchant.id, event_type: 'checkout_opened' }),
      ),
    );
    expect(logged.every((r) => r.status === 200 && r.json.logged === true)).toBe(true);
    const reads = await inBatches(20, 10, () => send('GET', '/checkout-admin?action=funnel', { 'x-api-key': apiKey }));
    expect(reads.every((r) => r.status === 200 && r.json.data.total_events === 40)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await threadCounts();
    for (const thread of ['0', '1'])
      expect(after.get(thread)! - (before.get(thread) ?? 0), `thread ${thread}`).toBeGreaterThan(5);
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
