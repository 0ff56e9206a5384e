// The admin "test_webhook" action: queue one session.phone_verified delivery with an obviously fake payload.
import type { Db } from '../db/open.ts';
import { enqueueWebhook } from './outbox.ts';

/** Queues a test session.phone_verified event for `merchantId`; the dispatcher delivers it like any other. */
export function queueTestWebhook(db: Db, merchantId: string): { success: true; message: string; delivery_id: string } {
  const now = new Date();
  const deliveryId = enqueueWebhook(
    db,
    {
      event: 'session.phone_verified',
      merchant_id: merchantId,
      buyer_id: 'test_buyer',
      session_id: 'test_session',
      auth_channel: 'phone',
      timestamp: now.toISOString(),
      data: { phone: '+919999999999', test: true },
    },
    now,
  );
  return { success: true, message: 'Test webhook queued; see action=webhook_deliveries for the attempt log', delivery_id: deliveryId };
}
