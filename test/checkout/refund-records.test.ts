// POST /checkout-admin?action=record_refund: the merchant records a refund it made at the gateway for a payment that
// completed nothing; the refund is then no longer due, and the payment can never complete its order afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, ok } from './support.ts';
import {
  buyerSession,
  configureShop,
  payAtGateway,
  payInTwoTabs,
  startWorld,
  type Buyer,
  type World,
} from '../payments/support/shop.ts';

const keys = { keyId: 'rzp_test_refund_record', keySecret: 'sk_refund_record_secret' };
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

const modeB = () => configureShop(w.h, { payment: keys, cod: { enabled: true } });
const verify = (b: Buyer, p: object) => w.h.payment(b.token, { action: 'verify', ...p });
const record = (key: string, body: unknown) => w.h.admin('POST', 'record_refund', key, body);
const recorded = async (key: string, body: unknown) => dataOf(await record(key, body));
const orderPage = async (key: string, sessionId: string) =>
  dataOf(await w.h.admin('GET', 'session', key, undefined, `session_id=${sessionId}`));
const listed = async (key: string, query: string) =>
  dataOf(await w.h.admin('GET', 'sessions', key, undefined, query)).sessions as Array<{
    id: string;
    refunds_due: number;
    refund_due_paise: number;
  }>;
const auditOf = async (key: string) =>
  dataOf(await w.h.admin('GET', 'audit_log', key)).entries as Array<{ action: string; target: string | null }>;

/** A Mode B shop and a buyer who paid twice in two tabs: the second payment is owed back. */
async function paidTwice(cartValuePaise = 50_000) {
  const shop = await modeB();
  const b = await buyerSession(w.h, shop, { cartValuePaise, pincode: '560001' });
  const [first, second] = await payInTwoTabs(w, b.token);
  ok(await verify(b, first), 'first verify');
  expect((await verify(b, second)).status).toBe(409);
  return { shop, b, first, second };
}

describe('recording a refund made at the gateway', () => {
  it('is no longer due: listed, filtered, on the order page and its timeline, and in the audit log', async () => {
    const { shop, b, second } = await paidTwice();
    const answer = await recorded(shop.key, {
      gateway_payment_id: second.gateway_payment_id,
      refund_reference: 'rfnd_Q1w2E3',
    });
    expect(answer).toEqual({
      gateway_payment_id: second.gateway_payment_id,
      gateway_order_id: second.gateway_order_id,
      session_id: b.sessionId,
      amount_paise: 50_000,
      currency: 'INR',
      reason: 'session_already_paid',
      refused_at: expect.any(String),
      refunded_at: expect.any(String),
      refunded_by: `api key ${shop.key.slice(0, 12)}…`,
      refund_reference: 'rfnd_Q1w2E3',
    });
    expect((await listed(shop.key, '')).find((s) => s.id === b.sessionId)).toMatchObject({
      refunds_due: 0,
      refund_due_paise: 0,
    });
    expect(await listed(shop.key, 'refund_due=true')).toEqual([]);

    const page = await orderPage(shop.key, b.sessionId);
    expect(page.session.refunds_due).toBe(0);
    const refused = page.orders.flatMap((o: { refused_payments: object[] }) => o.refused_payments);
    expect(refused).toEqual([
      {
        gateway_payment_id: second.gateway_payment_id,
        reason: 'session_already_paid',
        refused_at: answer.refused_at,
        refunded_at: answer.refunded_at,
        refunded_by: answer.refunded_by,
        refund_reference: 'rfnd_Q1w2E3',
      },
    ]);
    const entries = page.timeline.filter((t: { event: string }) => t.event === 'refund_recorded');
    expect(entries).toEqual([
      {
        at: answer.refunded_at,
        source: 'payment',
        event: 'refund_recorded',
        detail: `${second.gateway_payment_id} by ${answer.refunded_by}, gateway refund rfnd_Q1w2E3`,
      },
    ]);
    expect((await auditOf(shop.key)).filter((e) => e.action === 'refund_recorded')).toMatchObject([
      {
        target: second.gateway_payment_id,
        changes: { refunded: { from: false, to: true }, refund_reference: { from: null, to: 'rfnd_Q1w2E3' } },
      },
    ]);
  });

  it('recorded again (a second click, a retried request) answers the first record and changes nothing', async () => {
    const { shop, second } = await paidTwice();
    const first = await recorded(shop.key, { gateway_payment_id: second.gateway_payment_id });
    expect(first.refund_reference).toBeNull();
    const again = await recorded(shop.key, {
      gateway_payment_id: second.gateway_payment_id,
      refund_reference: 'rfnd_later',
    });
    expect(again).toEqual(first);
    expect((await auditOf(shop.key)).filter((e) => e.action === 'refund_recorded')).toHaveLength(1);
  });

  it('404 refund_not_due for a payment that is not owed back: unknown, paid the order, or of another shop', async () => {
    const { shop, first, second } = await paidTwice();
    const other = await modeB();
    for (const [key, id] of [
      [shop.key, 'pay_NoSuchPayment01'],
      [shop.key, first.gateway_payment_id],
      [other.key, second.gateway_payment_id],
    ] as const) {
      const refused = await record(key, { gateway_payment_id: id });
      expect(refused.status, id).toBe(404);
      expect(refused.body).toMatchObject({ success: false, code: 'refund_not_due' });
      expect(refused.body.message).toContain(id);
    }
    expect((await listed(shop.key, 'refund_due=true')).map((s) => s.id)).toHaveLength(1);
  });

  it('400 for a body it cannot read, and nothing is recorded', async () => {
    const { shop, b, second } = await paidTwice();
    for (const body of [
      {},
      { gateway_payment_id: '' },
      { gateway_payment_id: second.gateway_payment_id, refund_reference: 'r'.repeat(101) },
      { gateway_payment_id: second.gateway_payment_id, refunded: true },
      { gateway_payment_id: `${second.gateway_payment_id}\nx` },
      { gateway_payment_id: second.gateway_payment_id, refund_reference: 'rfnd_1\nrfnd_2' },
    ]) {
      const refused = await record(shop.key, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.success).toBe(false);
    }
    expect((await orderPage(shop.key, b.sessionId)).session.refunds_due).toBe(1);
  });
});

describe('a refunded payment never completes its order', () => {
  it('the cart set back to its amount: verify again is 409 payment_refunded and the session stays unpaid', async () => {
    const shop = await modeB();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    const setCart = (paise: number) =>
      w.h.admin('POST', 'set_session_cart', shop.key, { session_id: b.sessionId, cart_value_paise: paise });
    ok(await setCart(99_900), 'cart changed');
    expect((await verify(b, paid)).body).toMatchObject({ code: 'amount_mismatch', refund_required: true });
    ok(await record(shop.key, { gateway_payment_id: paid.gateway_payment_id }), 'refunded');
    ok(await setCart(10_000), 'cart back');

    const again = await verify(b, paid);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'payment_refunded', gateway_payment_id: paid.gateway_payment_id });
    expect(again.body.refund_required).toBeUndefined();
    const page = await orderPage(shop.key, b.sessionId);
    expect(page.session.status).not.toBe('completed');
    expect(page.session.payment.method).toBeNull();
    expect(page.orders[0].refused_payments).toMatchObject([{ refunded_at: expect.any(String) }]);
    // A new payment still completes the order.
    ok(await verify(b, await payAtGateway(w, b.token)), 'paid anew');
    expect((await orderPage(shop.key, b.sessionId)).session.status).toBe('completed');
  });

  it('recorded while the payment is verified again: one wins, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const shop = await modeB();
      const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
      const paid = await payAtGateway(w, b.token);
      const setCart = (paise: number) =>
        w.h.admin('POST', 'set_session_cart', shop.key, { session_id: b.sessionId, cart_value_paise: paise });
      ok(await setCart(20_000), 'cart changed');
      expect((await verify(b, paid)).status).toBe(409);
      ok(await setCart(10_000), 'cart back');
      const [recorded, verified] = await Promise.all([
        record(shop.key, { gateway_payment_id: paid.gateway_payment_id }),
        verify(b, paid),
      ]);
      const page = await orderPage(shop.key, b.sessionId);
      if (recorded.status === 200) {
        expect(verified.body).toMatchObject({ code: 'payment_refunded' });
        expect(page.session.status).not.toBe('completed');
      } else {
        expect(recorded.body).toMatchObject({ code: 'refund_not_due' });
        expect(verified.status).toBe(200);
        expect(page.session.payment.gateway_payment_id).toBe(paid.gateway_payment_id);
        expect(page.orders[0].refused_payments).toEqual([]);
      }
    }
  });
});
