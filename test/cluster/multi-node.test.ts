// Two server processes on one PostgreSQL behind no balancer but the test: shared quotas, their last requests given
// out once, every webhook delivered when a node is SIGKILLed holding deliveries, an import cut off by the kill failed
// without rows, a live node's import never failed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/package/server-process.ts';
import { datasetDir } from '../support/dataset.ts';
import { runScript } from '../support/run-script.ts';
import { testStore } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

let store: Awaited<ReturnType<typeof testStore>>;
let smtp: TestSmtp;
let env: Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;
let db: postgres.Sql;
const hooks = { received: [] as Array<{ delivery: string; event: string }>, holdUntil: 0 };
let receiver: Server;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const start = () =>
  startServerProcess(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], { cwd: process.cwd(), env });

async function post(
  node: ServerProcess,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(node.baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  store = await testStore();
  db = postgres(store.env.DATABASE_URL!, { max: 2, onnotice: () => undefined });
  smtp = await startTestSmtp();
  // A webhook receiver that holds its answers while the test wants deliveries in flight.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        hooks.received.push({
          delivery: String(req.headers['webhook-id'] ?? req.headers['x-service-delivery']),
          event: String(req.headers['x-service-event']),
        });
        res.end('ok');
      };
      setTimeout(answer, Math.max(0, hooks.holdUntil - Date.now()));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    WORKERS: '1',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_OUT_DIR: datasetDir,
    ...store.env,
    ...smtp.env,
    NODE_HEARTBEAT_MS: '200',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_RETRY_BASE_MS: '100',
    WEBHOOK_TIMEOUT_MS: '4000',
    WEBHOOK_LEASE_MS: '4500',
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '10000',
  };
  a = await start();
  b = await start();
}, 180_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await db?.end();
  await smtp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await store?.drop();
});

describe('two nodes on one PostgreSQL', () => {
  it('share the monthly quota: requests answered by either node count against one total', async () => {
    const created = runScript('create-key.ts', ['--plan', 'free', '--monthly-limit', '60'], store.env);
    expect(created.status, created.stderr).toBe(0);
    const headers = { 'x-api-key': created.stdout.trim() };
    const wave = async () => {
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_v, i) =>
          post(i % 2 ? b : a, '/v1/location/lookup', { latitude: 12.9716, longitude: 77.5946 }, headers),
        ),
      );
      await sleep(2300); // a node writes its counts within one flush (1 s) and reads the others' at its next
      return replies.filter((r) => r.status === 200).length;
    };
    const answered = [await wave(), await wave(), await wave(), await wave()];
    expect(answered).toEqual([20, 20, 20, 0]);
  });

  it('give out the last of a quota once: of 60 lookups at once across both, a quota of 10 answers 10', async () => {
    const created = runScript('create-key.ts', ['--plan', 'free', '--monthly-limit', '10'], store.env);
    expect(created.status, created.stderr).toBe(0);
    const headers = { 'x-api-key': created.stdout.trim() };
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_v, i) =>
        post(i % 2 ? b : a, '/v1/location/lookup', { latitude: 12.9716, longitude: 77.5946 }, headers),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    expect(new Set(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.code}`))).toEqual(
      new Set(['429 monthly_quota_exceeded']),
    );
    // The last requests of a quota are counted in the store as they are answered, not at the next flush.
    const prefix = headers['x-api-key'].slice(0, 12);
    const [row] = await db<{ requests: number }[]>`
      SELECT u.requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_prefix = ${prefix}`;
    expect(row?.requests).toBe(10);
  });

  it("split the per-second burst limit between them, so the deployment admits the key's burst, not twice it", async () => {
    const created = runScript('create-key.ts', ['--plan', 'paid', '--rate-limit', '5'], store.env);
    const headers = { 'x-api-key': created.stdout.trim() };
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_v, i) =>
        post(i % 2 ? b : a, '/v1/location/lookup', { latitude: 12.9716, longitude: 77.5946 }, headers).catch(
          () => null,
        ),
      ),
    );
    const admitted = replies.filter((r) => r?.status === 200).length;
    // Burst 10 for the key: 5 per node, plus what refills at 2.5/s per node while the requests are answered.
    expect(admitted).toBeGreaterThanOrEqual(10);
    expect(admitted).toBeLessThanOrEqual(14);
  });

  it('refuse a key revoked through either node within a second, on both nodes', async () => {
    const created = runScript('create-key.ts', ['--plan', 'paid'], store.env);
    const key = created.stdout.trim();
    const headers = { 'x-api-key': key };
    const lookup = (node: ServerProcess) =>
      post(node, '/v1/location/lookup', { latitude: 12.9716, longitude: 77.5946 }, headers);
    expect([(await lookup(a)).status, (await lookup(b)).status]).toEqual([200, 200]);
    expect(runScript('revoke-key.ts', ['--prefix', key.slice(0, 12)], store.env).status).toBe(0);
    const revokedAt = Date.now();
    await until(
      'both nodes to refuse the key',
      async () => (await lookup(a)).status === 401 && (await lookup(b)).status === 401,
      1000,
    );
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });

  it('deliver every webhook event at least once when the node holding some of them is killed with SIGKILL', async () => {
    const created = runScript('create-merchant.ts', ['--name', 'Cluster shop'], store.env);
    const merchantId = /merchant_id=(\S+)/.exec(created.stdout)![1]!;
    const apiKey = /api_key=(\S+)/.exec(created.stdout)![1]!;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const patched = await fetch(`${a.baseUrl}/checkout-admin?action=webhooks`, {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_url: url }),
    });
    expect(patched.status).toBe(200);
    hooks.holdUntil = Date.now() + 3000; // the first deliveries are held open, so their leases are still out at the kill
    for (let i = 0; i < 10; i++) {
      const node = i % 2 ? b : a;
      const email = `cluster-${i}@example.com`;
      expect((await post(node, '/checkout-email-otp', { action: 'send', email, merchant_id: merchantId })).status).toBe(
        200,
      );
      const code = await smtp.nextCode(email);
      expect(
        (await post(node, '/checkout-email-otp', { action: 'verify', email, merchant_id: merchantId, code })).status,
      ).toBe(200);
    }
    process.kill(b.pid, 'SIGKILL');
    const rows = await db<
      { delivery_id: string }[]
    >`SELECT delivery_id FROM webhook_outbox WHERE merchant_id = ${merchantId}`;
    expect(rows).toHaveLength(10);
    await until(
      'every delivery',
      async () => {
        const seen = new Set(hooks.received.map((r) => r.delivery));
        return rows.every((r) => seen.has(r.delivery_id));
      },
      30_000,
    );
    await until(
      'the outbox to settle',
      async () => (await db`SELECT 1 FROM webhook_outbox WHERE status <> 'delivered'`).length === 0,
    );
    expect(new Set(hooks.received.map((r) => r.event))).toEqual(new Set(['session.email_verified']));
  }, 60_000);

  it('fail the import a killed node left half-done, with no rows, and never the batch of a node that still beats', async () => {
    b = await start();
    const created = runScript('create-merchant.ts', ['--name', 'Import shop'], store.env);
    const merchantId = /merchant_id=(\S+)/.exec(created.stdout)![1]!;
    const apiKey = /api_key=(\S+)/.exec(created.stdout)![1]!;
    const [nodeA] = await db<{ id: string }[]>`SELECT id FROM nodes ORDER BY started_at LIMIT 1`;
    const liveBatch = '00000000-0000-4000-8000-000000000001';
    await db`INSERT INTO import_batches (id, merchant_id, status, total_rows, source, node_id, created_at)
             VALUES (${liveBatch}, ${merchantId}, 'processing', 1, 'api', ${nodeA!.id}, ${new Date().toISOString()})`;
    const rows = Array.from({ length: 5000 }, (_v, i) => ({
      email: `bulk-${i}@example.com`,
      phone_e164: `+9198${String(i).padStart(8, '0')}`,
      pincode: '560001',
    }));
    const running = fetch(`${b.baseUrl}/checkout-admin?action=import_customers`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ rows }),
    }).catch(() => null);
    await until(
      'the batch to start',
      async () =>
        (await db`SELECT 1 FROM import_batches WHERE merchant_id = ${merchantId} AND id <> ${liveBatch}`).length > 0,
    );
    process.kill(b.pid, 'SIGKILL');
    await running;
    await until(
      'the orphan sweep',
      async () =>
        (
          await db`SELECT 1 FROM import_batches WHERE merchant_id = ${merchantId} AND id <> ${liveBatch} AND status = 'failed'`
        ).length === 1,
      10_000,
    );
    expect((await db`SELECT COUNT(*)::int AS n FROM buyers WHERE merchant_id = ${merchantId}`)[0]!.n).toBe(0);
    expect((await db`SELECT status FROM import_batches WHERE id = ${liveBatch}`)[0]!.status).toBe('processing');
  }, 60_000);
});
