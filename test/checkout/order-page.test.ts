// One order's page (GET ?action=session): the session, its address and pin, payment, widget events, webhooks, timeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderPageSchema } from '../../src/checkout/order-responses.ts';
import { buyerSession, configureShop, startWorld, type Buyer, type World } from '../payments/support/shop.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { dataOf, errorCode, MISSING_ID, ok, type Shop } from './support.ts';

let w: World;
let shop: Shop;
let buyer: Buyer;
beforeAll(async () => {
  // Mode B (gateway keys set), so session.completed is sent after COD too.
  w = await startWorld({ rzp_test_order: 'order_secret_0123' });
  shop = await configureShop(w.h, {
    payment: { keyId: 'rzp_test_order', keySecret: 'order_secret_0123' },
    webhook: { url: w.receiver.url },
    cod: { enabled: true },
  });
  buyer = await buyerSession(w.h, shop, { cartValuePaise: 15_000_050, pincode: '560001' });
  const funnel = (event_type: string) =>
    w.h.call('POST', '/checkout-funnel-events', {
      body: { merchant_id: shop.id, event_type, session_id: buyer.sessionId, device_type: 'mobile' },
    });
  ok(await funnel('payment_selected'), 'funnel');
  ok(await w.h.payment(buyer.token, { action: 'record_cod' }), 'cod');
  await eventually(async () => w.receiver.requests.length >= 3);
});
afterAll(async () => w?.dispose());

const order = (sessionId: string, key = shop.key) =>
  w.h.admin('GET', 'session', key, undefined, `session_id=${sessionId}`);

/** Even-odd point-in-polygon over a part's rings (outer ring and holes). */
function inside(rings: number[][][], x: number, y: number): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) odd = !odd;
    }
  return odd;
}

describe('GET ?action=session', () => {
  it('shows the order: payment, the chosen address with its pin and the pincode the pin falls in', async () => {
    const page = OrderPageSchema.parse(dataOf(await order(buyer.sessionId)));
    expect(page.session).toMatchObject({
      id: buyer.sessionId,
      status: 'completed',
      cart_value_paise: 15_000_050,
      pincode: '560001',
      payment: { method: 'cod', status: 'cod', amount_paise: 15_000_050 },
    });
    expect(page.address).toMatchObject({ id: buyer.addressId, name: 'A Buyer', street_name: 'MG Road' });
    expect(page.address!.pincode).toBe('560001');
    expect(page.address!.geopin).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    expect(page.address!.latitude).toBeGreaterThan(12);
    expect(page.address!.pin_pincode).toMatch(/^\d{6}$/);
    expect(page.address!.pincode_point).toMatchObject({ latitude: expect.any(Number) });
    // The pincode's boundary for the map: closed rings, small enough for a page, around the pincode's own point.
    const outline = page.address!.pincode_outline!;
    const rings = outline.flat();
    for (const ring of rings) expect(ring.at(-1)).toEqual(ring[0]);
    expect(rings.reduce((n, ring) => n + ring.length, 0)).toBeLessThan(4_000);
    const { latitude, longitude } = page.address!.pincode_point!;
    expect(outline.some((part) => inside(part, longitude, latitude))).toBe(true);
    expect(page.events.map((e) => [e.event_type, e.device_type])).toEqual([['payment_selected', 'mobile']]);
  });

  it('lists the webhooks sent about it with their attempts, and tells its whole story in time order', async () => {
    await eventually(async () => {
      const page = dataOf(await order(buyer.sessionId));
      return page.webhooks.length === 3 && page.webhooks.every((x: { status: string }) => x.status === 'delivered');
    });
    const page = OrderPageSchema.parse(dataOf(await order(buyer.sessionId)));
    expect(page.webhooks.map((x) => x.event)).toEqual([
      'session.email_verified',
      'session.address_completed',
      'session.completed',
    ]);
    expect(page.webhooks[2]!.payload).toMatchObject({ data: { payment_method: 'cod' } });
    const story = page.timeline.map((t) => `${t.source}:${t.event}`);
    expect(story[0]).toBe('session:verified');
    for (const step of ['session:address_completed', 'widget:payment_selected', 'payment:cod_recorded']) {
      expect(story).toContain(step);
    }
    expect(story.filter((s) => s.startsWith('webhook:'))).toHaveLength(3);
    const times = page.timeline.map((t) => t.at);
    expect(times).toEqual([...times].sort());
  });

  it('says whether cash on delivery is open to an unpaid order under the rules now, and why not', async () => {
    const strict = await configureShop(w.h, {
      cod: { enabled: true, maxCartValuePaise: 500_000, blockedPincodes: ['110001'] },
    });
    const codNow = async (b: { sessionId: string }, key = strict.key) =>
      OrderPageSchema.parse(dataOf(await order(b.sessionId, key))).cod_now;
    const blocked = await buyerSession(w.h, strict, { cartValuePaise: 10_000, pincode: '110001' });
    expect(await codNow(blocked)).toEqual({
      eligible: false,
      reason: 'pincode_blocked',
      cart_value_paise: 10_000,
      pincode: '110001',
      cod_max_cart_value_paise: 500_000,
    });
    const large = await buyerSession(w.h, strict, { cartValuePaise: 600_000, pincode: '560001' });
    expect(await codNow(large)).toMatchObject({ eligible: false, reason: 'cart_value_exceeds_limit' });
    const noAddress = await buyerSession(w.h, strict, { cartValuePaise: 10_000, pincode: null });
    expect(await codNow(noAddress)).toMatchObject({ eligible: false, reason: 'pincode_unknown', pincode: null });
    const fine = await buyerSession(w.h, strict, { cartValuePaise: 10_000, pincode: '560001' });
    expect(await codNow(fine)).toMatchObject({ eligible: true, reason: null });
    // The rules as they are now: the shop unblocks the pincode, and the same order may pay on delivery.
    ok(await w.h.admin('PATCH', 'cod_config', strict.key, { cod_blocked_pincodes: [] }), 'unblocked');
    expect(await codNow(blocked)).toMatchObject({ eligible: true, reason: null });
    // Once paid, or abandoned, nothing is open to it.
    ok(await w.h.payment(fine.token, { action: 'record_cod' }), 'cod');
    expect(await codNow(fine)).toBeNull();
    ok(await w.h.addresses(large.token, { action: 'abandon' }), 'abandon');
    expect(await codNow(large)).toBeNull();
    expect(await codNow(buyer, shop.key)).toBeNull();
  });

  it("answers 404 for another merchant's session or an unknown one, and 400 for a malformed id", async () => {
    const stranger = await configureShop(w.h, {});
    for (const reply of [await order(buyer.sessionId, stranger.key), await order(MISSING_ID)]) {
      expect([reply.status, errorCode(reply)]).toEqual([404, 'session_not_found']);
    }
    // A UUID is the same in either case (RFC 9562): one copied in capitals finds the order.
    expect(dataOf(await order(buyer.sessionId.toUpperCase())).session.id).toBe(buyer.sessionId);
    const bad = await order('abc');
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_request']);
    const missing = await w.h.admin('GET', 'session', shop.key);
    expect(missing.status).toBe(400);
  });
});
