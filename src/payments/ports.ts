// What payments needs from other features (checkout, the webhook outbox), as structural types it imports nothing for.
import type { Sql } from '../db/sql.ts';
import type { PaidOffer, WebhookPayload } from '../kernel/events.ts';

/** The paying session as the session authenticator loads it (checkout's SessionContext has this shape). */
export interface PayingSession {
  session: {
    id: string;
    merchant_id: string;
    buyer_id: string;
    auth_channel: 'email' | 'phone';
    status: 'verified' | 'address_completed' | 'completed' | 'abandoned';
    cart_value_paise: number | null;
    cart_value_source: 'widget' | 'merchant' | null;
  };
  merchant: {
    id: string;
    payment_enabled: boolean;
    gateway_key_id: string | null;
    gateway_secret_enc: string | null;
  };
}

/** `reason` is a stable code (e.g. pincode_blocked), `message` says it in words. */
export type CodDecision = { allowed: true } | { allowed: false; reason: string; message: string };

/** The session's state as a payment transaction reads it again, under its lock. */
export interface SessionAtPayment {
  status: PayingSession['session']['status'];
  cart_value_paise: number | null;
  cart_value_source: 'widget' | 'merchant' | null;
}

/** The payment steps whose allowed session states checkout decides. */
export type PaymentStep = 'create_order' | 'record_cod' | 'confirm_payment';

export interface CheckoutPorts {
  /** The session `sessionId` of the merchant with the merchant, whatever its state or expiry; null when unknown. */
  payingSession(merchantId: string, sessionId: string): Promise<PayingSession | null>;
  /** COD enabled for the merchant, and `amountPaise` and the chosen pincode pass its rules. */
  codDecision(payer: PayingSession, amountPaise: number | null): Promise<CodDecision>;
  /** Decrypts a sealed merchant secret. */
  decrypt(sealed: string): string;
  /** The merchant's fixed cart when set (a different `requested` is 409 amount_mismatch), else `requested`, else null. */
  amountToCharge(session: SessionAtPayment, requested: number | undefined): number | null;
  /** Throws 409 when the session's state does not allow the step. */
  assertAllowed(step: PaymentStep, session: SessionAtPayment): void;
  /** Keeps the session's chosen address as where its order ships, with `tx`, the transaction that completes it. */
  keepDeliveryAddress(tx: Sql, merchantId: string, sessionId: string): Promise<void>;
  /** The offer `amountPaise` took off the session's cart when paid at `now` (ISO 8601), or null. */
  offerPaid(
    tx: Sql,
    merchantId: string,
    sessionId: string,
    amountPaise: number,
    now: string,
  ): Promise<PaidOffer | null>;
}

/** The merchant's gateway settings with the secret decrypted. Mode B (session.completed is sent) needs all three. */
export interface GatewayConfig {
  enabled: boolean;
  keyId: string | null;
  keySecret: string | null;
}

export function gatewayConfig(payer: PayingSession, ports: CheckoutPorts): GatewayConfig {
  const m = payer.merchant;
  return {
    enabled: m.payment_enabled,
    keyId: m.gateway_key_id,
    keySecret: m.gateway_secret_enc ? ports.decrypt(m.gateway_secret_enc) : null,
  };
}

/** Mode B: payments enabled with both keys set. Only then is session.completed sent. */
export function isPaymentMode(config: GatewayConfig): config is GatewayConfig & { keyId: string; keySecret: string } {
  return config.enabled && !!config.keyId && !!config.keySecret;
}

/** Queues a webhook event inside the payment's transaction `tx`; returns its delivery id. */
export interface EventQueue {
  enqueue(tx: Sql, event: WebhookPayload<object>, now: Date): Promise<string>;
}
