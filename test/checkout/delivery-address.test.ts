// A completed order ships to its address as it was at completion: the buyer editing or deleting the saved address
// afterwards changes neither the merchant's order page nor its listing, while the buyer's book forgets it as asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderPageSchema } from '../../src/checkout/order-responses.ts';
import {
  buyerSession,
  configureShop,
  payAtGateway,
  startWorld,
  type Buyer,
  type World,
} from '../payments/support/shop.ts';
import { dataOf, ok, type Shop } from './support.ts';

const keys = { keyId: 'rzp_test_kept', keySecret: 'sk_kept_address_secret' };
let w: World;
let shop: Shop;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
  shop = await configureShop(w.h, { payment: keys, cod: { enabled: true } });
});
afterAll(async () => w?.dispose());

const orderPage = async (sessionId: string) =>
  OrderPageSchema.parse(dataOf(await w.h.admin('GET', 'session', shop.key, undefined, `session_id=${sessionId}`)));
const book = (b: Buyer, body: object) => w.h.addresses(b.token, body);
const listed = async (q: string) =>
  dataOf(await w.h.admin('GET', 'sessions', shop.key, undefined, `q=${q}`)).sessions.map((s: { id: string }) => s.id);

/** The order page's address and session fields that say where the order goes. */
async function shipsTo(b: Buyer) {
  const page = await orderPage(b.sessionId);
  const { id, name, flat_number, street_name, landmark, pincode, district, geopin, latitude } = page.address ?? {};
  return {
    address: { id, name, flat_number, street_name, landmark, pincode, district, geopin, latitude },
    session: { selected_address_id: page.session.selected_address_id, pincode: page.session.pincode },
  };
}

/** The addresses the merchant was sent in the session's session.address_completed events, oldest first. */
async function addressEvents(b: Buyer) {
  const rows = await w.h.sql.all<{ payload: string }>(
    "SELECT payload FROM webhook_outbox WHERE event = 'session.address_completed' ORDER BY id",
  );
  return rows
    .map((r) => JSON.parse(r.payload))
    .filter((event) => event.session_id === b.sessionId)
    .map(({ data: { address } }) => ({
      name: address.name,
      flat_number: address.flat_number,
      pincode: address.pincode,
    }));
}

/** The buyer moves the saved address to another city, then deletes it: the answers are what the document says. */
async function editThenDelete(b: Buyer) {
  const moved = { street_name: 'Janpath', landmark: 'Near the fountain', pincode: '110001' };
  const edited = dataOf(await book(b, { action: 'update', address_id: b.addressId, address: moved }));
  expect(edited.address).toMatchObject({ ...moved, geopin: null });
  expect((await book(b, { action: 'delete', address_id: b.addressId })).body).toEqual({
    success: true,
    data: { deleted: b.addressId },
  });
  expect(dataOf(await book(b, { action: 'list' })).addresses).toEqual([]);
}

describe('the address a completed order ships to', () => {
  it('COD: the order page, listing and pincode search keep it when the buyer edits, then deletes it', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 25_000, pincode: '560001' });
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod');
    const before = await shipsTo(b);
    expect(before.address).toMatchObject({ id: b.addressId, street_name: 'MG Road', pincode: '560001' });
    expect(before.address.geopin).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    expect(before.session).toEqual({ selected_address_id: b.addressId, pincode: '560001' });

    await editThenDelete(b);
    expect(await shipsTo(b)).toEqual(before);
    expect(await listed('560001')).toContain(b.sessionId);
    expect(await listed('110001')).not.toContain(b.sessionId);
  });

  it('gateway: a verified payment keeps its address when the buyer edits, then deletes it', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 30_000, pincode: '560001' });
    ok(await w.h.payment(b.token, { action: 'verify', ...(await payAtGateway(w, b.token)) }), 'verify');
    const before = await shipsTo(b);
    expect(before.address).toMatchObject({ id: b.addressId, name: 'A Buyer', flat_number: '1', pincode: '560001' });
    await editThenDelete(b);
    expect(await shipsTo(b)).toEqual(before);
    expect((await orderPage(b.sessionId)).session).toMatchObject({ status: 'completed', payment: { status: 'paid' } });
  });

  it('is the address as it was at completion: an edit before paying shows, one after does not', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const update = (landmark: string) => book(b, { action: 'update', address_id: b.addressId, address: { landmark } });
    ok(await update('Opposite the metro'), 'update before paying');
    ok(await book(b, { action: 'address_completed', address_id: b.addressId }), 'confirmed again');
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod');
    ok(await update('Behind the temple'), 'update after paying');
    expect((await shipsTo(b)).address).toMatchObject({ id: b.addressId, landmark: 'Opposite the metro' });
    // The buyer's own book has the edit: it is theirs to change for the next order.
    expect(dataOf(await book(b, { action: 'list' })).addresses[0]).toMatchObject({ landmark: 'Behind the temple' });
  });

  it('of a session still open follows the book: deleting it sends the session back to choose an address', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    ok(await book(b, { action: 'update', address_id: b.addressId, address: { landmark: 'Near the park' } }), 'edit');
    expect((await shipsTo(b)).address).toMatchObject({ landmark: 'Near the park' });
    ok(await book(b, { action: 'delete', address_id: b.addressId }), 'delete');
    const page = await orderPage(b.sessionId);
    expect([page.session.status, page.session.selected_address_id, page.address]).toEqual(['verified', null, null]);
    expect((await w.h.payment(b.token, { action: 'record_cod' })).body).toMatchObject({ code: 'address_required' });
  });

  it('edited after it was confirmed, is confirmed again before paying, and the merchant is told the new one', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const moved = { name: 'New Name', flat_number: '99', street_name: 'Janpath', pincode: '110001' };
    ok(await book(b, { action: 'update', address_id: b.addressId, address: moved }), 'edit the chosen address');
    expect((await orderPage(b.sessionId)).session.status).toBe('verified');
    expect((await w.h.payment(b.token, { action: 'record_cod' })).body).toMatchObject({ code: 'address_required' });

    const done = dataOf(await book(b, { action: 'address_completed', address_id: b.addressId }));
    expect(done.address).toMatchObject(moved);
    expect(await addressEvents(b)).toEqual([
      { name: 'A Buyer', flat_number: '1', pincode: '560001' },
      { name: 'New Name', flat_number: '99', pincode: '110001' },
    ]);
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'record_cod');
    expect((await shipsTo(b)).address).toMatchObject({ name: 'New Name', flat_number: '99', pincode: '110001' });
  });

  it('keeps its confirmation through a new label or the same pin confirmed again, which move nothing', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const pin = dataOf(await book(b, { action: 'list' })).addresses[0] as { latitude: number; longitude: number };
    ok(await book(b, { action: 'update', address_id: b.addressId, address: { label: 'Work' } }), 'label');
    const samePin = { latitude: pin.latitude, longitude: pin.longitude };
    ok(await book(b, { action: 'update', address_id: b.addressId, address: samePin }), 'the same pin');
    ok(await book(b, { action: 'address_completed', address_id: b.addressId }), 'confirmed again');
    expect((await orderPage(b.sessionId)).session.status).toBe('address_completed');
    expect(await addressEvents(b)).toHaveLength(1);

    const moved = { latitude: pin.latitude + 0.001, longitude: pin.longitude };
    ok(await book(b, { action: 'update', address_id: b.addressId, address: moved }), 'the pin moved');
    expect((await orderPage(b.sessionId)).session.status).toBe('verified');
  });

  it('is not edited while an online order made for it may still be paid', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    const edit = { action: 'update', address_id: b.addressId, address: { flat_number: '2' } };
    const refused = await book(b, edit);
    expect([refused.status, refused.body.code]).toEqual([409, 'address_in_payment']);
    expect(dataOf(await book(b, { action: 'list' })).addresses[0]).toMatchObject({ flat_number: '1' });
    expect((await orderPage(b.sessionId)).session.status).toBe('address_completed');
  });

  it('is not deleted while an online order made for it may still be paid; choosing another first allows it', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const order = ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    const refused = await book(b, { action: 'delete', address_id: b.addressId });
    expect([refused.status, refused.body.code]).toEqual([409, 'address_in_payment']);
    expect(dataOf(await book(b, { action: 'list' })).addresses).toHaveLength(1);

    const other = { name: 'A Buyer', flat_number: '7', street_name: 'Church Street', pincode: '560001' };
    const second = dataOf(await book(b, { action: 'create', address: other })).address.id as string;
    ok(await book(b, { action: 'address_completed', address_id: second }), 'choose the other');
    ok(await book(b, { action: 'delete', address_id: b.addressId }), 'delete the first');
    // The order made earlier is paid now: it ships to the address chosen when it was paid.
    const paid = w.emulator.pay(order.gateway_order_id as string);
    const signed = {
      gateway_order_id: paid.razorpay_order_id,
      gateway_payment_id: paid.razorpay_payment_id,
      gateway_signature: paid.razorpay_signature,
    };
    ok(await w.h.payment(b.token, { action: 'verify', ...signed }), 'verify');
    expect((await shipsTo(b)).address).toMatchObject({ id: second, street_name: 'Church Street' });
  });

  it('is not deleted after the buyer abandons a checkout whose online order may still be paid', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    ok(await book(b, { action: 'abandon' }), 'abandon');
    const refused = await book(b, { action: 'delete', address_id: b.addressId });
    expect([refused.status, refused.body.code]).toEqual([409, 'address_in_payment']);
    // The tab that paid comes back: the abandoned session completes, and its order knows where to go.
    ok(await w.h.payment(b.token, { action: 'verify', ...paid }), 'verify');
    expect((await shipsTo(b)).address).toMatchObject({ id: b.addressId, street_name: 'MG Road' });
  });

  it('is deleted once no unpaid order of it is being checked any more (a checkout left long ago)', async () => {
    const b = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    // A day on, the gateway was asked about the order for the last time and the session expired.
    await w.h.sql.run('UPDATE payment_orders SET check_after = NULL WHERE session_id = ?', [b.sessionId]);
    await w.h.sql.run('UPDATE checkout_sessions SET expires_at = ? WHERE id = ?', [
      '2000-01-01T00:00:00.000Z',
      b.sessionId,
    ]);
    const email = (await w.h.sql.get<{ email: string }>('SELECT email FROM checkout_sessions WHERE id = ?', [
      b.sessionId,
    ]))!;
    const again = await w.h.login(shop.id, email.email);
    ok(await w.h.addresses(again.session_token, { action: 'delete', address_id: b.addressId }), 'delete');
  });

  it('deleted while an online order is being made for it: that order is refused, nothing is left to pay', async () => {
    const slow = await startWorld({ [keys.keyId]: keys.keySecret }, {}, { delayMs: 400 });
    try {
      const slowShop = await configureShop(slow.h, { payment: keys });
      const b = await buyerSession(slow.h, slowShop, { cartValuePaise: 20_000, pincode: '560001' });
      const making = slow.h.payment(b.token, { action: 'create_order' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      ok(await slow.h.addresses(b.token, { action: 'delete', address_id: b.addressId }), 'delete during the call');
      const made = await making;
      expect([made.status, made.body.code]).toEqual([409, 'address_required']);
      expect(await slow.h.sql.all('SELECT 1 FROM payment_orders WHERE session_id = ?', [b.sessionId])).toEqual([]);
    } finally {
      await slow.dispose();
    }
  });
});
