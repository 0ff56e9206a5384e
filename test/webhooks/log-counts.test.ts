// The webhook log's kept counts on the project's store: every total equals counting every row, as rows are added,
// counts move on, and pruning deletes deliveries on either side of them.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/sql.ts';
import type { WebhookPayload } from '../../src/kernel/events.ts';
import { DeliveryLog } from '../../src/webhooks/delivery-log.ts';
import { DeliveryLogCounts, deletedBelowKept, type LogKind } from '../../src/webhooks/log-counts.ts';
import { DeliveryLogRetention } from '../../src/webhooks/log-retention.ts';
import { enqueueWebhook } from '../../src/webhooks/outbox-repository.ts';
import { openTestDb, type TestDb } from './support/outbox-db.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-30T12:00:00.000Z');
const MERCHANTS = ['m_a', 'm_b'];

let t: TestDb | null = null;
afterEach(async () => {
  await t?.dispose();
  t = null;
});

function payload(merchantId: string, n: number): WebhookPayload {
  return {
    event: 'session.address_completed',
    merchant_id: merchantId,
    buyer_id: 'b_1',
    session_id: `s_${n}`,
    auth_channel: 'email',
    timestamp: NOW.toISOString(),
    data: { n },
  };
}

/** `count` events for a merchant without a URL (each failed at once with one attempt), at `at`. */
async function events(sql: Sql, merchantId: string, count: number, at: Date): Promise<void> {
  await sql.transaction(async (tx) => {
    for (let n = 0; n < count; n++) await enqueueWebhook(tx, payload(merchantId, n), at, async () => false);
  });
}

/** What counting every row gives. */
async function counted(sql: Sql, merchantId: string, kind: LogKind): Promise<number> {
  const table = kind === 'attempts' ? 'webhook_deliveries' : 'webhook_outbox';
  const row = await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table} WHERE merchant_id = ?`, [merchantId]);
  return Number(row!.n);
}

async function expectExact(sql: Sql, counts: DeliveryLogCounts): Promise<void> {
  for (const merchantId of MERCHANTS)
    for (const kind of ['attempts', 'deliveries'] as const)
      expect([merchantId, kind, await counts.total(merchantId, kind)]).toEqual([
        merchantId,
        kind,
        await counted(sql, merchantId, kind),
      ]);
}

const kept = (sql: Sql, merchantId: string) =>
  sql.get<{ attempts_to: number; attempts: number; deliveries_to: number; deliveries: number }>(
    'SELECT attempts_to, attempts, deliveries_to, deliveries FROM webhook_log_counts WHERE merchant_id = ?',
    [merchantId],
  );

describe('DeliveryLogCounts', () => {
  it('keeps a count once enough rows come after it, and every total stays exact', async () => {
    t = await openTestDb();
    const counts = new DeliveryLogCounts(t.sql, () => NOW, 5);
    await expectExact(t.sql, counts);
    await events(t.sql, 'm_a', 3, new Date(NOW.getTime() - DAY));
    await events(t.sql, 'm_b', 2, new Date(NOW.getTime() - DAY));
    await expectExact(t.sql, counts);
    expect(await kept(t.sql, 'm_a')).toBeUndefined();
    await events(t.sql, 'm_a', 4, new Date(NOW.getTime() - DAY));
    await expectExact(t.sql, counts);
    expect(await kept(t.sql, 'm_a')).toMatchObject({ attempts: 7, deliveries: 7 });
    // Rows of the last minutes are counted after the kept count, never in it: a smaller id may not have committed.
    await events(t.sql, 'm_a', 6, new Date(NOW.getTime() - 60_000));
    await expectExact(t.sql, counts);
    expect(await kept(t.sql, 'm_a')).toMatchObject({ attempts: 7, deliveries: 7 });
    await events(t.sql, 'm_a', 2, new Date(NOW.getTime() - DAY));
    await expectExact(t.sql, counts);
    expect((await kept(t.sql, 'm_a'))!.attempts).toBeGreaterThanOrEqual(7);
    expect(await kept(t.sql, 'm_b')).toBeUndefined();
  });

  it('stays exact when pruning deletes deliveries inside and outside the kept counts', async () => {
    t = await openTestDb();
    const counts = new DeliveryLogCounts(t.sql, () => NOW, 4);
    await events(t.sql, 'm_a', 6, new Date(NOW.getTime() - 40 * DAY));
    await events(t.sql, 'm_b', 5, new Date(NOW.getTime() - 35 * DAY));
    await expectExact(t.sql, counts);
    expect(await kept(t.sql, 'm_a')).toMatchObject({ attempts: 6 });
    // More old ones after the kept count, then new ones that move it on for m_b only.
    await events(t.sql, 'm_a', 3, new Date(NOW.getTime() - 33 * DAY));
    await events(t.sql, 'm_b', 4, new Date(NOW.getTime() - 2 * DAY));
    await expectExact(t.sql, counts);
    const pruned = await new DeliveryLogRetention(t.sql, { days: 30, now: () => NOW }).prune();
    expect(pruned).toBe(14);
    await expectExact(t.sql, counts);
    expect(await counted(t.sql, 'm_a', 'deliveries')).toBe(0);
    expect(await kept(t.sql, 'm_a')).toMatchObject({ attempts: 0, deliveries: 0 });
    await events(t.sql, 'm_a', 5, NOW);
    await expectExact(t.sql, counts);
  });

  it('answers the pages: attempts and every delivery from the counts, a state by counting', async () => {
    t = await openTestDb();
    const counts = new DeliveryLogCounts(t.sql, () => NOW, 3);
    const log = new DeliveryLog(t.sql, counts);
    await events(t.sql, 'm_a', 8, new Date(NOW.getTime() - DAY));
    expect((await log.attempts('m_a', 2, 0)).total).toBe(8);
    expect((await log.summaries('m_a', null, 2, 0)).total).toBe(8);
    expect((await log.summaries('m_a', 'failed', 2, 0)).total).toBe(8);
    expect((await log.summaries('m_a', 'pending', 2, 0)).total).toBe(0);
    expect(await kept(t.sql, 'm_a')).toMatchObject({ attempts: 8, deliveries: 8 });
    expect((await log.attempts('m_b', 2, 0)).total).toBe(0);
  });

  it('reads what pruning takes off the counts by the ids it deletes, not by merchant', async () => {
    t = await openTestDb();
    if (t.sql.dialect !== 'sqlite') return;
    for (const [kind, index] of [
      ['attempts', 'webhook_deliveries_outbox'],
      ['deliveries', 'PRIMARY KEY'],
    ] as const) {
      const plan = await t.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${deletedBelowKept(kind, 3)}`, [1, 2, 3]);
      expect(plan[0]!.detail).toContain(
        kind === 'attempts' ? `INDEX ${index} (outbox_id=?)` : `INTEGER ${index} (rowid=?)`,
      );
    }
  });

  it('stays exact with pages, new events and pruning at once', async () => {
    t = await openTestDb();
    const sql = t.sql;
    const counts = new DeliveryLogCounts(sql, () => NOW, 10);
    const retention = new DeliveryLogRetention(sql, { days: 30, now: () => NOW });
    await events(sql, 'm_a', 30, new Date(NOW.getTime() - 31 * DAY));
    const work: Array<Promise<unknown>> = [];
    for (let round = 0; round < 6; round++) {
      // New events carry the time they are queued, as the server writes them: a row is settled (taken into a kept
      // count) only minutes after it was written, by which time its transaction has committed. An old time on a row
      // still being written would break that premise, not the counts (such a row was missed once in three full runs).
      work.push(events(sql, MERCHANTS[round % 2]!, 7, new Date(NOW.getTime() - round * 1000)));
      work.push(counts.total('m_a', 'attempts'), counts.total('m_b', 'deliveries'));
      if (round % 2 === 1) work.push(retention.prune());
    }
    await Promise.all(work);
    await retention.prune();
    await expectExact(sql, counts);
  });
});
