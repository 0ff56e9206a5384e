// Merchants and sessions created through the checkout repositories, as the checkout routes would leave them.
import { AddressRepository } from '../../../src/checkout/address-repository.ts';
import { BuyerRepository } from '../../../src/checkout/buyer-repository.ts';
import { MerchantRepository } from '../../../src/checkout/merchant-repository.ts';
import { randomToken, sha256, type SecretBox } from '../../../src/checkout/secrets.ts';
import { SessionRepository } from '../../../src/checkout/session-repository.ts';
import type { Db } from '../../../src/db/open.ts';

export interface MerchantSetup {
  payment?: { enabled: boolean; keyId: string | null; keySecret: string | null };
  webhook?: { url: string; secret: string | null };
  cod?: { enabled: boolean; maxCartValuePaise?: number | null; blockedPincodes?: string[] };
}

/** Creates a merchant with sealed secrets, exactly as the admin config actions store them. */
export function createMerchant(db: Db, box: SecretBox, setup: MerchantSetup): string {
  const merchants = new MerchantRepository(db);
  const { merchant } = merchants.create('Test shop');
  const id = merchant.id;
  if (setup.payment) {
    const { enabled, keyId, keySecret } = setup.payment;
    merchants.savePayment({ id, payment_enabled: enabled, gateway_key_id: keyId, gateway_secret_enc: keySecret ? box.encrypt(keySecret) : null });
  }
  if (setup.webhook) merchants.saveWebhook({ id, webhook_url: setup.webhook.url, webhook_secret_enc: setup.webhook.secret ? box.encrypt(setup.webhook.secret) : null });
  if (setup.cod) {
    merchants.saveCod({ id, enable_cod: setup.cod.enabled, cod_max_cart_value_paise: setup.cod.maxCartValuePaise ?? null, cod_blocked_pincodes: setup.cod.blockedPincodes ?? [] });
  }
  return id;
}

export interface SessionSetup {
  cartValuePaise?: number | null;
  /** When set, the session has completed the address step with this pincode. */
  pincode?: string;
}

/** A verified session (and buyer) for `merchantId`; returns the clear token and ids. */
export function createSession(db: Db, merchantId: string, setup: SessionSetup = {}): { token: string; sessionId: string; buyerId: string } {
  const now = new Date().toISOString();
  const buyerId = new BuyerRepository(db).findOrCreateByEmail(merchantId, `buyer+${Math.random().toString(36).slice(2)}@example.com`, now);
  const token = randomToken('cs_');
  const sessionId = `ses_${Math.random().toString(36).slice(2)}`;
  const sessions = new SessionRepository(db);
  sessions.insert({
    id: sessionId,
    merchant_id: merchantId,
    buyer_id: buyerId,
    token_hash: sha256(token),
    email: 'buyer@example.com',
    cart_value_paise: setup.cartValuePaise ?? null,
    utm: {},
    created_at: now,
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  if (setup.pincode) {
    const fields = { name: 'A Buyer', phone: null, line1: '1 MG Road', line2: null, landmark: null, city: 'Bengaluru', state: 'Karnataka', pincode: setup.pincode, country: 'IN' };
    const addressId = new AddressRepository(db).insert(merchantId, buyerId, fields, true, now);
    sessions.markAddressCompleted(merchantId, sessionId, addressId, now);
  }
  return { token, sessionId, buyerId };
}
