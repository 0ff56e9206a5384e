// What payments needs from the checkout service, as structural types so payments never imports checkout.

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

export interface CheckoutPorts {
  /** COD enabled for the merchant and the session's cart and chosen pincode pass its rules. */
  codDecision(payer: PayingSession): Promise<CodDecision>;
  /** Decrypts a sealed merchant secret. */
  decrypt(sealed: string): string;
}

/** The merchant's gateway settings with the secret decrypted. Mode B (session.completed is sent) needs all three. */
export interface GatewayConfig {
  enabled: boolean;
  keyId: string | null;
  keySecret: string | null;
}

export function gatewayConfig(payer: PayingSession, ports: CheckoutPorts): GatewayConfig {
  const m = payer.merchant;
  return { enabled: m.payment_enabled, keyId: m.gateway_key_id, keySecret: m.gateway_secret_enc ? ports.decrypt(m.gateway_secret_enc) : null };
}

/** Mode B: payments enabled with both keys set. Only then is session.completed sent. */
export function isPaymentMode(config: GatewayConfig): config is GatewayConfig & { keyId: string; keySecret: string } {
  return config.enabled && !!config.keyId && !!config.keySecret;
}
