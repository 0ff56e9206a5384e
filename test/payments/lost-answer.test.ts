// A buyer pays, and the tab loses the answer (a reload mid-payment, an app switch to UPI, a dropped network) before
// verify: asking to pay again, or choosing cash on delivery instead, settles the earlier payment instead of charging
// twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, ok } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, hooksFor, startWorld, type World } from './support/shop.ts';

const keys = { keyId: 'rzp_test_lost', keySecret: 'sk_lost_answer_secret' };
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

describe('a payment whose answer the tab lost', () => {
  it('is settled when the buyer asks to pay again: no second order, the session completes once', async () => {
    const shop = await configureShop(w.h, { payment: keys, webhook: { url: w.receiver.url } });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 134_910, pincode: '400050' });
    const first = ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    const paid = w.emulator.pay(first.gateway_order_id as string);
    const ordersBefore = w.emulator.requests.filter((r) => r === 'POST /v1/orders').length;

    const again = await w.h.payment(b.token, { action: 'create_order' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'session_already_paid',
      payment_method: 'gateway',
      payment: {
        gateway_order_id: first.gateway_order_id,
        gateway_payment_id: paid.razorpay_payment_id,
        amount_paise: 134_910,
      },
    });
    expect(again.body.refund_required).toBeUndefined();
    expect(w.emulator.requests.filter((r) => r === 'POST /v1/orders').length).toBe(ordersBefore);

    const page = dataOf(await w.h.admin('GET', 'session', shop.key, undefined, `session_id=${b.sessionId}`));
    expect(page.session).toMatchObject({ status: 'completed', payment: { status: 'paid' }, refunds_due: 0 });
    await eventually(() => hooksFor(w.receiver, b.sessionId).some((x) => x.body.event === 'session.completed'));
    expect(hooksFor(w.receiver, b.sessionId).filter((x) => x.body.event === 'session.completed')).toHaveLength(1);
    // The lost verify arriving late agrees.
    const late = await w.h.payment(b.token, {
      action: 'verify',
      gateway_order_id: paid.razorpay_order_id,
      gateway_payment_id: paid.razorpay_payment_id,
      gateway_signature: paid.razorpay_signature,
    });
    expect(late.status).toBe(200);
  });

  it('is settled when the buyer then chooses cash on delivery: no COD order, the session paid online once', async () => {
    const shop = await configureShop(w.h, { payment: keys, cod: { enabled: true }, webhook: { url: w.receiver.url } });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 134_910, pincode: '560034' });
    const first = ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    const paid = w.emulator.pay(first.gateway_order_id as string);

    const cod = await w.h.payment(b.token, { action: 'record_cod' });
    expect([cod.status, cod.body.code, cod.body.payment_method]).toEqual([409, 'session_already_paid', 'gateway']);
    expect(cod.body.payment).toMatchObject({ gateway_payment_id: paid.razorpay_payment_id, amount_paise: 134_910 });
    expect(cod.body.refund_required).toBeUndefined();
    const page = dataOf(await w.h.admin('GET', 'session', shop.key, undefined, `session_id=${b.sessionId}`));
    expect(page.session).toMatchObject({ payment: { method: 'gateway', status: 'paid' }, refunds_due: 0 });
    await eventually(() => hooksFor(w.receiver, b.sessionId).some((x) => x.body.event === 'session.completed'));
    const completed = hooksFor(w.receiver, b.sessionId).filter((x) => x.body.event === 'session.completed');
    expect(completed.map((x) => x.body.data.payment_method)).toEqual(['gateway']);
  });

  it('an order made and left unpaid does not stand in the way of cash on delivery', async () => {
    const shop = await configureShop(w.h, { payment: keys, cod: { enabled: true } });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    expect(ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod').payment_method).toBe('cod');
  });

  it('an earlier order never paid does not stand in the way of a new one', async () => {
    const shop = await configureShop(w.h, { payment: keys });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const first = ok(await w.h.payment(b.token, { action: 'create_order' }), 'first');
    const second = ok(await w.h.payment(b.token, { action: 'create_order' }), 'second');
    expect(second.gateway_order_id).not.toBe(first.gateway_order_id);
  });
});
