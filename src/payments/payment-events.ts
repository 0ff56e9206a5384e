// The webhook events payments queue, in the envelope every event shares: a session completed, a refund owed.
import {
  sessionEvent,
  type RefundRequiredData,
  type SessionCompletedData,
  type WebhookPayload,
} from '../kernel/events.ts';
import type { PayingSession } from './ports.ts';

/** session.completed for the paying session at `at` (Mode B only: the caller decides). */
export function completed(
  payer: PayingSession,
  data: SessionCompletedData,
  at: string,
): WebhookPayload<SessionCompletedData> {
  return sessionEvent(payer.session, 'session.completed', data, at);
}

/** session.refund_required for a payment of the paying session refused at `at`, which the merchant must refund. */
export function refundRequired(
  payer: PayingSession,
  data: RefundRequiredData,
  at: string,
): WebhookPayload<RefundRequiredData> {
  return sessionEvent(payer.session, 'session.refund_required', data, at);
}
