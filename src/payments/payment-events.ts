// The webhook events payments queue, in the envelope every event shares: a session completed, a refund owed.
import type { RefundRequiredData, SessionCompletedData, WebhookPayload } from '../kernel/events.ts';
import type { PayingSession } from './ports.ts';

/** session.completed for the paying session at `at` (Mode B only: the caller decides). */
export function completed(
  payer: PayingSession,
  data: SessionCompletedData,
  at: string,
): WebhookPayload<SessionCompletedData> {
  return envelope(payer, 'session.completed', data, at);
}

/** session.refund_required for a payment of the paying session refused at `at`, which the merchant must refund. */
export function refundRequired(
  payer: PayingSession,
  data: RefundRequiredData,
  at: string,
): WebhookPayload<RefundRequiredData> {
  return envelope(payer, 'session.refund_required', data, at);
}

function envelope<D extends object>(
  payer: PayingSession,
  event: WebhookPayload['event'],
  data: D,
  at: string,
): WebhookPayload<D> {
  const { session } = payer;
  return {
    event,
    merchant_id: session.merchant_id,
    buyer_id: session.buyer_id,
    session_id: session.id,
    auth_channel: session.auth_channel,
    timestamp: at,
    data,
  };
}
