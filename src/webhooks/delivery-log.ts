// Read side of the attempt log for the admin "webhook_deliveries" action: newest first, paged.
import type { Db } from '../db/open.ts';

/** One logged attempt with the event it carried. */
export interface DeliveryLogEntry {
  id: number;
  outbox_id: number;
  delivery_id: string;
  event: string;
  attempt: number;
  http_status: number | null;
  response_body: string | null;
  error: string | null;
  next_retry_at: string | null;
  created_at: string;
  /** The outbox row's current state: pending, sending, delivered or failed. */
  status: string;
}

/** The webhook_deliveries admin answer. */
export interface DeliveryLogPage {
  deliveries: DeliveryLogEntry[];
  total: number;
  limit: number;
  offset: number;
}

/** Lists `merchantId`'s attempts, newest first; `limit` is clamped to 1..200. */
export function listWebhookDeliveries(db: Db, merchantId: string, limit = 50, offset = 0): DeliveryLogPage {
  const safeLimit = Math.min(200, Math.max(1, Math.trunc(limit)));
  const safeOffset = Math.max(0, Math.trunc(offset));
  const deliveries = db
    .prepare(
      `SELECT d.id, d.outbox_id, o.delivery_id, o.event, d.attempt, d.http_status, d.response_body, d.error,
              d.next_retry_at, d.created_at, o.status
       FROM webhook_deliveries d JOIN webhook_outbox o ON o.id = d.outbox_id
       WHERE d.merchant_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?`,
    )
    .all(merchantId, safeLimit, safeOffset) as DeliveryLogEntry[];
  const total = db.prepare('SELECT COUNT(*) FROM webhook_deliveries WHERE merchant_id = ?').pluck().get(merchantId) as number;
  return { deliveries, total, limit: safeLimit, offset: safeOffset };
}
