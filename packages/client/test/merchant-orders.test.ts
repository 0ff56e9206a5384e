// The merchant client's order reads against a real server: the sessions listing searched and filtered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shop } from '../../../test/checkout/support.ts';
import { configureShop, startWorld, type World } from '../../../test/payments/support/shop.ts';
import { BuyerClient, MerchantClient, type SessionsQuery } from '../src/index.ts';

const KEY_ID = 'rzp_test_orders';
const KEY_SECRET = 'orders_secret_0123';

let w: World;
let shop: Shop;
let merchant: MerchantClient;
/** Session ids of four buyers, one in each state: paid online, paid COD, address chosen, only signed in. */
const ids = { paid: '', cod: '', addressed: '', verified: '' };
let paidOrderId: string;

/** A buyer signed in with email OTP, as the widget does it. */
async function signIn(email: string): Promise<{ sessionId: string; buyer: BuyerClient }> {
  const buyer = new BuyerClient({ baseUrl: w.h.server.baseUrl, merchantId: shop.id });
  await buyer.sendOtp(email);
  const session = await buyer.verifyOtp({ email, code: await w.h.smtp.nextCode(email) });
  return { sessionId: session.session_id, buyer: buyer.withSession(session.session_token) };
}

async function chooseAddress(buyer: BuyerClient, phone?: string): Promise<void> {
  const { address } = await buyer.createAddress({
    flat_number: '12',
    street_name: '100 Feet Road',
    pincode: '560038',
    phone,
  });
  await buyer.addressCompleted(address.id);
}

beforeAll(async () => {
  w = await startWorld({ [KEY_ID]: KEY_SECRET });
  shop = await configureShop(w.h, {
    payment: { keyId: KEY_ID, keySecret: KEY_SECRET },
    webhook: { url: w.receiver.url, secret: 'whsec_0123456789abcdef' },
    cod: { enabled: true },
  });
  merchant = new MerchantClient({ baseUrl: w.h.server.baseUrl, apiKey: shop.key });

  const paid = await signIn('paid@example.com');
  await chooseAddress(paid.buyer);
  await merchant.setSessionCart(paid.sessionId, 149900);
  paidOrderId = (await paid.buyer.createOrder()).gateway_order_id;
  const payment = w.emulator.pay(paidOrderId);
  await paid.buyer.verifyPayment({
    gateway_order_id: payment.razorpay_order_id,
    gateway_payment_id: payment.razorpay_payment_id,
    gateway_signature: payment.razorpay_signature,
  });
  const cod = await signIn('cod@example.com');
  await chooseAddress(cod.buyer, '+919830012345');
  await cod.buyer.recordCod();
  const addressed = await signIn('addressed@example.com');
  await chooseAddress(addressed.buyer);
  const verified = await signIn('verified@example.com');
  Object.assign(ids, {
    paid: paid.sessionId,
    cod: cod.sessionId,
    addressed: addressed.sessionId,
    verified: verified.sessionId,
  });
});
afterAll(async () => w.dispose());

/** The ids a listing answers, sorted, and its total. */
async function listed(query: SessionsQuery): Promise<{ ids: string[]; total: number }> {
  const page = await merchant.sessions(query);
  return { ids: page.sessions.map((s) => s.id).sort(), total: page.total };
}
const only = (...names: (keyof typeof ids)[]) => ({ ids: names.map((n) => ids[n]).sort(), total: names.length });

describe('sessions', () => {
  it('lists every session of the window without a filter', async () => {
    expect(await listed({ from: new Date(Date.now() - 600_000) })).toEqual(
      only('paid', 'cod', 'addressed', 'verified'),
    );
  });

  it('searches by q: a gateway order id, a phone as typed, or the start of an email', async () => {
    expect(await listed({ q: paidOrderId })).toEqual(only('paid'));
    expect(await listed({ q: '98300 12345' })).toEqual(only('cod'));
    expect(await listed({ q: 'addressed' })).toEqual(only('addressed'));
    expect(await listed({ q: 'nobody@example.com' })).toEqual(only());
  });

  it('filters by status and by payment method, alone and together', async () => {
    expect(await listed({ status: 'verified' })).toEqual(only('verified'));
    expect(await listed({ status: 'completed' })).toEqual(only('paid', 'cod'));
    expect(await listed({ payment_method: 'gateway' })).toEqual(only('paid'));
    expect(await listed({ payment_method: 'cod' })).toEqual(only('cod'));
    expect(await listed({ payment_method: 'none' })).toEqual(only('addressed', 'verified'));
    expect(await listed({ status: 'address_completed', payment_method: 'none', limit: 1 })).toEqual(only('addressed'));
  });
});
