// The cart the merchant fixed is what completes a session: a smaller payment, a COD amount or a cart changed mid-payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorCode, ok, scalar } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, hooksFor, startWorld, type World } from './support/shop.ts';

const keys = { keyId: 'rzp_test_cart', keySecret: 'sk_cart_secret' };
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

const modeB = (cod: { maxCartValuePaise?: number } = {}) =>
  configureShop(w.h, {
    payment: keys,
    webhook: { url: w.receiver.url, secret: 'whsec_cart_0123456789' },
    cod: { enabled: true, ...cod },
  });
const pay = (token: string, body: unknown) => w.h.payment(token, body);
const setCart = (key: string, sessionId: string, paise: number) =>
  w.h.admin('POST', 'set_session_cart', key, { session_id: sessionId, cart_value_paise: paise });
const completions = (sessionId: string) =>
  scalar(w.h.sql, "SELECT COUNT(*) FROM webhook_outbox WHERE event = 'session.completed' AND payload LIKE ?", [
    `%${sessionId}%`,
  ]);
const payments = (sessionId: string) =>
  scalar(w.h.sql, 'SELECT COUNT(*) FROM session_payments WHERE session_id = ?', [sessionId]);
const status = (sessionId: string) => scalar(w.h.sql, 'SELECT status FROM checkout_sessions WHERE id = ?', [sessionId]);

/** The buyer pays `amount` at the gateway; returns verify's body. */
async function paidOrder(token: string, amount: number) {
  const order = ok(await pay(token, { action: 'create_order', amount_paise: amount }), 'create_order');
  const p = w.emulator.pay(order.gateway_order_id as string);
  return {
    action: 'verify',
    gateway_order_id: p.razorpay_order_id,
    gateway_payment_id: p.razorpay_payment_id,
    gateway_signature: p.razorpay_signature,
  };
}

describe('a gateway payment completes a session only for the cart the merchant fixed', () => {
  it('refuses a payment smaller than a cart fixed after the order: 409, nothing completes, no event, refund named', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop);
    const verify = await paidOrder(s.token, 100);
    ok(await setCart(shop.key, s.sessionId, 129_900), 'set_session_cart');
    const res = await pay(s.token, verify);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'amount_mismatch',
      amount_paise: 100,
      cart_value_paise: 129_900,
      refund_required: true,
      gateway_order_id: verify.gateway_order_id,
      gateway_payment_id: verify.gateway_payment_id,
    });
    expect(res.body.message).toMatch(/refund/);
    // A retry is refused the same way and still writes nothing.
    expect(errorCode(await pay(s.token, verify))).toBe('amount_mismatch');
    expect([await payments(s.sessionId), await completions(s.sessionId), await status(s.sessionId)]).toEqual([
      0,
      0,
      'address_completed',
    ]);
  });

  it('completes a payment equal to the fixed cart; session.completed carries the amount paid and the cart', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop);
    const verify = await paidOrder(s.token, 49_900);
    ok(await setCart(shop.key, s.sessionId, 49_900), 'set_session_cart');
    ok(await pay(s.token, verify), 'verify');
    await eventually(() => hooksFor(w.receiver, s.sessionId).some((x) => x.body.event === 'session.completed'));
    const hook = hooksFor(w.receiver, s.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(hook.body.data).toEqual({
      payment_method: 'gateway',
      gateway_order_id: verify.gateway_order_id,
      gateway_payment_id: verify.gateway_payment_id,
      amount_paise: 49_900,
      cart_value_paise: 49_900,
      cart_value_source: 'merchant',
      offer: null,
    });
    // A paid session's cart cannot be changed afterwards.
    expect(errorCode(await setCart(shop.key, s.sessionId, 1))).toBe('session_completed');
  });

  it('without a merchant cart, completes for what was paid and says the cart is unknown', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop);
    ok(await pay(s.token, await paidOrder(s.token, 31_400)), 'verify');
    await eventually(() => hooksFor(w.receiver, s.sessionId).some((x) => x.body.event === 'session.completed'));
    const hook = hooksFor(w.receiver, s.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(hook.body.data).toMatchObject({ amount_paise: 31_400, cart_value_paise: null, cart_value_source: null });
  });
});

describe('COD under a cart cap, from the document alone', () => {
  it('takes amount_paise on record_cod and checks the cap against it', async () => {
    const shop = await modeB({ maxCartValuePaise: 100_000 });
    const under = await buyerSession(w.h, shop, { pincode: '560001' });
    expect((await pay(under.token, { action: 'record_cod', amount_paise: 60_000 })).body).toEqual({
      success: true,
      payment_method: 'cod',
    });
    await eventually(() => hooksFor(w.receiver, under.sessionId).some((x) => x.body.event === 'session.completed'));
    const hook = hooksFor(w.receiver, under.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(hook.body.data).toEqual({
      payment_method: 'cod',
      amount_paise: 60_000,
      cart_value_paise: null,
      cart_value_source: null,
      offer: null,
    });
    const over = await buyerSession(w.h, shop, { pincode: '560001' });
    expect((await pay(over.token, { action: 'record_cod', amount_paise: 150_000 })).body).toMatchObject({
      code: 'cod_not_available',
      reason: 'cart_value_exceeds_limit',
    });
    expect((await pay(over.token, { action: 'record_cod' })).body).toMatchObject({
      code: 'cod_not_available',
      reason: 'cart_value_unknown',
    });
    expect(await payments(over.sessionId)).toBe(0);
  });

  it('lets the fixed cart win: a different amount_paise is 409, the cap is checked against the cart', async () => {
    const shop = await modeB({ maxCartValuePaise: 100_000 });
    const s = await buyerSession(w.h, shop, { pincode: '560001', cartValuePaise: 120_000 });
    expect(errorCode(await pay(s.token, { action: 'record_cod', amount_paise: 50_000 }))).toBe('amount_mismatch');
    expect((await pay(s.token, { action: 'record_cod', amount_paise: 120_000 })).body).toMatchObject({
      reason: 'cart_value_exceeds_limit',
    });
    ok(await setCart(shop.key, s.sessionId, 80_000), 'lower cart');
    expect((await pay(s.token, { action: 'record_cod' })).body).toEqual({ success: true, payment_method: 'cod' });
    expect(await scalar(w.h.sql, 'SELECT amount_paise FROM session_payments WHERE session_id = ?', [s.sessionId])).toBe(
      80_000,
    );
  });

  it('answers cod_eligibility for amount_paise the same way', async () => {
    const shop = await modeB({ maxCartValuePaise: 100_000 });
    const s = await buyerSession(w.h, shop, { pincode: '560001' });
    expect(dataOf(await w.h.addresses(s.token, { action: 'cod_eligibility', amount_paise: 90_000 }))).toMatchObject({
      eligible: true,
      cart_value_paise: 90_000,
    });
    expect(dataOf(await w.h.addresses(s.token, { action: 'cod_eligibility', amount_paise: 190_000 }))).toMatchObject({
      eligible: false,
      reason: 'cart_value_exceeds_limit',
    });
    ok(await setCart(shop.key, s.sessionId, 70_000), 'cart');
    expect(dataOf(await w.h.addresses(s.token, { action: 'cod_eligibility' }))).toMatchObject({
      eligible: true,
      cart_value_paise: 70_000,
      cart_value_source: 'merchant',
    });
    expect(errorCode(await w.h.addresses(s.token, { action: 'cod_eligibility', amount_paise: 90_000 }))).toBe(
      'amount_mismatch',
    );
  });
});
