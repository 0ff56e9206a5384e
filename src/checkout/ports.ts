// Adapters other modules wire in: payments' CheckoutPorts and the webhook dispatcher's target lookup, backed by checkout data.
import type { CheckoutPorts, CodDecision, PaymentConfig, PaymentSession } from '../payments/ports.ts';
import type { WebhookTarget, WebhookTargetLookup } from '../webhooks/dispatcher.ts';
import { COD_MESSAGES, codVerdict } from './cod.ts';
import type { CheckoutModule } from './module.ts';
import { sha256 } from './secrets.ts';

/** What /checkout-payment needs: sessions by token, decrypted gateway keys, the COD rules. */
export function checkoutPorts(m: CheckoutModule): CheckoutPorts {
  return {
    sessionByToken(token: string): PaymentSession | null {
      const s = m.sessions.byTokenHash(sha256(token), new Date().toISOString());
      return s ? { sessionId: s.id, merchantId: s.merchant_id, buyerId: s.buyer_id, authChannel: s.auth_channel, cartValuePaise: s.cart_value_paise, abandoned: s.status === 'abandoned' } : null;
    },
    paymentConfig(merchantId: string): PaymentConfig | null {
      const merchant = m.merchants.byId(merchantId);
      if (!merchant) return null;
      const keySecret = merchant.gateway_secret_enc ? m.secrets.decrypt(merchant.gateway_secret_enc) : null;
      return { enabled: merchant.payment_enabled, keyId: merchant.gateway_key_id, keySecret };
    },
    codDecision(session: PaymentSession): CodDecision {
      const merchant = m.merchants.byId(session.merchantId);
      const s = m.sessions.byId(session.merchantId, session.sessionId);
      if (!merchant || !s) return { allowed: false, reason: 'session_not_found', message: 'No such checkout session' };
      const address = s.selected_address_id ? m.addresses.byId(s.merchant_id, s.buyer_id, s.selected_address_id) : null;
      const verdict = codVerdict(merchant, s.cart_value_paise, address?.pincode ?? null);
      if (verdict.eligible || !verdict.reason) return { allowed: true };
      return { allowed: false, reason: verdict.reason, message: COD_MESSAGES[verdict.reason] };
    },
    allowedOrigins(merchantId: string): string[] {
      return m.merchants.byId(merchantId)?.allowed_origins ?? [];
    },
  };
}

/** Where a merchant's webhooks go, with the secret decrypted; null for an unknown merchant. */
export function webhookTargetLookup(m: CheckoutModule): WebhookTargetLookup {
  return (merchantId: string): WebhookTarget | null => {
    const merchant = m.merchants.byId(merchantId);
    if (!merchant) return null;
    return { url: merchant.webhook_url, secret: merchant.webhook_secret_enc ? m.secrets.decrypt(merchant.webhook_secret_enc) : null };
  };
}
