// OutboxRepository.redeliverFailing on the project's store: a merchant's failed deliveries sent again and those waiting
// to retry sent now, oldest first, a batch a call, from the index of failing deliveries; nothing else is touched.
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/sql.ts';
import type { WebhookPayload } from '../../src/kernel/events.ts';
import { enqueueWebhook, OutboxRepository } from '../../src/webhooks/outbox-repository.ts';
import { openTestDb, type TestDb } from './support/outbox-db.ts';

const NOW = new Date('2026-11-30T06:00:00.000Z');
const LATER = new Date(NOW.getTime() + 60_000);

let t: TestDb | null = null;
afterEach(async () => {
  await t?.dispose();
  t = null;
});

function payload(merchant: string, n: number): WebhookPayload {
  return {
    event: 'session.address_completed',
    merchant_id: merchant,
    buyer_id: 'b_1',
    session_id: `s_${n}`,
    auth_channel: 'email',
    timestamp: NOW.toISOString(),
    data: { n },
  };
}

/** Queues event `n`; a merchant without a URL (`sendable` false) gets it failed at once. */
function enqueue(sql: Sql, merchant: string, n: number, sendable: boolean): Promise<string> {
  return sql.transaction((tx) => enqueueWebhook(tx, payload(merchant, n), NOW, async () => sendable));
}

/** Claims the oldest due delivery and records a failed attempt: it waits to retry in an hour. */
async function failOnce(outbox: OutboxRepository): Promise<void> {
  const [row] = await outbox.claimDue(NOW, 60_000, 1);
  const outcome = { ok: false, httpStatus: 503, responseBody: 'down', error: null };
  await outbox.recordAttempt(row!, outcome, { status: 'pending', nextAttemptAt: new Date(NOW.getTime() + 3.6e6) }, NOW);
}

const rows = (sql: Sql) =>
  sql.all<{ session_id: string; merchant_id: string; status: string; attempts: number; next_attempt_at: string }>(
    'SELECT session_id, merchant_id, status, attempts, next_attempt_at FROM webhook_outbox ORDER BY id',
  );

describe('OutboxRepository.redeliverFailing', () => {
  it('sends failed ones again from their first attempt and waiting ones now; others and other shops untouched', async () => {
    t = await openTestDb();
    const outbox = new OutboxRepository(t.sql);
    await enqueue(t.sql, 'm_1', 1, true);
    await failOnce(outbox);
    await enqueue(t.sql, 'm_1', 2, false);
    await enqueue(t.sql, 'm_1', 3, true);
    await enqueue(t.sql, 'm_2', 4, false);

    expect(await outbox.redeliverFailing('m_1', LATER, 500)).toEqual({ redelivered: 2, more: false });
    const at = LATER.toISOString();
    expect(await rows(t.sql)).toEqual([
      { session_id: 's_1', merchant_id: 'm_1', status: 'pending', attempts: 1, next_attempt_at: at },
      { session_id: 's_2', merchant_id: 'm_1', status: 'pending', attempts: 0, next_attempt_at: at },
      { session_id: 's_3', merchant_id: 'm_1', status: 'pending', attempts: 0, next_attempt_at: NOW.toISOString() },
      { session_id: 's_4', merchant_id: 'm_2', status: 'failed', attempts: 1, next_attempt_at: NOW.toISOString() },
    ]);
    // Made due, they are not taken again: a second call finds nothing left.
    expect(await outbox.redeliverFailing('m_1', LATER, 500)).toEqual({ redelivered: 0, more: false });
  });

  it('takes the oldest `limit` a call and says more are left until none is', async () => {
    t = await openTestDb();
    const outbox = new OutboxRepository(t.sql);
    for (let n = 1; n <= 5; n++) await enqueue(t.sql, 'm_1', n, false);
    expect(await outbox.redeliverFailing('m_1', LATER, 2)).toEqual({ redelivered: 2, more: true });
    expect((await rows(t.sql)).map((r) => r.status)).toEqual(['pending', 'pending', 'failed', 'failed', 'failed']);
    expect(await outbox.redeliverFailing('m_1', LATER, 2)).toEqual({ redelivered: 2, more: true });
    expect(await outbox.redeliverFailing('m_1', LATER, 2)).toEqual({ redelivered: 1, more: false });
  });

  it('leaves a delivery being sent alone: its sender holds it under a lease', async () => {
    t = await openTestDb();
    const outbox = new OutboxRepository(t.sql);
    await enqueue(t.sql, 'm_1', 1, true);
    await outbox.claimDue(NOW, 60_000, 1);
    expect(await outbox.redeliverFailing('m_1', LATER, 500)).toEqual({ redelivered: 0, more: false });
    expect((await rows(t.sql))[0]).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('reads the failing deliveries from their index, not every delivery of the merchant', async () => {
    t = await openTestDb();
    const failing =
      "merchant_id = ? AND (status = 'failed' OR (status = 'pending' AND attempts > 0)) " +
      "AND (status = 'failed' OR next_attempt_at > ?)";
    const query = `SELECT id FROM webhook_outbox WHERE ${failing} ORDER BY id LIMIT 500`;
    if (t.sql.dialect === 'sqlite') {
      const plan = await t.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`, ['m_1', NOW.toISOString()]);
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX webhook_outbox_failing/);
    } else {
      // An empty table would be read whole whatever the indexes: the planner is told to prefer them.
      await t.sql.transaction(async (tx) => {
        await tx.run('SET LOCAL enable_seqscan = off');
        const plan = await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${query.replaceAll('?', 'CAST(? AS text)')}`, [
          'm_1',
          NOW.toISOString(),
        ]);
        expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toMatch(/webhook_outbox_failing/);
      });
    }
  });
});
