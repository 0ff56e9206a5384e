// The delivery log's retention on the project's store: finished deliveries go with their attempts after the set days.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/sql.ts';
import type { WebhookPayload } from '../../src/kernel/events.ts';
import { DeliveryLog } from '../../src/webhooks/delivery-log.ts';
import { createWebhooks } from '../../src/webhooks/feature.ts';
import { DeliveryLogRetention, PRUNE_BATCH } from '../../src/webhooks/log-retention.ts';
import { enqueueWebhook, OutboxRepository } from '../../src/webhooks/outbox-repository.ts';
import { deliveryLog, openTestDb, outboxRows, type TestDb } from './support/outbox-db.ts';
import { eventually } from './support/receiver.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-30T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

let t: TestDb | null = null;
afterEach(async () => {
  await t?.dispose();
  t = null;
});

function payload(n: number): WebhookPayload {
  return {
    event: 'session.address_completed',
    merchant_id: 'm_1',
    buyer_id: 'b_1',
    session_id: `s_${n}`,
    auth_channel: 'email',
    timestamp: NOW.toISOString(),
    data: { n },
  };
}

/** Queues event `n` at `at`; a merchant without a URL gets it failed at once with one logged attempt. */
function enqueue(sql: Sql, n: number, at: Date, sendable: boolean): Promise<string> {
  return sql.transaction((tx) => enqueueWebhook(tx, payload(n), at, async () => sendable));
}

/** Queues event `n` at `at` and records one attempt then: `ok` delivers it, else a retry is scheduled. */
async function attempted(sql: Sql, n: number, at: Date, ok: boolean): Promise<string> {
  const id = await enqueue(sql, n, at, true);
  const outbox = new OutboxRepository(sql);
  const [row] = await outbox.claimDue(at, 60_000, 1);
  const outcome = { ok, httpStatus: ok ? 200 : 500, responseBody: ok ? 'ok' : 'down', error: null };
  const next = ok ? ({ status: 'delivered' } as const) : ({ status: 'pending', nextAttemptAt: at } as const);
  await outbox.recordAttempt(row!, outcome, next, at);
  return id;
}

const retention = (sql: Sql, days = 30) => new DeliveryLogRetention(sql, { days, now: () => NOW });

describe('DeliveryLogRetention', () => {
  it('deletes finished deliveries and their attempts after the set days, and nothing else', async () => {
    t = await openTestDb();
    // Pending ones last: a claim takes the oldest due row.
    const oldDelivered = await attempted(t.sql, 1, daysAgo(31), true);
    const recentDelivered = await attempted(t.sql, 2, daysAgo(29), true);
    const oldFailed = await enqueue(t.sql, 3, daysAgo(40), false);
    const recentFailed = await enqueue(t.sql, 4, daysAgo(1), false);
    const oldRetrying = await attempted(t.sql, 5, daysAgo(45), false);
    const oldQueued = await enqueue(t.sql, 6, daysAgo(60), true);
    const before = await outboxRows(t.sql);
    expect(before).toHaveLength(6);

    expect(await retention(t.sql).prune()).toBe(2);

    const kept = await outboxRows(t.sql);
    expect(kept.map((r) => r.delivery_id).sort()).toEqual(
      [oldRetrying, recentDelivered, recentFailed, oldQueued].sort(),
    );
    expect(kept.map((r) => r.delivery_id)).not.toContain(oldDelivered);
    expect(kept.map((r) => r.delivery_id)).not.toContain(oldFailed);
    // Every attempt of a kept delivery stays, the old retrying one's included; none of a deleted one is left.
    const keptIds = new Set(kept.map((r) => r.id));
    const attempts = await deliveryLog(t.sql);
    expect(attempts.map((a) => a.outbox_id).sort()).toEqual(
      before
        .filter((r) => keptIds.has(r.id) && r.attempts > 0)
        .map((r) => r.id)
        .sort(),
    );
    // The merchant's listing and its total agree with what is left.
    const listed = await new DeliveryLog(t.sql).attempts('m_1', 50, 0);
    expect(listed.total).toBe(3);
    expect(listed.deliveries.map((d) => d.delivery_id).sort()).toEqual(
      [oldRetrying, recentDelivered, recentFailed].sort(),
    );
    expect(await retention(t.sql).prune()).toBe(0);
  });

  it('counts from the last attempt: an old failed delivery the merchant redelivers stays', async () => {
    t = await openTestDb();
    const id = await enqueue(t.sql, 1, daysAgo(90), false);
    expect(await new OutboxRepository(t.sql).redeliver('m_1', id, daysAgo(2))).toBe(true);
    expect(await retention(t.sql).prune()).toBe(0);
    expect((await outboxRows(t.sql)).map((r) => r.delivery_id)).toEqual([id]);
    // Once its new attempt is older than the retention too, it goes.
    expect(await retention(t.sql, 1).prune()).toBe(0);
    await attemptDue(t.sql, daysAgo(2), true);
    const newest = await enqueue(t.sql, 2, NOW, false);
    expect(await retention(t.sql, 1).prune()).toBe(1);
    expect((await outboxRows(t.sql)).map((r) => r.delivery_id)).toEqual([newest]);
  });

  it('keeps the newest delivery and the one holding the newest attempt, so SQLite never hands an id out again', async () => {
    t = await openTestDb();
    const retried = await attempted(t.sql, 1, daysAgo(50), false);
    const newest = await enqueue(t.sql, 2, daysAgo(40), true);
    // The retried one fails for good: it holds the newest attempt; the newest delivery is failed by hand.
    await attemptDue(t.sql, daysAgo(45), false);
    await t.sql.run("UPDATE webhook_outbox SET status = 'failed' WHERE delivery_id = ?", [newest]);
    expect(await retention(t.sql).prune()).toBe(0);
    const later = await enqueue(t.sql, 3, NOW, false);
    expect(await retention(t.sql).prune()).toBe(2);
    expect((await outboxRows(t.sql)).map((r) => r.delivery_id)).toEqual([later]);
    expect(retried).not.toBe(later);
  });

  it('deletes a log of many batches in full', async () => {
    t = await openTestDb();
    const count = PRUNE_BATCH * 2 + 7;
    await t.sql.transaction(async (tx) => {
      for (let n = 0; n < count; n++) await enqueueWebhook(tx, payload(n), daysAgo(31), async () => false);
    });
    await enqueue(t.sql, count, daysAgo(3), false);
    expect(await retention(t.sql).prune()).toBe(count);
    expect(await outboxRows(t.sql)).toHaveLength(1);
    expect(await deliveryLog(t.sql)).toHaveLength(1);
  });

  it('prunes when started, and stops', async () => {
    t = await openTestDb();
    await enqueue(t.sql, 1, daysAgo(31), false);
    await enqueue(t.sql, 2, NOW, false);
    const job = retention(t.sql);
    job.start();
    await eventually(async () => (await outboxRows(t!.sql)).length === 1);
    await job.stop();
  });

  it('runs on the node that delivers, unless the retention is 0', async () => {
    t = await openTestDb();
    await enqueue(t.sql, 1, daysAgo(31), false);
    await enqueue(t.sql, 2, NOW, false);
    const options = {
      retry: { baseDelayMs: 50, factor: 4, maxAttempts: 4, jitter: 0.2 },
      timeoutMs: 500,
      leaseMs: 1500,
      pollMs: 20,
      concurrency: 1,
      egress: { devMode: true, allowedPorts: [443] },
      now: () => NOW,
    };
    const webhooks = (logRetentionDays: number) =>
      createWebhooks({
        sql: t!.sql,
        targets: async () => null,
        hasTarget: async () => false,
        options,
        logRetentionDays,
      });
    const keeping = webhooks(0);
    expect(keeping.port.retentionDays).toBeNull();
    keeping.start();
    // The dispatcher's first scans have run; the log is as it was.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await keeping.stop();
    expect(await outboxRows(t.sql)).toHaveLength(2);
    const pruning = webhooks(30);
    expect(pruning.port.retentionDays).toBe(30);
    pruning.start();
    await eventually(async () => (await outboxRows(t!.sql)).length === 1);
    await pruning.stop();
  });

  it('finds the expired rows through the outbox index, not by reading every row', async () => {
    t = await openTestDb();
    if (t.sql.dialect !== 'sqlite') return;
    const plan = await t.sql.all<{ detail: string }>(
      `EXPLAIN QUERY PLAN SELECT id FROM webhook_outbox
       WHERE status IN ('delivered', 'failed') AND next_attempt_at < ? LIMIT ?`,
      [NOW.toISOString(), PRUNE_BATCH],
    );
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX webhook_outbox_due/);
  });

  it('refuses a retention that is not a whole number of days', () => {
    expect(() => new DeliveryLogRetention({} as Sql, { days: 0 })).toThrow(RangeError);
    expect(() => new DeliveryLogRetention({} as Sql, { days: 1.5 })).toThrow(RangeError);
  });
});

/** Claims the one due delivery at `at` and records an attempt (delivered when `ok`). */
async function attemptDue(sql: Sql, at: Date, ok: boolean): Promise<void> {
  const outbox = new OutboxRepository(sql);
  const [row] = await outbox.claimDue(at, 60_000, 1);
  const outcome = { ok, httpStatus: ok ? 200 : 500, responseBody: null, error: null };
  await outbox.recordAttempt(row!, outcome, ok ? { status: 'delivered' } : { status: 'failed' }, at);
}
