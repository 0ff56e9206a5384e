// /checkout-payment over the real app: the prepaid flow through the gateway emulator to a signed session.completed, idempotency, carts, Mode A.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verified } from '../support/verified.ts';
import { dataOf, errorCode, MISSING_ID, ok, scalar } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, hooksFor, payAtGateway, startWorld, type World } from './support/shop.ts';

const keys = { keyId: 'rzp_test_b', keySecret: 'sk_b_secret' };
const WEBHOOK_SECRET = 'whsec_pay_0123456789';
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

const modeB = () =>
  configureShop(w.h, {
    payment: keys,
    webhook: { url: w.receiver.url, secret: WEBHOOK_SECRET },
    cod: { enabled: true },
  });
const pay = (token: string | null, body: unknown) => w.h.payment(token, body);
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('prepaid (Mode B)', () => {
  it('creates an order for the merchant-set cart, verifies the signed payment and sends one signed session.completed', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 129_900 });
    const order = await pay(s.token, { action: 'create_order', amount_paise: 129_900 });
    expect(order.body).toEqual({
      success: true,
      gateway_order_id: expect.stringMatching(/^order_/),
      gateway_key_id: keys.keyId,
      amount_paise: 129_900,
      currency: 'INR',
    });
    const p = w.emulator.pay(order.body.gateway_order_id);
    const verify = {
      action: 'verify',
      gateway_order_id: p.razorpay_order_id,
      gateway_payment_id: p.razorpay_payment_id,
      gateway_signature: p.razorpay_signature,
    };
    const res = await pay(s.token, verify);
    expect(res.body).toEqual({
      success: true,
      payment_method: 'gateway',
      gateway_order_id: p.razorpay_order_id,
      gateway_payment_id: p.razorpay_payment_id,
    });
    // A repeat of the same payment (a double click, a retried request) answers the same and records nothing more.
    expect((await pay(s.token, verify)).body).toEqual(res.body);

    await eventually(() => hooksFor(w.receiver, s.sessionId).some((x) => x.body.event === 'session.completed'));
    await settle();
    const completed = hooksFor(w.receiver, s.sessionId).filter((x) => x.body.event === 'session.completed');
    expect(completed).toHaveLength(1);
    const [hook] = completed;
    expect(hook!.headers['x-service-event']).toBe('session.completed');
    expect(verified(hook!.raw, hook!.headers, WEBHOOK_SECRET)).toBe(true);
    expect(hook!.body).toEqual({
      event: 'session.completed',
      merchant_id: shop.id,
      buyer_id: s.buyerId,
      session_id: s.sessionId,
      auth_channel: 'email',
      timestamp: expect.any(String),
      data: {
        payment_method: 'gateway',
        gateway_order_id: p.razorpay_order_id,
        gateway_payment_id: p.razorpay_payment_id,
        amount_paise: 129_900,
        cart_value_paise: 129_900,
        cart_value_source: 'merchant',
        offer: null,
      },
    });
    expect(await scalar(w.h.sql, 'SELECT COUNT(*) FROM session_payments WHERE session_id = ?', [s.sessionId])).toBe(1);
    expect(
      await scalar(
        w.h.sql,
        "SELECT COUNT(*) FROM webhook_outbox WHERE event = 'session.completed' AND merchant_id = ?",
        [shop.id],
      ),
    ).toBe(1);
    const [listed] = dataOf(await w.h.admin('GET', 'sessions', shop.key)).sessions;
    expect(listed).toMatchObject({
      id: s.sessionId,
      status: 'completed',
      completed_at: expect.any(String),
      payment: {
        method: 'gateway',
        status: 'paid',
        gateway_order_id: p.razorpay_order_id,
        gateway_payment_id: p.razorpay_payment_id,
        amount_paise: 129_900,
        paid_at: expect.any(String),
      },
    });
  });

  it('answers a forged signature with 400 and records and sends nothing', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    const signed = await payAtGateway(w, s.token);
    for (const forged of [{ gateway_payment_id: 'pay_forged000000000' }, { gateway_signature: '0'.repeat(64) }]) {
      const res = await pay(s.token, { action: 'verify', ...signed, ...forged });
      expect(res).toMatchObject({
        status: 400,
        body: {
          success: false,
          error: 'Bad Request',
          message: 'Payment signature does not match',
          code: 'invalid_signature',
        },
      });
    }
    await settle();
    expect(hooksFor(w.receiver, s.sessionId).filter((x) => x.body.event === 'session.completed')).toHaveLength(0);
    expect(await scalar(w.h.sql, 'SELECT COUNT(*) FROM session_payments WHERE session_id = ?', [s.sessionId])).toBe(0);
    // The order shows as created but unpaid.
    expect(dataOf(await w.h.admin('GET', 'sessions', shop.key)).sessions[0].payment).toMatchObject({
      method: null,
      status: 'order_created',
      gateway_order_id: signed.gateway_order_id,
      amount_paise: 10_000,
    });
  });

  it("refuses to verify another session's order with 404", async () => {
    const shop = await modeB();
    const owner = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    const thief = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    const signed = await payAtGateway(w, owner.token);
    const res = await pay(thief.token, { action: 'verify', ...signed });
    expect([res.status, errorCode(res)]).toEqual([404, 'order_not_found']);
    expect((await pay(owner.token, { action: 'verify', ...signed })).status).toBe(200);
  });

  it('refuses to take a second payment for a paid session, by any method, and a paid session cannot be abandoned', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    expect((await pay(s.token, { action: 'verify', ...(await payAtGateway(w, s.token)) })).status).toBe(200);
    const cod = await pay(s.token, { action: 'record_cod' });
    expect([cod.status, errorCode(cod), cod.body.payment_method]).toEqual([409, 'session_already_paid', 'gateway']);
    expect(errorCode(await pay(s.token, { action: 'create_order' }))).toBe('session_already_paid');
    const abandon = await w.h.addresses(s.token, { action: 'abandon' });
    expect([abandon.status, errorCode(abandon)]).toEqual([409, 'session_completed']);
    expect(
      errorCode(
        await w.h.admin('POST', 'set_session_cart', shop.key, { session_id: s.sessionId, cart_value_paise: 1 }),
      ),
    ).toBe('session_completed');
    // At a shop without COD, record_cod after an online payment still answers that the session is paid.
    const noCod = await configureShop(w.h, { payment: keys, webhook: { url: w.receiver.url, secret: WEBHOOK_SECRET } });
    const bare = await buyerSession(w.h, noCod, { cartValuePaise: 10_000 });
    expect((await pay(bare.token, { action: 'verify', ...(await payAtGateway(w, bare.token)) })).status).toBe(200);
    const late = await pay(bare.token, { action: 'record_cod' });
    expect([late.status, errorCode(late)]).toEqual([409, 'session_already_paid']);
  });
});

describe('the amount create_order charges', () => {
  it('is amount_paise, as the document has it, when the merchant set no cart value; session.completed carries it', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop);
    const none = await pay(s.token, { action: 'create_order' });
    expect([none.status, errorCode(none)]).toEqual([400, 'amount_required']);
    const order = await pay(s.token, { action: 'create_order', amount_paise: 74_900 });
    expect(order.body).toMatchObject({ success: true, amount_paise: 74_900, currency: 'INR' });
    const p = w.emulator.pay(order.body.gateway_order_id);
    ok(
      await pay(s.token, {
        action: 'verify',
        gateway_order_id: p.razorpay_order_id,
        gateway_payment_id: p.razorpay_payment_id,
        gateway_signature: p.razorpay_signature,
      }),
      'verify',
    );
    await eventually(() => hooksFor(w.receiver, s.sessionId).some((x) => x.body.event === 'session.completed'));
    const completed = hooksFor(w.receiver, s.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(completed.body.data).toMatchObject({ payment_method: 'gateway', amount_paise: 74_900 });
  });

  it('is the cart value the merchant set with its api key, whatever the widget sends', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop);
    await w.h.addresses(s.token, { action: 'update_session', cart_value_paise: 100 });
    const set = await w.h.admin('POST', 'set_session_cart', shop.key, {
      session_id: s.sessionId,
      cart_value_paise: 250_000,
    });
    expect(set.body).toEqual({
      success: true,
      data: { session_id: s.sessionId, cart_value_paise: 250_000, cart_value_source: 'merchant' },
    });
    const mismatch = await pay(s.token, { action: 'create_order', amount_paise: 100 });
    expect([mismatch.status, errorCode(mismatch)]).toEqual([409, 'amount_mismatch']);
    const locked = await w.h.addresses(s.token, { action: 'update_session', cart_value_paise: 100 });
    expect([locked.status, errorCode(locked)]).toEqual([409, 'cart_value_locked']);
    expect((await pay(s.token, { action: 'create_order' })).body).toMatchObject({
      success: true,
      amount_paise: 250_000,
    });
    expect((await pay(s.token, { action: 'create_order', amount_paise: 250_000 })).body).toMatchObject({
      success: true,
      amount_paise: 250_000,
    });
  });

  it("can be set only for the merchant's own, open sessions", async () => {
    const shop = await modeB();
    const other = await modeB();
    const s = await buyerSession(w.h, shop);
    const foreign = await w.h.admin('POST', 'set_session_cart', other.key, {
      session_id: s.sessionId,
      cart_value_paise: 1000,
    });
    expect([foreign.status, errorCode(foreign)]).toEqual([404, 'session_not_found']);
    expect(
      errorCode(
        await w.h.admin('POST', 'set_session_cart', shop.key, { session_id: MISSING_ID, cart_value_paise: 1000 }),
      ),
    ).toBe('session_not_found');
    for (const bad of [
      { session_id: 'ses_1', cart_value_paise: 1000 },
      { session_id: s.sessionId, cart_value_paise: -1 },
      { session_id: s.sessionId, cart_value_paise: 1.5 },
      { session_id: s.sessionId },
    ]) {
      expect(errorCode(await w.h.admin('POST', 'set_session_cart', shop.key, bad)), JSON.stringify(bad)).toBe(
        'invalid_request',
      );
    }
    await w.h.addresses(s.token, { action: 'abandon' });
    expect(
      errorCode(
        await w.h.admin('POST', 'set_session_cart', shop.key, { session_id: s.sessionId, cart_value_paise: 1000 }),
      ),
    ).toBe('session_abandoned');
  });
});

describe('cash on delivery and Mode A', () => {
  it('Mode B COD: record_cod answers the same twice and sends one session.completed with payment_method cod and no gateway ids', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 100_000, pincode: '560001' });
    expect((await pay(s.token, { action: 'record_cod' })).body).toEqual({ success: true, payment_method: 'cod' });
    expect((await pay(s.token, { action: 'record_cod' })).body).toEqual({ success: true, payment_method: 'cod' });
    const same = { action: 'record_cod', amount_paise: 100_000 };
    expect((await pay(s.token, same)).body).toEqual({ success: true, payment_method: 'cod' });
    // Another amount was not recorded and must not look as if it were.
    const other = await pay(s.token, { action: 'record_cod', amount_paise: 5 });
    expect([other.status, errorCode(other), other.body.amount_paise]).toEqual([409, 'amount_mismatch', 100_000]);
    await eventually(() => hooksFor(w.receiver, s.sessionId).some((x) => x.body.event === 'session.completed'));
    await settle();
    const completed = hooksFor(w.receiver, s.sessionId).filter((x) => x.body.event === 'session.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.body).toMatchObject({
      event: 'session.completed',
      auth_channel: 'email',
      data: { payment_method: 'cod', amount_paise: 100_000 },
    });
    expect(completed[0]!.body.data).not.toHaveProperty('gateway_order_id');
    expect(completed[0]!.body.data).not.toHaveProperty('gateway_payment_id');
  });

  it('lists cash on delivery chosen after an online payment was left as cash on delivery, without that order', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 100_000, pincode: '560001' });
    // Left unpaid: a paid order would be settled by record_cod instead (earlier-orders.ts).
    ok(await pay(s.token, { action: 'create_order' }), 'create_order');
    expect((await pay(s.token, { action: 'record_cod' })).body).toEqual({ success: true, payment_method: 'cod' });
    const [listed] = dataOf(await w.h.admin('GET', 'sessions', shop.key)).sessions;
    expect(listed.payment).toMatchObject({
      method: 'cod',
      status: 'cod',
      gateway_order_id: null,
      gateway_payment_id: null,
      amount_paise: 100_000,
    });
  });

  it('Mode A: create_order is refused, COD is recorded, and session.completed is never sent', async () => {
    const shop = await configureShop(w.h, { webhook: { url: w.receiver.url }, cod: { enabled: true } });
    const s = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    expect(await pay(s.token, { action: 'create_order' })).toMatchObject({
      status: 409,
      body: { code: 'payment_not_enabled' },
    });
    expect((await pay(s.token, { action: 'record_cod' })).body).toEqual({ success: true, payment_method: 'cod' });
    await settle();
    expect(hooksFor(w.receiver, s.sessionId).filter((x) => x.body.event === 'session.completed')).toHaveLength(0);
    expect(
      await scalar(
        w.h.sql,
        "SELECT COUNT(*) FROM webhook_outbox WHERE event = 'session.completed' AND merchant_id = ?",
        [shop.id],
      ),
    ).toBe(0);
    expect(dataOf(await w.h.admin('GET', 'sessions', shop.key)).sessions[0]).toMatchObject({
      status: 'completed',
      payment: { method: 'cod', status: 'cod', amount_paise: 10_000 },
    });
  });
});

describe('request checks and gateway failures', () => {
  it('validates the request: token, action, amount and unknown fields', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    expect(await pay(null, { action: 'create_order' })).toMatchObject({
      status: 401,
      body: { code: 'missing_session_token' },
    });
    expect(await pay('nope', { action: 'create_order' })).toMatchObject({
      status: 401,
      body: { code: 'invalid_session' },
    });
    expect(await pay(s.token, { action: 'refund' })).toMatchObject({ status: 400, body: { code: 'unknown_action' } });
    expect(await pay(s.token, {})).toMatchObject({ status: 400, body: { code: 'unknown_action' } });
    for (const body of [{ amount_paise: 0 }, { amount_paise: 1.5 }, { amount_paise: '100' }, { currency: 'USD' }]) {
      expect(await pay(s.token, { action: 'create_order', ...body }), JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 'invalid_request' },
      });
    }
    expect(await pay(s.token, { action: 'verify', gateway_order_id: 'order_1' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request' },
    });
    expect(await scalar(w.h.sql, 'SELECT COUNT(*) FROM payment_orders WHERE session_id = ?', [s.sessionId])).toBe(0);
  });

  it('maps gateway failures to 502 with the gateway code and records no order', async () => {
    const wrongSecret = await configureShop(w.h, { payment: { keyId: keys.keyId, keySecret: 'not-the-secret' } });
    const s = await buyerSession(w.h, wrongSecret, { cartValuePaise: 49_900 });
    const res = await pay(s.token, { action: 'create_order' });
    expect([res.status, errorCode(res)]).toEqual([502, 'gateway_auth_failed']);
    const shop = await modeB();
    const tiny = await buyerSession(w.h, shop, { cartValuePaise: 50 });
    const rejected = await pay(tiny.token, { action: 'create_order' });
    expect([rejected.status, errorCode(rejected)]).toEqual([502, 'gateway_rejected']);
    expect(
      await scalar(w.h.sql, 'SELECT COUNT(*) FROM payment_orders WHERE session_id IN (?, ?)', [
        s.sessionId,
        tiny.sessionId,
      ]),
    ).toBe(0);
  });
});
