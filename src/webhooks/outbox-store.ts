// Prepared statements over webhook_outbox and webhook_deliveries: claim due rows under a lease, record each attempt.
import type { Db } from '../db/open.ts';
import type { DeliveryOutcome } from './deliver.ts';

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
export type AttemptResult =
  | { status: 'delivered' }
  | { status: 'failed' }
  | { status: 'pending'; nextAttemptAt: Date };

/** Outbox access for the dispatcher; every method is one synchronous statement or transaction. */
export class OutboxStore {
  private readonly dueIds;
  private readonly claimRow;
  private readonly finishRow;
  private readonly logAttempt;
  private readonly nextDue;

  constructor(private readonly db: Db) {
    // A row is due when it is pending and its time has come, or when a sender's lease ran out (it crashed mid-send).
    this.dueIds = db
      .prepare(
        `SELECT id FROM webhook_outbox
         WHERE (status = 'pending' AND next_attempt_at <= @now) OR (status = 'sending' AND lease_until <= @now)
         ORDER BY next_attempt_at, id LIMIT @limit`,
      )
      .pluck();
    this.claimRow = db.prepare(
      `UPDATE webhook_outbox SET status = 'sending', lease_until = @leaseUntil, attempts = attempts + 1
       WHERE id = @id RETURNING id, merchant_id, event, payload, delivery_id, attempts`,
    );
    // Guarded by status and attempt number so a sender whose lease expired cannot overwrite a newer claim.
    this.finishRow = db.prepare(
      `UPDATE webhook_outbox SET status = @status, next_attempt_at = COALESCE(@nextAttemptAt, next_attempt_at), lease_until = NULL
       WHERE id = @id AND status = 'sending' AND attempts = @attempt`,
    );
    this.logAttempt = db.prepare(
      `INSERT INTO webhook_deliveries (merchant_id, outbox_id, attempt, http_status, response_body, error, next_retry_at, created_at)
       VALUES (@merchantId, @outboxId, @attempt, @httpStatus, @responseBody, @error, @nextRetryAt, @createdAt)`,
    );
    this.nextDue = db
      .prepare(
        `SELECT MIN(CASE WHEN status = 'pending' THEN next_attempt_at ELSE lease_until END) FROM webhook_outbox
         WHERE status IN ('pending', 'sending')`,
      )
      .pluck();
  }

  /** Claims up to `limit` due rows for `leaseMs`; one immediate transaction, so two dispatchers never share a row. */
  claimDue(now: Date, leaseMs: number, limit: number): OutboxRow[] {
    if (limit <= 0) return [];
    return this.db.transaction(() => {
      const ids = this.dueIds.all({ now: now.toISOString(), limit }) as number[];
      const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
      return ids.map((id) => this.claimRow.get({ id, leaseUntil }) as OutboxRow);
    }).immediate();
  }

  /** Logs the attempt and moves the row on; returns false when the claim had already been lost. */
  recordAttempt(row: OutboxRow, outcome: DeliveryOutcome, result: AttemptResult, now: Date): boolean {
    const nextAttemptAt = result.status === 'pending' ? result.nextAttemptAt.toISOString() : null;
    return this.db.transaction(() => {
      const changed = this.finishRow.run({ id: row.id, attempt: row.attempts, status: result.status, nextAttemptAt }).changes;
      if (changed === 0) return false;
      this.logAttempt.run({
        merchantId: row.merchant_id,
        outboxId: row.id,
        attempt: row.attempts,
        httpStatus: outcome.httpStatus,
        responseBody: outcome.responseBody,
        error: outcome.error,
        nextRetryAt: nextAttemptAt,
        createdAt: now.toISOString(),
      });
      return true;
    }).immediate();
  }

  /** The earliest time any row becomes due, or null when nothing is waiting. */
  nextDueAt(): Date | null {
    const at = this.nextDue.get() as string | null;
    return at ? new Date(at) : null;
  }
}
