// The webhook outbox in the store: rows written inside the state change's transaction, claimed under a lease, attempts logged.
import { newId } from '../kernel/ids.ts';
import type { Sql } from '../db/sql.ts';
import type { DeliveryOutcome } from './deliver.ts';
import type { WebhookPayload } from '../kernel/events.ts';

/** One queued event as the dispatcher sees it after claiming it. */
export interface OutboxRow {
  id: number;
  merchant_id: string;
  event: string;
  /** The exact JSON text that is POSTed and signed. */
  payload: string;
  delivery_id: string;
  /** Attempts made so far, including the one this claim starts. */
  attempts: number;
}

/** What happens to a row after an attempt. */
export type AttemptResult = { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; nextAttemptAt: Date };

/** Why an event for a merchant without a webhook_url is never sent (the delivery log's and the dispatcher's words). */
export const NOT_CONFIGURED = 'no webhook_url configured; not retried';

/** The attempt logged for an event whose merchant has no webhook_url, at queuing or (URL removed since) at sending. */
export const NOT_SENT: DeliveryOutcome = Object.freeze({
  ok: false,
  httpStatus: null,
  responseBody: null,
  error: NOT_CONFIGURED,
});

/** Whether the merchant has a webhook_url now, read with the transaction that queues the event. */
export type HasTarget = (tx: Sql, merchantId: string) => Promise<boolean>;

/**
 * Inserts one outbox row and returns its delivery id. Call it with the transaction that makes the state change, never
 * after it: then a crash can lose neither the change nor the event. A merchant without a webhook_url gets the row
 * already failed, with its one logged attempt, in the same transaction (the redeliver button sends it once a URL is
 * set): two fewer transactions per event than claiming it to find no URL.
 */
export async function enqueueWebhook(
  tx: Sql,
  payload: WebhookPayload<object>,
  now: Date,
  hasTarget: HasTarget,
  sessionId: string | null = payload.session_id,
): Promise<string> {
  const deliveryId = newId();
  const at = now.toISOString();
  const sendable = await hasTarget(tx, payload.merchant_id);
  const row = await tx.get<{ id: number }>(
    `INSERT INTO webhook_outbox (merchant_id, session_id, event, payload, delivery_id, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      payload.merchant_id,
      sessionId,
      payload.event,
      JSON.stringify(payload),
      deliveryId,
      sendable ? 'pending' : 'failed',
      sendable ? 0 : 1,
      at,
      at,
    ],
  );
  if (!sendable) await logAttempt(tx, payload.merchant_id, row!.id, 1, NOT_SENT, null, at);
  return deliveryId;
}

/** One row of the delivery log: attempt `attempt` of outbox row `outboxId`, and when the next is due (null: none). */
async function logAttempt(
  tx: Sql,
  merchantId: string,
  outboxId: number,
  attempt: number,
  outcome: DeliveryOutcome,
  nextRetryAt: string | null,
  at: string,
): Promise<void> {
  await tx.run(
    `INSERT INTO webhook_deliveries (merchant_id, outbox_id, attempt, http_status, response_body, error, next_retry_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [merchantId, outboxId, attempt, outcome.httpStatus, outcome.responseBody, outcome.error, nextRetryAt, at],
  );
}

export class OutboxRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Claims up to `limit` due rows for `leaseMs`: pending rows whose time has come, or rows whose sender's lease ran out.
   * PostgreSQL skips rows other nodes hold (FOR UPDATE SKIP LOCKED); SQLite's writer lock serialises claims.
   */
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
    if (limit <= 0) return [];
    const lock = this.sql.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const at = now.toISOString();
    return this.sql.transaction((tx) =>
      tx.all<OutboxRow>(
        `UPDATE webhook_outbox SET status = 'sending', lease_until = ?, attempts = attempts + 1
         WHERE id IN (SELECT id FROM webhook_outbox
           WHERE (status = 'pending' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until <= ?)
           ORDER BY next_attempt_at, id LIMIT ? ${lock})
         RETURNING id, merchant_id, event, payload, delivery_id, attempts`,
        [new Date(now.getTime() + leaseMs).toISOString(), at, at, limit],
      ),
    );
  }

  /** Logs the attempt and moves the row on; false when the claim had already been lost (a newer claim owns the row). */
  async recordAttempt(row: OutboxRow, outcome: DeliveryOutcome, result: AttemptResult, now: Date): Promise<boolean> {
    const nextAttemptAt = result.status === 'pending' ? result.nextAttemptAt.toISOString() : null;
    return this.sql.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE webhook_outbox SET status = ?, next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL
         WHERE id = ? AND status = 'sending' AND attempts = ?`,
        [result.status, nextAttemptAt, row.id, row.attempts],
      );
      if (changed === 0) return false;
      await logAttempt(tx, row.merchant_id, row.id, row.attempts, outcome, nextAttemptAt, now.toISOString());
      return true;
    });
  }

  /** The earliest time any row becomes due, or null when nothing waits. */
  async nextDueAt(): Promise<Date | null> {
    const row = await this.sql.get<{ at: string | null }>(
      `SELECT MIN(CASE WHEN status = 'pending' THEN next_attempt_at ELSE lease_until END) AS at FROM webhook_outbox WHERE status IN ('pending', 'sending')`,
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** Pending and sending rows (the queue depth metric). */
  async depth(): Promise<number> {
    return (
      (
        await this.sql.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM webhook_outbox WHERE status IN ('pending', 'sending')`,
        )
      )?.n ?? 0
    );
  }

  /**
   * Sends a delivery now: a failed one again from its first attempt (the redeliver button), one waiting for a retry at
   * once rather than at its scheduled time (retry now); both keep the original payload and delivery id. False when the
   * merchant has no such delivery that is failed or pending (delivered ones, and one being sent now, are left alone).
   */
  async redeliver(merchantId: string, deliveryId: string, now: Date): Promise<boolean> {
    const changed = await this.sql.run(
      `UPDATE webhook_outbox SET next_attempt_at = ?, attempts = CASE WHEN status = 'failed' THEN 0 ELSE attempts END,
         status = 'pending'
       WHERE merchant_id = ? AND delivery_id = ? AND status IN ('failed', 'pending')`,
      [now.toISOString(), merchantId, deliveryId],
    );
    return changed > 0;
  }

  /**
   * Sends now, as redeliver does, up to `limit` of the merchant's deliveries that failed or wait to retry after a
   * failed attempt, oldest first; `more` says whether others are left for another call.
   */
  async redeliverFailing(
    merchantId: string,
    now: Date,
    limit: number,
  ): Promise<{ redelivered: number; more: boolean }> {
    // The index's own condition (migration 034), so the statement reads only those deliveries; one due now is left
    // alone (it is being sent), so calls made while `more` move on rather than take the same ones again.
    const failing =
      "merchant_id = ? AND (status = 'failed' OR (status = 'pending' AND attempts > 0)) " +
      "AND (status = 'failed' OR next_attempt_at > ?)";
    const at = now.toISOString();
    return this.sql.transaction(async (tx) => {
      const redelivered = await tx.run(
        `UPDATE webhook_outbox SET next_attempt_at = ?, attempts = CASE WHEN status = 'failed' THEN 0 ELSE attempts END,
           status = 'pending'
         WHERE id IN (SELECT id FROM webhook_outbox WHERE ${failing} ORDER BY id LIMIT ?)
           AND status IN ('failed', 'pending')`,
        [at, merchantId, at, limit],
      );
      const left = await tx.get(`SELECT 1 AS one FROM webhook_outbox WHERE ${failing} LIMIT 1`, [merchantId, at]);
      return { redelivered, more: left !== undefined };
    });
  }
}
