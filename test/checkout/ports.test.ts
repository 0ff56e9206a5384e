// What the checkout feature lends the rest of the app: where a merchant's webhooks go (secret decrypted), and sealed secrets opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, scalar, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let shop: Shop;
beforeAll(async () => {
  h = await startHarness();
  shop = await h.merchant();
});
afterAll(async () => h.dispose());

describe('checkout.webhookTarget', () => {
  it('returns the url and the decrypted secret set through the admin API, or null for an unknown merchant', async () => {
    const checkout = h.server.parts.checkout;
    expect(await checkout.webhookTarget(shop.id)).toEqual({ url: null, secret: null });
    await h.admin('PATCH', 'webhooks', shop.key, {
      webhook_url: 'https://shop.example/hooks',
      webhook_secret: 'whsec_abcdefghijklmnop',
    });
    expect(await checkout.webhookTarget(shop.id)).toEqual({
      url: 'https://shop.example/hooks',
      secret: 'whsec_abcdefghijklmnop',
    });
    expect(await checkout.webhookTarget(MISSING_ID)).toBeNull();
  });
});

describe('checkout.paymentPorts.decrypt', () => {
  it('opens the gateway secret the admin API sealed', async () => {
    await h.admin('PATCH', 'set_payment_config', shop.key, {
      gateway_key_id: 'rzp_test_k',
      gateway_secret_key: 'shh-secret',
    });
    const sealed = await scalar<string>(h.sql, 'SELECT gateway_secret_enc FROM merchants WHERE id = ?', [shop.id]);
    expect(sealed).not.toContain('shh-secret');
    expect(h.server.parts.checkout.paymentPorts.decrypt(sealed)).toBe('shh-secret');
  });
});
