// The merchant replaces its gateway key while a buyer pays: the order was signed with the old secret, no longer held,
// so the gateway is asked with the new key (one account) to confirm the payment, by verify and by the reconciler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, ok } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, payAtGateway, startWorld, type World } from './support/shop.ts';

const old = { keyId: 'rzp_live_old', keySecret: 'old_secret_0123' };
const renewed = { keyId: 'rzp_live_new', keySecret: 'new_secret_4567' };
const testMode = { keyId: 'rzp_test_other', keySecret: 'test_secret_89ab' };
let w: World;
beforeAll(async () => {
  const keys = Object.fromEntries([old, renewed, testMode].map((k) => [k.keyId, k.keySecret]));
  // The old and the new key are one account; the test-mode key another.
  w = await startWorld(keys, { GATEWAY_CHECK_AFTER_MS: '300', GATEWAY_CHECK_POLL_MS: '50' }, [
    [old.keyId, renewed.keyId],
  ]);
});
afterAll(async () => w.dispose());

const setKey = async (shopKey: string, k: { keyId: string; keySecret: string }) =>
  ok(
    await w.h.admin('PATCH', 'set_payment_config', shopKey, {
      gateway_key_id: k.keyId,
      gateway_secret_key: k.keySecret,
      payment_enabled: true,
    }),
    'rotate',
  );
const paidVia = async (shopKey: string, sessionId: string) =>
  dataOf(await w.h.admin('GET', 'session', shopKey, undefined, `session_id=${sessionId}`)).session.payment;

describe('a payment for an order made with the key the merchant has since replaced', () => {
  it('verify confirms it with the gateway and records it; a payment the gateway does not know is refused', async () => {
    const shop = await configureShop(w.h, { payment: old });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 61_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    const other = await payAtGateway(w, b.token);
    await setKey(shop.key, renewed);

    // Another order's payment, with its valid signature, is not a payment of this order.
    const forged = {
      ...paid,
      gateway_payment_id: other.gateway_payment_id,
      gateway_signature: other.gateway_signature,
    };
    const refused = await w.h.payment(b.token, { action: 'verify', ...forged });
    expect([refused.status, refused.body.code]).toEqual([400, 'payment_not_confirmed']);
    expect(refused.body.message).toContain(old.keyId);

    const verified = ok(await w.h.payment(b.token, { action: 'verify', ...paid }), 'verify');
    expect(verified).toMatchObject({ payment_method: 'gateway', gateway_payment_id: paid.gateway_payment_id });
    expect(await paidVia(shop.key, b.sessionId)).toMatchObject({
      status: 'paid',
      gateway_payment_id: paid.gateway_payment_id,
    });
  });

  it('test keys replaced by another account: the gateway knows no such order, nothing is recorded', async () => {
    const shop = await configureShop(w.h, { payment: testMode });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    await setKey(shop.key, renewed);
    const refused = await w.h.payment(b.token, { action: 'verify', ...paid });
    expect([refused.status, refused.body.code]).toEqual([400, 'payment_not_confirmed']);
    expect((await paidVia(shop.key, b.sessionId)).status).toBe('order_created');
  });

  it('paid, never verified, key replaced: the reconciler asks with the new key and records it', async () => {
    const shop = await configureShop(w.h, { payment: old });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 33_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    await setKey(shop.key, renewed);
    await eventually(async () => (await paidVia(shop.key, b.sessionId)).status === 'paid', 5000);
    expect((await paidVia(shop.key, b.sessionId)).gateway_payment_id).toBe(paid.gateway_payment_id);
  });
});
