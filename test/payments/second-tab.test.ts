// One checkout open in two tabs (one session token): the order placed in one, what the server answers the other, so
// that tab can show the order as placed (COD: nothing paid) instead of a dead end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorCode, ok } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, hooksFor, payAtGateway, startWorld, type World } from './support/shop.ts';

const keys = { keyId: 'rzp_test_tabs', keySecret: 'sk_second_tab_secret' };
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

const ordersMade = () => w.emulator.requests.filter((r) => r === 'POST /v1/orders').length;

describe('the second tab of a checkout whose order the first placed', () => {
  it('cash on delivery: hears the order was placed with nothing paid, and places no second one', async () => {
    const shop = await configureShop(w.h, { payment: keys, cod: { enabled: true }, webhook: { url: w.receiver.url } });
    const b = await buyerSession(w.h, shop, { pincode: '560038' });
    await w.h.addresses(b.token, {
      action: 'update',
      address_id: b.addressId,
      address: { latitude: 12.97, longitude: 77.64 },
    });
    ok(await w.h.addresses(b.token, { action: 'address_completed', address_id: b.addressId }), 'address_completed');
    ok(await w.h.payment(b.token, { action: 'record_cod', amount_paise: 149_900 }), 'tab A');
    const before = ordersMade();

    // Tab B, still at the payment step, chooses to pay online.
    const online = await w.h.payment(b.token, { action: 'create_order', amount_paise: 149_900 });
    expect(online.status).toBe(409);
    expect(online.body).toMatchObject({
      code: 'session_already_paid',
      payment_method: 'cod',
      payment: { gateway_order_id: null, gateway_payment_id: null, amount_paise: 149_900 },
    });
    expect(online.body.message).toMatch(/already placed.*cash on delivery/);
    expect(online.body.message).not.toMatch(/paid/);
    expect(ordersMade()).toBe(before);
    // Or cash on delivery again: the same answer as the first, nothing recorded twice.
    expect((await w.h.payment(b.token, { action: 'record_cod', amount_paise: 149_900 })).body).toEqual({
      success: true,
      payment_method: 'cod',
    });
    // With another cart on its page: not recorded, and the refusal names the order placed.
    const other = await w.h.payment(b.token, { action: 'record_cod', amount_paise: 99_900 });
    expect([other.status, errorCode(other)]).toEqual([409, 'amount_mismatch']);
    expect(other.body).toMatchObject({
      amount_paise: 149_900,
      payment_method: 'cod',
      payment: { amount_paise: 149_900 },
    });

    // Tab B reloaded, or confirming the map again: the session answers what placed its order, and where it goes.
    const again = await w.h.addresses(b.token, { action: 'address_completed', address_id: b.addressId });
    expect([again.status, errorCode(again)]).toEqual([409, 'session_completed']);
    expect(again.body.message).toBe("This checkout's order was already placed");
    const state = dataOf(await w.h.addresses(b.token, { action: 'session_status' }));
    expect(state).toEqual({
      session_id: b.sessionId,
      status: 'completed',
      payment_method: 'cod',
      payment: { gateway_order_id: null, gateway_payment_id: null, amount_paise: 149_900 },
      address_id: b.addressId,
      geopin: expect.stringMatching(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/),
      selected_address_id: b.addressId,
    });

    await eventually(() => hooksFor(w.receiver, b.sessionId).some((x) => x.body.event === 'session.completed'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(hooksFor(w.receiver, b.sessionId).filter((x) => x.body.event === 'session.completed')).toHaveLength(1);
  });

  it('paid online: hears the order was paid, with the payment that paid it', async () => {
    const shop = await configureShop(w.h, { payment: keys, cod: { enabled: true } });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 99_900 });
    const paid = await payAtGateway(w, b.token);
    ok(await w.h.payment(b.token, { action: 'verify', ...paid }), 'tab A');

    const cod = await w.h.payment(b.token, { action: 'record_cod' });
    expect([cod.status, errorCode(cod), cod.body.payment_method]).toEqual([409, 'session_already_paid', 'gateway']);
    expect(cod.body.message).toBe(
      `This checkout's order was already placed and paid online (${paid.gateway_payment_id})`,
    );
    const state = dataOf(await w.h.addresses(b.token, { action: 'session_status' }));
    expect(state).toMatchObject({
      status: 'completed',
      payment_method: 'gateway',
      payment: {
        gateway_order_id: paid.gateway_order_id,
        gateway_payment_id: paid.gateway_payment_id,
        amount_paise: 99_900,
      },
    });
  });

  it('an open session answers its state with no order yet', async () => {
    const shop = await configureShop(w.h, { cod: { enabled: true } });
    const b = await buyerSession(w.h, shop, { pincode: null });
    expect(dataOf(await w.h.addresses(b.token, { action: 'session_status' }))).toEqual({
      session_id: b.sessionId,
      status: 'verified',
      payment_method: null,
      payment: null,
      address_id: null,
      geopin: null,
      selected_address_id: null,
    });
    expect((await w.h.addresses('cst_nobody', { action: 'session_status' })).status).toBe(401);
  });
});
