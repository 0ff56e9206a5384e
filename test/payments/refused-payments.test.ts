// A payment the gateway took that completes nothing (the session was paid already, by another order or COD, or the
// merchant's cart changed) is money the merchant owes back: the refusal says refund_required, and the order page
// keeps which payment it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, ok } from '../checkout/support.ts';
import {
  buyerSession,
  configureShop,
  payAtGateway,
  payInTwoTabs,
  payOrder,
  startWorld,
  type Buyer,
  type World,
} from './support/shop.ts';

const keys = { keyId: 'rzp_test_refused', keySecret: 'sk_refused_secret' };
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

const modeB = () => configureShop(w.h, { payment: keys, cod: { enabled: true } });
const verify = (b: Buyer, p: object) => w.h.payment(b.token, { action: 'verify', ...p });
const orderPage = async (key: string, sessionId: string) =>
  dataOf(await w.h.admin('GET', 'session', key, undefined, `session_id=${sessionId}`));

describe('a signed payment that completes nothing', () => {
  it('a second order paid in another tab: 409 refund_required, kept on its order, however often sent', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 50_000, pincode: '560001' });
    const [first, second] = await payInTwoTabs(w, b.token);
    ok(await verify(b, first), 'first verify');
    const refused = await verify(b, second);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'session_already_paid',
      refund_required: true,
      gateway_order_id: second.gateway_order_id,
      gateway_payment_id: second.gateway_payment_id,
    });
    expect(refused.body.message).toMatch(/refund/);
    expect((await verify(b, second)).body).toEqual(refused.body);

    const page = await orderPage(shop.key, b.sessionId);
    const byId = Object.fromEntries(page.orders.map((o: { gateway_order_id: string }) => [o.gateway_order_id, o]));
    expect(byId[first.gateway_order_id].refused_payments).toEqual([]);
    expect(byId[second.gateway_order_id].refused_payments).toEqual([
      {
        gateway_payment_id: second.gateway_payment_id,
        reason: 'session_already_paid',
        refused_at: expect.any(String),
        refunded_at: null,
        refunded_by: null,
        refund_reference: null,
      },
    ]);
    expect(page.session.payment).toMatchObject({ gateway_payment_id: first.gateway_payment_id });
    const refunds = page.timeline.filter((t: { event: string }) => t.event === 'payment_refused');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].detail).toContain(second.gateway_payment_id);

    // The orders list says which orders owe a refund, and lists only those when asked.
    const listed = async (query: string) =>
      dataOf(await w.h.admin('GET', 'sessions', shop.key, undefined, query)).sessions as Array<{
        id: string;
        refunds_due: number;
        refund_due_paise: number;
      }>;
    expect((await listed('')).find((s) => s.id === b.sessionId)).toMatchObject({
      refunds_due: 1,
      refund_due_paise: 50_000,
    });
    expect(page.session.refunds_due).toBe(1);
    const paidOnce = await buyerSession(w.h, shop, { cartValuePaise: 50_000, pincode: '560001' });
    ok(await verify(paidOnce, await payAtGateway(w, paidOnce.token)), 'paid once');
    expect((await listed('')).find((s) => s.id === paidOnce.sessionId)).toMatchObject({
      refunds_due: 0,
      refund_due_paise: 0,
    });
    expect((await listed('refund_due=true')).map((s) => s.id)).toEqual([b.sessionId]);
    expect((await listed('refund_due=false')).map((s) => s.id).sort()).toEqual(
      [b.sessionId, paidOnce.sessionId].sort(),
    );
  });

  it('a payment taken after COD was recorded is refused and kept the same way', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 40_000, pincode: '560001' });
    // Paid after COD: a payment made before it would be settled by record_cod instead (earlier-orders.ts).
    const order = ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod');
    const paid = payOrder(w, order.gateway_order_id as string);
    expect((await verify(b, paid)).body).toMatchObject({
      code: 'session_already_paid',
      payment_method: 'cod',
      refund_required: true,
      gateway_payment_id: paid.gateway_payment_id,
    });
    const page = await orderPage(shop.key, b.sessionId);
    expect(page.orders[0].refused_payments).toMatchObject([{ gateway_payment_id: paid.gateway_payment_id }]);
    expect(page.session.payment.method).toBe('cod');
  });

  it('a payment for a cart the merchant has changed since is kept as amount_mismatch', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    ok(
      await w.h.admin('POST', 'set_session_cart', shop.key, { session_id: b.sessionId, cart_value_paise: 99_900 }),
      'cart',
    );
    expect((await verify(b, paid)).body).toMatchObject({ code: 'amount_mismatch', refund_required: true });
    const page = await orderPage(shop.key, b.sessionId);
    expect(page.orders[0].refused_payments).toMatchObject([
      { gateway_payment_id: paid.gateway_payment_id, reason: 'amount_mismatch' },
    ]);
    // The merchant sets the cart back: the same payment now completes the session, and no refund is owed for it.
    ok(
      await w.h.admin('POST', 'set_session_cart', shop.key, { session_id: b.sessionId, cart_value_paise: 10_000 }),
      'cart back',
    );
    ok(await verify(b, paid), 'verify again');
    const after = await orderPage(shop.key, b.sessionId);
    expect(after.orders[0].refused_payments).toEqual([]);
    expect(after.timeline.filter((t: { event: string }) => t.event === 'payment_refused')).toEqual([]);
  });

  it('keeps every refused payment of one order, each found by its id', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    const firstOrder = ok(await w.h.payment(b.token, { action: 'create_order' }), 'first tab');
    const order = ok(await w.h.payment(b.token, { action: 'create_order' }), 'second tab') as never;
    ok(await verify(b, payOrder(w, firstOrder.gateway_order_id as string)), 'paid');
    // The buyer pays the one order twice (two attempts at the gateway): two payments, two refunds.
    const signed = [w.emulator.pay(order['gateway_order_id']), w.emulator.pay(order['gateway_order_id'])].map((p) => ({
      gateway_order_id: p.razorpay_order_id,
      gateway_payment_id: p.razorpay_payment_id,
      gateway_signature: p.razorpay_signature,
    }));
    for (const payment of signed) expect((await verify(b, payment)).body.code).toBe('session_already_paid');
    const page = await orderPage(shop.key, b.sessionId);
    const refused = page.orders.flatMap((o: { refused_payments: Array<{ gateway_payment_id: string }> }) =>
      o.refused_payments.map((r) => r.gateway_payment_id),
    );
    expect(refused.sort()).toEqual(signed.map((p) => p.gateway_payment_id).sort());
    for (const payment of signed) {
      const q = `q=${payment.gateway_payment_id}`;
      const found = dataOf(await w.h.admin('GET', 'sessions', shop.key, undefined, q)).sessions;
      expect(found.map((s: { id: string }) => s.id)).toEqual([b.sessionId]);
    }
  });

  it('a signature that does not match keeps nothing: it proves no payment', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    const order = ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod');
    const paid = payOrder(w, order.gateway_order_id as string);
    const forged = { ...paid, gateway_signature: '0'.repeat(64) };
    expect((await verify(b, forged)).body).toMatchObject({ code: 'invalid_signature' });
    expect((await orderPage(shop.key, b.sessionId)).orders[0].refused_payments).toEqual([]);
  });
});

describe('finding an order by what the buyer quotes from the gateway', () => {
  it('lists the session of a gateway order id, its payment id or a refused one; exactly, for its shop', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000 });
    const [first, second] = await payInTwoTabs(w, b.token);
    ok(await verify(b, first), 'verify');
    await verify(b, second);
    const found = async (q: string, key = shop.key) =>
      dataOf(await w.h.admin('GET', 'sessions', key, undefined, `q=${encodeURIComponent(q)}`)).sessions.map(
        (s: { id: string }) => s.id,
      );
    for (const id of [first.gateway_order_id, first.gateway_payment_id, second.gateway_order_id])
      expect(await found(id), id).toEqual([b.sessionId]);
    expect(await found(` ${second.gateway_payment_id} `)).toEqual([b.sessionId]);
    // Gateway ids are compared as written, and another shop's key finds nothing.
    expect(await found(first.gateway_payment_id.toLowerCase())).toEqual([]);
    const other = await modeB();
    expect(await found(first.gateway_payment_id, other.key)).toEqual([]);
  });
});
