// The merchant webhook events and the envelope every payload shares: the vocabulary checkout and payments queue and webhooks deliver.

/** Every event a merchant can receive; the name is also sent as X-Service-Event. */
export const WEBHOOK_EVENTS = [
  'session.email_verified',
  'session.phone_verified',
  'session.address_completed',
  'session.completed',
  'session.refund_required',
] as const;
/** One of WEBHOOK_EVENTS. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How the buyer authenticated in this session. */
export type AuthChannel = 'email' | 'phone';

/**
 * The JSON body POSTed for every event. `data` is event-specific:
 * - session.email_verified: {email} (sent when OTP verification creates the session)
 * - session.phone_verified: {phone} (also what the admin test_webhook sends, with test: true)
 * - session.address_completed: {address: {id, buyer_id, name, phone, line1, line2, landmark, city, state, pincode, country, ...}}
 * - session.completed: {payment_method: 'gateway', gateway_order_id, gateway_payment_id, amount_paise, cart_value_paise,
 *   cart_value_source} or {payment_method: 'cod', amount_paise, cart_value_paise, cart_value_source} (gateway ids
 *   omitted): amount_paise is what was paid (COD: is due), cart_value_paise the session's cart when it completed
 * - session.refund_required: RefundRequiredData, once per payment the gateway took that completed nothing
 */
export interface WebhookPayload<D extends object = Record<string, unknown>> {
  event: WebhookEvent;
  merchant_id: string;
  buyer_id: string | null;
  session_id: string;
  auth_channel: AuthChannel | null;
  /** ISO 8601 UTC time at which the state change happened. */
  timestamp: string;
  data: D;
}

/** The session an event is about, as its envelope names it. */
export interface EventSession {
  id: string;
  merchant_id: string;
  buyer_id: string | null;
  auth_channel: AuthChannel | null;
}

/** `event` about `session` at `at` (ISO 8601), in the envelope every event shares. */
export function sessionEvent<D extends object>(
  session: EventSession,
  event: WebhookEvent,
  data: D,
  at: string,
): WebhookPayload<D> {
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

/** The session's cart when it completed: the merchant's fixed value ('merchant'), the widget's, or none. */
export interface CartAtCompletion {
  cart_value_paise: number | null;
  cart_value_source: 'widget' | 'merchant' | null;
}

/** The offer a payment's amount took off the cart: its id and title then, and the paise it took off. */
export interface PaidOffer {
  id: string;
  title: string;
  discount_paise: number;
}

/** What session.completed carries in `data`; `offer` is null when no offer explains the amount. */
export type SessionCompletedData = CartAtCompletion & { offer: PaidOffer | null } & (
    | { payment_method: 'gateway'; gateway_order_id: string; gateway_payment_id: string; amount_paise: number }
    | { payment_method: 'cod'; amount_paise: number | null }
  );

/**
 * What session.refund_required carries in `data`: a payment the gateway took that completed nothing, which the
 * merchant must refund at the gateway. `reason` is the code the refusal answered (session_already_paid,
 * amount_mismatch), `message` says it in words; amount_paise is the gateway order's amount, which the payment took.
 */
export interface RefundRequiredData {
  gateway_order_id: string;
  gateway_payment_id: string;
  amount_paise: number;
  currency: string;
  reason: string;
  message: string;
}

/** What one attempt came to: answered 2xx, failed with a retry scheduled, or failed for good. */
export type AttemptOutcome = 'delivered' | 'retrying' | 'failed';

/** One logged delivery attempt with the event it carried (the merchant's delivery log). */
export interface DeliveryLogEntry {
  id: number;
  delivery_id: string;
  event: string;
  /** The checkout session the event is about (test deliveries name a made-up one). */
  session_id: string | null;
  attempt: number;
  http_status: number | null;
  response_body: string | null;
  error: string | null;
  next_retry_at: string | null;
  created_at: string;
  /** This attempt's own result, which later attempts do not change. */
  outcome: AttemptOutcome;
  /** The delivery's current state: pending, sending, delivered or failed. */
  status: string;
}

/** One event sent (or to be sent) to the merchant, however many attempts it took: the delivery log's rows. */
export interface DeliverySummary {
  delivery_id: string;
  event: string;
  session_id: string | null;
  /** pending (queued or waiting for a retry), sending, delivered or failed. */
  status: string;
  attempts: number;
  /** When the next attempt is due (pending only). */
  next_attempt_at: string | null;
  created_at: string;
  last_attempt: Omit<DeliveryLogEntry, 'delivery_id' | 'event' | 'session_id' | 'status'> | null;
}

/** One delivery with the exact body it sends and every attempt, oldest first. */
export interface DeliveryDetail extends Omit<DeliverySummary, 'last_attempt'> {
  payload: unknown;
  attempt_log: Array<Omit<DeliveryLogEntry, 'delivery_id' | 'event' | 'session_id' | 'status'>>;
}
