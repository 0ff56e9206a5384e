// The offer a payment took off the cart is recorded with it: session.completed names it, and so does the merchant's
// order; an amount no offer explains records none, so a discount is told apart from an amount someone changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, ok, type Shop } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, hooksFor, payAtGateway, startWorld, type World } from './support/shop.ts';

const keys = { keyId: 'rzp_test_offers', keySecret: 'sk_offers_paid_secret' };
let w: World;
let shop: Shop;
let flat: { id: string; title: string };
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
  shop = await configureShop(w.h, {
    payment: keys,
    webhook: { url: w.receiver.url, secret: 'whsec_offers_0123456789' },
    cod: { enabled: true },
  });
  const create = { action: 'create', title: 'Flat ₹50 off', discount_type: 'flat', discount_value: 5_000 };
  flat = dataOf(await w.h.call('POST', '/checkout-offers', { headers: { 'x-api-key': shop.key }, body: create }));
});
afterAll(async () => w?.dispose());

/** A buyer whose widget reported a ₹500 cart (the offer's banner shows for it). */
async function shopper() {
  const b = await buyerSession(w.h, shop, { pincode: '560001' });
  ok(await w.h.addresses(b.token, { action: 'update_session', cart_value_paise: 50_000 }), 'cart');
  const banner = dataOf(await w.h.call('GET', '/checkout-offers', { headers: { 'x-session-token': b.token } }));
  expect(banner).toMatchObject({ id: flat.id });
  return b;
}

const completedData = async (sessionId: string) => {
  await eventually(() => hooksFor(w.receiver, sessionId).some((x) => x.body.event === 'session.completed'));
  return hooksFor(w.receiver, sessionId).find((x) => x.body.event === 'session.completed')!.body.data;
};
const orderPayment = async (sessionId: string) =>
  dataOf(await w.h.admin('GET', 'session', shop.key, undefined, `session_id=${sessionId}`)).session.payment;

describe('the offer a payment took off the cart', () => {
  it('is recorded with cash on delivery for the cart less its discount', async () => {
    const b = await shopper();
    ok(await w.h.payment(b.token, { action: 'record_cod', amount_paise: 45_000 }), 'record_cod');
    const offer = { id: flat.id, title: 'Flat ₹50 off', discount_paise: 5_000 };
    expect(await completedData(b.sessionId)).toMatchObject({ amount_paise: 45_000, cart_value_paise: 50_000, offer });
    expect(await orderPayment(b.sessionId)).toMatchObject({ method: 'cod', amount_paise: 45_000, offer });
    const listed = dataOf(await w.h.admin('GET', 'sessions', shop.key, undefined, `q=${b.sessionId}`)).sessions;
    expect(listed[0].payment.offer).toEqual(offer);
  });

  it('is recorded with a gateway payment made for the discounted amount', async () => {
    const b = await shopper();
    const signed = await payAtGateway(w, b.token, 45_000);
    ok(await w.h.payment(b.token, { action: 'verify', ...signed }), 'verify');
    expect((await completedData(b.sessionId)).offer).toMatchObject({ id: flat.id, discount_paise: 5_000 });
    expect((await orderPayment(b.sessionId)).offer).toMatchObject({ id: flat.id, discount_paise: 5_000 });
  });

  it("is the one shown when the order was made, though its window closed before the payment's answer came", async () => {
    const soon = new Date(Date.now() + 2_000).toISOString();
    const create = { action: 'create', title: 'Flash ₹70 off', discount_type: 'flat', discount_value: 7_000 };
    const flash = dataOf(
      await w.h.call('POST', '/checkout-offers', {
        headers: { 'x-api-key': shop.key },
        body: { ...create, priority: 10, ends_at: soon },
      }),
    );
    const b = await buyerSession(w.h, shop, { pincode: '560001' });
    ok(await w.h.addresses(b.token, { action: 'update_session', cart_value_paise: 50_000 }), 'cart');
    const signed = await payAtGateway(w, b.token, 43_000);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 200));
    ok(await w.h.payment(b.token, { action: 'verify', ...signed }), 'verify');
    expect((await orderPayment(b.sessionId)).offer).toMatchObject({ id: flash.id, discount_paise: 7_000 });
  });

  it('is the one shown when the order was made, though the merchant switched it off before the payment', async () => {
    const create = { action: 'create', title: 'Weekend ₹60 off', discount_type: 'flat', discount_value: 6_000 };
    const weekend = dataOf(
      await w.h.call('POST', '/checkout-offers', {
        headers: { 'x-api-key': shop.key },
        body: { ...create, priority: 20 },
      }),
    );
    const b = await buyerSession(w.h, shop, { pincode: '560001' });
    ok(await w.h.addresses(b.token, { action: 'update_session', cart_value_paise: 50_000 }), 'cart');
    const signed = await payAtGateway(w, b.token, 44_000);
    const off = { action: 'update', offer_id: weekend.id, active: false };
    ok(await w.h.call('POST', '/checkout-offers', { headers: { 'x-api-key': shop.key }, body: off }), 'switch off');
    ok(await w.h.payment(b.token, { action: 'verify', ...signed }), 'verify');
    const offer = { id: weekend.id, title: 'Weekend ₹60 off', discount_paise: 6_000 };
    expect((await completedData(b.sessionId)).offer).toEqual(offer);
    expect((await orderPayment(b.sessionId)).offer).toEqual(offer);
  });

  it('is matched when paid for an order made before orders recorded their offer', async () => {
    const b = await shopper();
    const signed = await payAtGateway(w, b.token, 45_000);
    await w.h.server.parts.sql.run(
      'UPDATE payment_orders SET offer_id = NULL, discount_paise = NULL WHERE session_id = ?',
      [b.sessionId],
    );
    ok(await w.h.payment(b.token, { action: 'verify', ...signed }), 'verify');
    expect((await orderPayment(b.sessionId)).offer).toMatchObject({ id: flat.id, discount_paise: 5_000 });
  });

  it('is none when the amount is not the cart less the offer, or is the whole cart', async () => {
    const other = await shopper();
    ok(await w.h.payment(other.token, { action: 'record_cod', amount_paise: 47_000 }), 'record_cod');
    expect((await completedData(other.sessionId)).offer).toBeNull();
    expect((await orderPayment(other.sessionId)).offer).toBeNull();
    const full = await shopper();
    ok(await w.h.payment(full.token, { action: 'record_cod', amount_paise: 50_000 }), 'record_cod');
    expect((await completedData(full.sessionId)).offer).toBeNull();
  });
});
