// A payment the gateway took that completes nothing sends the merchant one signed session.refund_required, queued in
// the transaction that keeps the payment for its refund: from verify, from settling an earlier order, from the
// reconciler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../packages/webhook-verify/index.js';
import type { Sql } from '../../src/db/sql.ts';
import { GatewayClient } from '../../src/payments/gateway-client.ts';
import type { EventQueue } from '../../src/payments/ports.ts';
import { PaymentRepository } from '../../src/payments/repository.ts';
import { PaymentService } from '../../src/payments/service.ts';
import { ok, scalar } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import {
  buyerSession,
  configureShop,
  hooksFor,
  payAtGateway,
  payInTwoTabs,
  payOrder,
  startWorld,
  type Buyer,
  type SignedPayment,
  type World,
} from './support/shop.ts';

const keys = { keyId: 'rzp_test_refund_event', keySecret: 'sk_refund_event_secret' };
const SECRET = 'whsec_refund_event_0123456789';
const EVENT = 'session.refund_required';

/** A Mode B shop whose webhooks `w`'s receiver takes, signed with SECRET. */
const shopOf = (w: World) =>
  configureShop(w.h, { payment: keys, webhook: { url: w.receiver.url, secret: SECRET }, cod: { enabled: true } });

/** The refund events the receiver got for the session, each checked against both signatures first. */
function refundHooks(w: World, sessionId: string) {
  return hooksFor(w.receiver, sessionId)
    .filter((x) => x.body.event === EVENT)
    .map((x) => {
      expect(verifyWebhook({ rawBody: x.raw, headers: x.headers as never, secret: SECRET })).toEqual(x.body);
      expect(x.headers['x-service-event']).toBe(EVENT);
      return x.body;
    });
}

/** The refund events queued for the session, and the refused payments kept for it, as the store holds them. */
async function stored(sql: Sql, sessionId: string) {
  const events = await sql.all<{ payload: string; created_at: string }>(
    'SELECT payload, created_at FROM webhook_outbox WHERE session_id = ? AND event = ? ORDER BY id',
    [sessionId, EVENT],
  );
  const refused = await sql.all<{ gateway_payment_id: string; reason: string; created_at: string }>(
    'SELECT gateway_payment_id, reason, created_at FROM refused_payments WHERE session_id = ? ORDER BY created_at',
    [sessionId],
  );
  return { events: events.map((e) => ({ ...e, payload: JSON.parse(e.payload) })), refused };
}

/** Waits until exactly one refund event arrived for the session, lets a second one come if it would, returns it. */
async function theOneRefundEvent(w: World, sessionId: string) {
  await eventually(() => refundHooks(w, sessionId).length > 0, 5000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const hooks = refundHooks(w, sessionId);
  expect(hooks).toHaveLength(1);
  return hooks[0]!;
}

/** The envelope and data a refused payment's event carries. */
function expected(shop: { id: string }, b: Buyer, paid: SignedPayment, amountPaise: number, reason: string) {
  return {
    event: EVENT,
    merchant_id: shop.id,
    buyer_id: b.buyerId,
    session_id: b.sessionId,
    auth_channel: 'email',
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    data: {
      gateway_order_id: paid.gateway_order_id,
      gateway_payment_id: paid.gateway_payment_id,
      amount_paise: amountPaise,
      currency: 'INR',
      reason,
      message: expect.stringMatching(/refund/),
    },
  };
}

describe('a refused payment tells the merchant once', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ [keys.keyId]: keys.keySecret });
  });
  afterAll(async () => w.dispose());
  const verify = (b: Buyer, p: SignedPayment) => w.h.payment(b.token, { action: 'verify', ...p });

  it('session_already_paid: one signed event with the payment, however often verify is repeated', async () => {
    const shop = await shopOf(w);
    const b = await buyerSession(w.h, shop, { cartValuePaise: 50_000, pincode: '560001' });
    const [first, second] = await payInTwoTabs(w, b.token);
    ok(await verify(b, first), 'first verify');
    const refused = await verify(b, second);
    expect([refused.status, refused.body.code]).toEqual([409, 'session_already_paid']);
    expect((await verify(b, second)).status).toBe(409);

    const event = await theOneRefundEvent(w, b.sessionId);
    expect(event).toEqual(expected(shop, b, second, 50_000, 'session_already_paid'));
    expect(event.data.message).toBe(refused.body.message);
    expect(event.data.message).toContain(first.gateway_payment_id);
    // The event and the kept payment were written together, at the refusal; the repeats wrote neither again.
    const { events, refused: rows } = await stored(w.h.sql, b.sessionId);
    expect(events).toHaveLength(1);
    expect(rows).toEqual([
      { gateway_payment_id: second.gateway_payment_id, reason: 'session_already_paid', created_at: event.timestamp },
    ]);
    expect(events[0]).toEqual({ payload: event, created_at: event.timestamp });
    // The payment that completed the session sent session.completed, not a refund.
    const completed = hooksFor(w.receiver, b.sessionId).filter((x) => x.body.event === 'session.completed');
    expect(completed.map((x) => x.body.data.gateway_payment_id)).toEqual([first.gateway_payment_id]);
  });

  it('amount_mismatch: the amount the payment took and the words of the 409', async () => {
    const shop = await shopOf(w);
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    ok(
      await w.h.admin('POST', 'set_session_cart', shop.key, { session_id: b.sessionId, cart_value_paise: 99_900 }),
      'cart',
    );
    const refused = await verify(b, paid);
    expect([refused.status, refused.body.code]).toEqual([409, 'amount_mismatch']);
    expect((await verify(b, paid)).body).toEqual(refused.body);

    const event = await theOneRefundEvent(w, b.sessionId);
    expect(event).toEqual(expected(shop, b, paid, 10_000, 'amount_mismatch'));
    expect(event.data.message).toBe(refused.body.message);
    expect((await stored(w.h.sql, b.sessionId)).events).toHaveLength(1);
    expect(hooksFor(w.receiver, b.sessionId).some((x) => x.body.event === 'session.completed')).toBe(false);
  });

  it('an earlier order settled before a new one: the payment it completes nothing with is owed back', async () => {
    const shop = await shopOf(w);
    const b = await buyerSession(w.h, shop, { cartValuePaise: 30_000, pincode: '560001' });
    // Two tabs paid and neither verify came; a third attempt settles both: one completes the session.
    const paid = await payInTwoTabs(w, b.token);
    const again = await w.h.payment(b.token, { action: 'create_order' });
    expect([again.status, again.body.code]).toEqual([409, 'session_already_paid']);
    const owed = paid.find((p) => p.gateway_payment_id !== again.body.payment.gateway_payment_id)!;

    const event = await theOneRefundEvent(w, b.sessionId);
    expect(event).toEqual(expected(shop, b, owed, 30_000, 'session_already_paid'));
    expect((await verify(b, owed)).body).toMatchObject({ code: 'session_already_paid', refund_required: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refundHooks(w, b.sessionId)).toHaveLength(1);
  });

  it('Mode A too: an order made before payments were switched off, paid after COD, is owed back', async () => {
    const shop = await shopOf(w);
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const order = ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    const switchedOff = { gateway_key_id: keys.keyId, gateway_secret_key: keys.keySecret, payment_enabled: false };
    ok(await w.h.admin('PATCH', 'set_payment_config', shop.key, switchedOff), 'Mode A');
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod');
    const paid = payOrder(w, order.gateway_order_id as string);
    expect((await verify(b, paid)).body).toMatchObject({ code: 'session_already_paid', payment_method: 'cod' });

    expect(await theOneRefundEvent(w, b.sessionId)).toEqual(expected(shop, b, paid, 20_000, 'session_already_paid'));
    expect(hooksFor(w.receiver, b.sessionId).some((x) => x.body.event === 'session.completed')).toBe(false);
  });

  it('is queued in the transaction that keeps the payment: when the queue fails, neither is written', async () => {
    const shop = await shopOf(w);
    const b = await buyerSession(w.h, shop, { cartValuePaise: 40_000, pincode: '560001' });
    const [first, second] = await payInTwoTabs(w, b.token);
    ok(await verify(b, first), 'first verify');
    // A queue that writes the event and then fails (the store lost mid-transaction): the payment must not be kept.
    const parts = w.h.server.parts;
    const failing: EventQueue = {
      enqueue: async (tx, event, now) => {
        await parts.webhooks.port.enqueue(tx, event, now);
        throw new Error('connection terminated');
      },
    };
    const ports = parts.checkout.paymentPorts;
    const repo = new PaymentRepository(w.h.sql, failing, ports);
    const gateway = new GatewayClient({ baseUrl: w.emulator.baseUrl, timeoutMs: 1000 });
    const service = new PaymentService({
      repo,
      ports,
      gateway,
      clock: () => new Date(),
      queued: () => undefined,
      firstCheckMs: 300_000,
    });
    const payer = (await ports.payingSession(shop.id, b.sessionId))!;
    const order = (await repo.order(second.gateway_order_id))!;
    await expect(service.settle(payer, order, second.gateway_payment_id)).rejects.toThrow('connection terminated');
    expect(await stored(w.h.sql, b.sessionId)).toEqual({ events: [], refused: [] });
    const checkAfter = 'SELECT check_after FROM payment_orders WHERE gateway_order_id = ?';
    expect(await scalar(w.h.sql, checkAfter, [second.gateway_order_id])).not.toBeNull();

    // The buyer's verify, through the app's own queue, then writes both, and the merchant hears of it once.
    expect((await verify(b, second)).status).toBe(409);
    const event = await theOneRefundEvent(w, b.sessionId);
    expect(await stored(w.h.sql, b.sessionId)).toMatchObject({
      events: [{ payload: event }],
      refused: [{ gateway_payment_id: second.gateway_payment_id }],
    });
    expect(await scalar(w.h.sql, checkAfter, [second.gateway_order_id])).toBeNull();
  });
});

describe('the reconciler finding a payment that completes nothing', () => {
  let w: World;
  beforeAll(async () => {
    // Orders nobody verified are asked about 300 ms after they were made.
    w = await startWorld(
      { [keys.keyId]: keys.keySecret },
      { GATEWAY_CHECK_AFTER_MS: '300', GATEWAY_CHECK_POLL_MS: '50' },
    );
  });
  afterAll(async () => w.dispose());

  it('sends one refund event for the payment it keeps, and a late verify of it sends none', async () => {
    const shop = await shopOf(w);
    const b = await buyerSession(w.h, shop, { cartValuePaise: 25_000, pincode: '560001' });
    const paid = await payInTwoTabs(w, b.token);

    // Neither verify came: one payment completes the session, the other is owed back.
    const event = await theOneRefundEvent(w, b.sessionId);
    const completed = () => hooksFor(w.receiver, b.sessionId).filter((x) => x.body.event === 'session.completed');
    await eventually(() => completed().length === 1, 5000);
    const owed = paid.find((p) => p.gateway_payment_id !== completed()[0]!.body.data.gateway_payment_id)!;
    expect(event).toEqual(expected(shop, b, owed, 25_000, 'session_already_paid'));

    const late = await w.h.payment(b.token, { action: 'verify', ...owed });
    expect(late.body).toMatchObject({ code: 'session_already_paid', refund_required: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(refundHooks(w, b.sessionId)).toHaveLength(1);
    expect((await stored(w.h.sql, b.sessionId)).events).toHaveLength(1);
  });
});
