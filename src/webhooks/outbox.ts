// Queues a webhook event: one outbox row, written inside the caller's transaction so the event and the state change commit together.
import { randomUUID } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.ts';
import type { WebhookPayload } from './events.ts';

const inserts = new WeakMap<Db, Statement>();

function insertStatement(db: Db): Statement {
  let stmt = inserts.get(db);
  if (!stmt) {
    stmt = db.prepare(
      `INSERT INTO webhook_outbox (merchant_id, event, payload, delivery_id, status, attempts, next_attempt_at, created_at)
       VALUES (@merchantId, @event, @payload, @deliveryId, 'pending', 0, @now, @now)`,
    );
    inserts.set(db, stmt);
  }
  return stmt;
}

/** A fresh delivery id; receivers dedupe on it (X-Service-Delivery), so it stays the same across retries. */
export function newDeliveryId(): string {
  return `dlv_${randomUUID().replaceAll('-', '')}`;
}

/**
 * Inserts one pending outbox row and returns its delivery id. Call it inside the `db.transaction` that makes
 * the state change, never after it: then a crash can lose neither the change nor the event.
 */
export function enqueueWebhook(db: Db, payload: WebhookPayload, now: Date = new Date()): string {
  const deliveryId = newDeliveryId();
  insertStatement(db).run({
    merchantId: payload.merchant_id,
    event: payload.event,
    payload: JSON.stringify(payload),
    deliveryId,
    now: now.toISOString(),
  });
  return deliveryId;
}
