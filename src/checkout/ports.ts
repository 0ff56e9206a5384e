// Adapters other modules wire in: payments' CheckoutPorts and the webhook dispatcher's target lookup, backed by checkout data.
import type { CheckoutPorts, CodDecision, PaymentConfig, PaymentSession } from '../payments/ports.ts';
import type { WebhookTarget, WebhookTargetLookup } from '../webhooks/dispatcher.ts';
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
      const s = m.sessions.byId(session.merchantId, session.sessionId);
      if (!s) return { allowed: false, reason: 'session_not_found', message: 'No such checkout session' };
      // The same rules as the cod_eligibility action: the session's cart and the address chosen at the address step.
      const verdict = m.addressBook.codEligibility(s, {});
      return verdict.reason ? { allowed: false, reason: verdict.reason, message: verdict.message } : { allowed: true };
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
