// The dispatcher over a real SQLite outbox and real 127.0.0.1 receivers: headers, retries, timeouts, 410, leases.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/sql.ts';
import { silentLog, type Log } from '../../src/kernel/log.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { WebhookDispatcher, type DispatcherOptions, type WebhookTarget } from '../../src/webhooks/dispatcher.ts';
import type { WebhookPayload } from '../../src/kernel/events.ts';
import { enqueueWebhook, OutboxRepository } from '../../src/webhooks/outbox-repository.ts';
import { verified } from '../support/verified.ts';
import { deliveryLog, openTestDb, outboxRows, type TestDb } from './support/outbox-db.ts';
import { eventually, startReceiver, type Receiver } from './support/receiver.ts';

const fast: DispatcherOptions = {
  retry: { baseDelayMs: 50, factor: 4, maxAttempts: 4, jitter: 0.2 },
  timeoutMs: 500,
  leaseMs: 1500,
  pollMs: 20,
  concurrency: 4,
  // The receivers are on 127.0.0.1: the dev-mode egress policy (what NODE_ENV=test runs with).
  egress: { devMode: true, allowedPorts: [443] },
};

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function payload(event: WebhookPayload['event'] = 'session.phone_verified', merchantId = 'm_1'): WebhookPayload {
  return {
    event,
    merchant_id: merchantId,
    buyer_id: 'b_1',
    session_id: 's_1',
    auth_channel: 'phone',
    timestamp: '2025-01-01T00:00:00.000Z',
    data: { phone: '+919876543210' },
  };
}

/** Queues one event outside any other work (its own transaction), as a state change would, for a merchant with a URL. */
function enqueue(db: Sql, p: WebhookPayload = payload()): Promise<string> {
  return db.transaction((tx) => enqueueWebhook(tx, p, new Date(), async () => true));
}

async function setup(
  receiver: Receiver,
  target: Partial<WebhookTarget> = {},
  options: Partial<DispatcherOptions> = {},
) {
  const t: TestDb = await openTestDb();
  const dispatcher = new WebhookDispatcher(
    new OutboxRepository(t.sql),
    async () => ({ url: receiver.url, secret: 'whsec_1', ...target }),
    { ...fast, ...options },
  );
  cleanup.push(
    () => receiver.close(),
    () => t.dispose(),
    () => dispatcher.stop(),
  );
  return { db: t.sql, dispatcher };
}

describe('webhook dispatcher', () => {
  it('POSTs the stored body with event, delivery, timestamp and a verifiable signature', async () => {
    const receiver = await startReceiver();
    const { db, dispatcher } = await setup(receiver);
    const deliveryId = await enqueue(db);
    dispatcher.start();
    await receiver.waitFor(1);
    const req = receiver.requests[0]!;
    expect(JSON.parse(req.rawBody)).toEqual(payload());
    expect(req.headers['x-service-event']).toBe('session.phone_verified');
    expect(req.headers['x-service-delivery']).toBe(deliveryId);
    expect(req.headers['x-service-timestamp']).toBe(payload().timestamp);
    expect(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    expect(verified(req.rawBody, req.headers, 'whsec_1')).toBe(true);
    await eventually(async () => (await outboxRows(db))[0]?.status === 'delivered');
    expect(await deliveryLog(db)).toMatchObject([
      { attempt: 1, http_status: 200, response_body: 'ok', error: null, next_retry_at: null },
    ]);
  });

  it('omits X-Service-Signature when the merchant has no secret', async () => {
    const receiver = await startReceiver();
    const { db, dispatcher } = await setup(receiver, { secret: null });
    await enqueue(db);
    dispatcher.start();
    await receiver.waitFor(1);
    expect(receiver.requests[0]!.headers['x-service-signature']).toBeUndefined();
  });

  it('retries a receiver that fails twice, with backoff, under the same delivery id, then succeeds', async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? { status: 500, body: 'boom' } : { status: 204 }));
    const { db, dispatcher } = await setup(receiver);
    await enqueue(db);
    dispatcher.start();
    await eventually(async () => (await outboxRows(db))[0]?.status === 'delivered');
    expect(receiver.requests).toHaveLength(3);
    expect(receiver.uniqueDeliveries()).toHaveLength(1);
    const [a, b, c] = receiver.requests.map((r) => r.at);
    // Nominal gaps 50 ms then 200 ms, each at least 80 % of nominal.
    expect(b! - a!).toBeGreaterThanOrEqual(38);
    expect(c! - b!).toBeGreaterThanOrEqual(158);
    const log = await deliveryLog(db);
    expect(log.map((l) => [l.attempt, l.http_status, l.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 204, null],
    ]);
    expect(log[0]!.response_body).toBe('boom');
    expect(log[0]!.next_retry_at).not.toBeNull();
    expect(log[2]!.next_retry_at).toBeNull();
    expect((await outboxRows(db))[0]!.attempts).toBe(3);
  });

  it('times out a receiver that never answers, logs it, retries, and marks the row failed after the last try', async () => {
    const receiver = await startReceiver(() => 'hang');
    const { db, dispatcher } = await setup(
      receiver,
      {},
      { timeoutMs: 200, leaseMs: 1000, retry: { ...fast.retry, maxAttempts: 2 } },
    );
    await enqueue(db);
    const started = Date.now();
    dispatcher.start();
    await eventually(async () => (await outboxRows(db))[0]?.status === 'failed', 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(receiver.requests).toHaveLength(2);
    expect((await deliveryLog(db)).map((l) => [l.attempt, l.http_status, l.error])).toEqual([
      [1, null, 'timeout'],
      [2, null, 'timeout'],
    ]);
  });

  it('stops retrying when the receiver answers 410 Gone', async () => {
    const receiver = await startReceiver(() => ({ status: 410, body: 'gone' }));
    const { db, dispatcher } = await setup(receiver);
    await enqueue(db);
    dispatcher.start();
    await eventually(async () => (await outboxRows(db))[0]?.status === 'failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(1);
    expect(await deliveryLog(db)).toMatchObject([{ attempt: 1, http_status: 410, next_retry_at: null }]);
  });

  it('gives up after maxAttempts non-2xx answers, warning at each failed attempt and when retries run out', async () => {
    const receiver = await startReceiver(() => ({ status: 503 }));
    const records: Array<Record<string, unknown>> = [];
    const log = createLogger('info', { write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
    const { db, dispatcher } = await setup(receiver, {}, { retry: { ...fast.retry, baseDelayMs: 10 }, log });
    const deliveryId = await enqueue(db);
    dispatcher.start();
    await eventually(async () => (await outboxRows(db))[0]?.status === 'failed');
    expect(receiver.requests).toHaveLength(4);
    expect((await deliveryLog(db)).map((l) => l.attempt)).toEqual([1, 2, 3, 4]);
    const warnings = records.filter((r) => r.level === 40);
    expect(warnings.map((w) => [w.msg, w.attempt, w.http_status])).toEqual([
      ['webhook attempt failed; will retry', 1, 503],
      ['webhook attempt failed; will retry', 2, 503],
      ['webhook attempt failed; will retry', 3, 503],
      ['webhook delivery failed: retries exhausted after 4 attempts', 4, 503],
    ]);
    expect(warnings[0]).toMatchObject({ delivery_id: deliveryId, merchant_id: 'm_1', event: 'session.phone_verified' });
    expect(Date.parse(String(warnings[0]!.next_attempt_at))).toBeGreaterThan(0);
    expect(warnings[3]).toMatchObject({ reason: 'retries_exhausted' });
  });

  it('logs one attempt and drops the event when the webhook_url was removed after it was queued', async () => {
    const receiver = await startReceiver();
    const { db, dispatcher } = await setup(receiver, { url: null });
    await enqueue(db);
    dispatcher.start();
    await eventually(async () => (await outboxRows(db))[0]?.status === 'failed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await deliveryLog(db)).toMatchObject([
      { attempt: 1, http_status: null, error: 'no webhook_url configured; not retried', next_retry_at: null },
    ]);
  });

  it('re-sends a row whose sender died mid-send once its lease expires, and leaves live leases alone', async () => {
    const receiver = await startReceiver();
    const { db, dispatcher } = await setup(receiver);
    await enqueue(db, payload('session.email_verified'));
    await enqueue(db, payload('session.address_completed'));
    // Simulate a crashed process: row 1's lease has expired, row 2's is still held by someone else.
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await db.run("UPDATE webhook_outbox SET status = 'sending', attempts = 1, lease_until = ? WHERE id = 1", [past]);
    await db.run("UPDATE webhook_outbox SET status = 'sending', attempts = 1, lease_until = ? WHERE id = 2", [future]);
    dispatcher.start();
    await eventually(async () => (await outboxRows(db))[0]?.status === 'delivered');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests.map((r) => r.headers['x-service-event'])).toEqual(['session.email_verified']);
    expect((await outboxRows(db)).map((r) => [r.status, r.attempts])).toEqual([
      ['delivered', 2],
      ['sending', 1],
    ]);
  });

  it('keeps delivering to fast receivers while one merchant times out', async () => {
    const slow = await startReceiver(() => 'hang');
    const quick = await startReceiver();
    const t = await openTestDb();
    const targets: Record<string, string> = { slow: slow.url, quick: quick.url };
    const dispatcher = new WebhookDispatcher(
      new OutboxRepository(t.sql),
      async (m) => ({ url: targets[m]!, secret: null }),
      { ...fast, timeoutMs: 3000, leaseMs: 4000, retry: { ...fast.retry, maxAttempts: 1 } },
    );
    // Receivers close first, which ends the hanging request, so stop() need not wait for the timeout.
    cleanup.push(
      () => t.dispose(),
      () => dispatcher.stop(),
      () => slow.close(),
      () => quick.close(),
    );
    await enqueue(t.sql, payload('session.phone_verified', 'slow'));
    for (let i = 0; i < 3; i++) await enqueue(t.sql, payload('session.phone_verified', 'quick'));
    dispatcher.start();
    await quick.waitFor(3, 2000);
    expect(slow.requests).toHaveLength(1);
  });

  it('truncates long response bodies in the log', async () => {
    const receiver = await startReceiver(() => ({ status: 200, body: 'x'.repeat(10_000) }));
    const { db, dispatcher } = await setup(receiver);
    await enqueue(db);
    dispatcher.start();
    await eventually(async () => (await deliveryLog(db)).length === 1);
    expect((await deliveryLog(db))[0]!.response_body!.length).toBeLessThanOrEqual(2049);
  });

  it('stop() waits for a scan under way and records what it claimed', async () => {
    const receiver = await startReceiver();
    const t = await openTestDb();
    let entered!: () => void;
    const claiming = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A store whose claim is held open, so stop() is called while a scan is in the middle of it.
    class HeldStore extends OutboxRepository {
      override async claimDue(now: Date, leaseMs: number, limit: number) {
        entered();
        await released;
        return super.claimDue(now, leaseMs, limit);
      }
    }
    const dispatcher = new WebhookDispatcher(
      new HeldStore(t.sql),
      async () => ({ url: receiver.url, secret: null }),
      fast,
    );
    cleanup.push(
      () => receiver.close(),
      () => t.dispose(),
    );
    await enqueue(t.sql);
    dispatcher.start();
    await claiming;
    const stopped = dispatcher.stop();
    release();
    await stopped;
    expect(receiver.requests).toHaveLength(1);
    expect((await outboxRows(t.sql)).map((r) => r.status)).toEqual(['delivered']);
  });
});

describe('webhook dispatcher with its store out of reach', () => {
  it('says the failing scans once, and that they work again, not once a poll', async () => {
    // Every 20 ms poll logged "outbox scan failed" (QA counted ~150 lines a node an outage).
    const t: TestDb = await openTestDb();
    let down = true;
    const refuse = () => Promise.reject(new Error('store out of reach'));
    const shaky: Sql = {
      dialect: t.sql.dialect,
      all: (text, params) => (down ? refuse() : t.sql.all(text, params)),
      get: (text, params) => (down ? refuse() : t.sql.get(text, params)),
      run: (text, params) => (down ? refuse() : t.sql.run(text, params)),
      transaction: (fn) => (down ? refuse() : t.sql.transaction(fn)),
    };
    const lines: string[] = [];
    const log: Log = { ...silentLog, info: (_f, m) => void lines.push(m!), error: (_f, m) => void lines.push(m!) };
    const dispatcher = new WebhookDispatcher(
      new OutboxRepository(shaky),
      async () => ({ url: 'https://shop.example/hooks', secret: 'whsec_1' }),
      { ...fast, log },
    );
    cleanup.push(
      () => t.dispose(),
      () => dispatcher.stop(),
    );
    dispatcher.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    down = false;
    await eventually(async () => lines.includes('outbox scan works again'));
    expect(lines).toEqual(['outbox scan failed', 'outbox scan works again']);
  });
});
