// What payments needs from the checkout service, as small interfaces so payments can be tested on its own.
import type { AuthChannel } from '../webhooks/events.ts';

/** The checkout session behind an x-session-token. */
export interface PaymentSession {
  sessionId: string;
  merchantId: string;
  buyerId: string | null;
  authChannel: AuthChannel | null;
  /** The cart value the widget sent at verify; COD's session.completed reports it as the amount to collect. */
  cartValuePaise: number | null;
  /** Abandoned sessions keep their token but can no longer pay. */
  abandoned: boolean;
}

/** The merchant's gateway settings with the secret already decrypted. Null keys mean "not configured". */
export interface PaymentConfig {
  enabled: boolean;
  keyId: string | null;
  keySecret: string | null;
}

/** `reason` is a stable code (e.g. pincode_blocked), `message` says it in words. */
export type CodDecision = { allowed: true } | { allowed: false; reason: string; message: string };

/** Everything payments reads from checkout; checkoutPorts() implements it over the checkout module. */
export interface CheckoutPorts {
  /** Resolves a session token; null when unknown or expired. */
  sessionByToken(token: string): PaymentSession | null;
  paymentConfig(merchantId: string): PaymentConfig | null;
  /** COD enabled for the merchant and the session's cart and pincode pass its rules. */
  codDecision(session: PaymentSession): CodDecision;
  /** The merchant's browser origins (lower case); empty for an unknown merchant. */
  allowedOrigins(merchantId: string): string[];
}

/** Mode B: payments enabled with both keys set. Only then is session.completed sent. */
export function isPaymentMode(config: PaymentConfig | null): config is PaymentConfig & { keyId: string; keySecret: string } {
  return !!config && config.enabled && !!config.keyId && !!config.keySecret;
}
