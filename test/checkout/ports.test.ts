// The adapters payments and the webhook dispatcher use: sessions by token, decrypted keys, COD decisions, webhook targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutModule } from '../../src/checkout/module.ts';
import { checkoutPorts, webhookTargetLookup } from '../../src/checkout/ports.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
let shop: { id: string; key: string };
beforeAll(async () => {
  h = await startHarness();
  shop = h.merchant();
});
afterAll(async () => h.dispose());

const patch = (action: string, body: unknown) => h.call('PATCH', `/checkout-admin?action=${action}`, { headers: { 'x-api-key': shop.key }, body });

describe('checkoutPorts', () => {
  it('resolves session tokens, decrypts gateway keys and applies the COD rules to the selected address', async () => {
    const ports = checkoutPorts(checkoutModule(h.server.ctx));
    const login = await h.login(shop.id, 'pay@example.com', { cart_value_paise: 50_000 });
    const session = ports.sessionByToken(login.session_token)!;
    expect(session).toEqual({ sessionId: login.session_id, merchantId: shop.id, buyerId: login.buyer_id, authChannel: 'email', cartValuePaise: 50_000, abandoned: false });
    expect(ports.sessionByToken('cst_nope')).toBeNull();

    expect(ports.paymentConfig(shop.id)).toEqual({ enabled: false, keyId: null, keySecret: null });
    await patch('set_payment_config', { gateway_key_id: 'rzp_test_k', gateway_secret_key: 'shh-secret' });
    expect(ports.paymentConfig(shop.id)).toEqual({ enabled: true, keyId: 'rzp_test_k', keySecret: 'shh-secret' });
    expect(ports.paymentConfig('mer_unknown')).toBeNull();

    expect(ports.codDecision(session)).toMatchObject({ allowed: false, reason: 'cod_disabled' });
    await patch('cod_config', { enable_cod: true, cod_blocked_pincodes: ['560001'] });
    const address = { line1: '1 MG Road', city: 'Bengaluru', pincode: '560001' };
    const created = await h.call('POST', '/checkout-addresses', { headers: { 'x-session-token': login.session_token }, body: { action: 'create', address } });
    await h.call('POST', '/checkout-addresses', { headers: { 'x-session-token': login.session_token }, body: { action: 'address_completed', address_id: created.body.address.id } });
    expect(ports.codDecision(session)).toEqual({ allowed: false, reason: 'pincode_blocked', message: expect.any(String) });
    await patch('cod_config', { cod_blocked_pincodes: [] });
    expect(ports.codDecision(session)).toEqual({ allowed: true });
    await h.call('POST', '/checkout-addresses', { headers: { 'x-session-token': login.session_token }, body: { action: 'abandon' } });
    expect(ports.sessionByToken(login.session_token)?.abandoned).toBe(true);
  });
});

describe('webhookTargetLookup', () => {
  it('returns the url and the decrypted secret, or null for an unknown merchant', async () => {
    const lookup = webhookTargetLookup(checkoutModule(h.server.ctx));
    expect(lookup(shop.id)).toEqual({ url: null, secret: null });
    await patch('webhooks', { webhook_url: 'https://shop.example/hooks', webhook_secret: 'whsec_abcdefghijklmnop' });
    expect(lookup(shop.id)).toEqual({ url: 'https://shop.example/hooks', secret: 'whsec_abcdefghijklmnop' });
    expect(lookup('mer_unknown')).toBeNull();
  });
});
