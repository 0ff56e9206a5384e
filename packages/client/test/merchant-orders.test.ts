// The merchant client's reads against a real server: sessions searched and filtered, one order, webhooks, imports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_ID, type Shop } from '../../../test/checkout/support.ts';
import { configureShop, startWorld, type World } from '../../../test/payments/support/shop.ts';
import { eventually } from '../../../test/webhooks/support/receiver.ts';
import { BuyerClient, ConflictError, MerchantClient, NotFoundError, type SessionsQuery } from '../src/index.ts';
import { rejection } from './support.ts';

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

describe('session', () => {
  it('answers one session as an order: its payment, address, gateway orders and timeline', async () => {
    const order = await merchant.session(ids.paid);
    expect(order).toMatchObject({
      session: { id: ids.paid, status: 'completed', payment: { method: 'gateway', gateway_order_id: paidOrderId } },
      address: { pincode: '560038' },
      orders: [{ gateway_order_id: paidOrderId, amount_paise: 149900 }],
    });
    expect(order.timeline.length).toBeGreaterThan(0);
  });

  it('throws NotFoundError session_not_found for an unknown session', async () => {
    const missing = await rejection(merchant.session(MISSING_ID));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe('session_not_found');
  });
});

describe('webhook reads', () => {
  // Sign-ins, chosen addresses and the two payments: 4 + 3 + 2 events.
  const EVENTS = 9;

  it('lists one delivery per event, filtered by state, and answers one delivery with its body and attempts', async () => {
    await eventually(async () => (await merchant.webhookEvents({ state: 'delivered' })).total === EVENTS);
    expect((await merchant.webhookEvents({ state: 'failing' })).total).toBe(0);
    const page = await merchant.webhookEvents({ limit: 2 });
    expect(page).toMatchObject({ total: EVENTS, limit: 2 });
    const [latest] = page.deliveries;
    expect(latest).toMatchObject({ status: 'delivered', attempts: 1, last_attempt: { outcome: 'delivered' } });
    const delivery = await merchant.webhookDelivery(latest!.delivery_id);
    expect(delivery).toMatchObject({ delivery_id: latest!.delivery_id, event: latest!.event, status: 'delivered' });
    expect(delivery.attempt_log).toHaveLength(1);
    expect(delivery.payload).toMatchObject({ event: latest!.event });
    expect(await rejection(merchant.webhookDelivery(MISSING_ID))).toMatchObject({ code: 'delivery_not_found' });
  });
});

describe('import and audit reads', () => {
  it('lists import batches, the errors of one, and the audit log of the settings changed', async () => {
    const rows = [{ email: 'a@example.com' }, { email: 'not-an-email', legacy_customer_id: 'C2' }];
    const { batches } = await merchant.importCustomers(rows, { batchLabel: 'crm' });
    const batchId = batches[0]!.batch_id;
    expect(await merchant.importBatches()).toMatchObject({ total: 1, batches: [{ id: batchId, label: 'crm' }] });
    expect(await merchant.importErrors(batchId, { limit: 10 })).toMatchObject({
      batch_id: batchId,
      total: 1,
      issues: [{ kind: 'error', row_index: 1, error_code: 'invalid_email', legacy_external_id: 'C2' }],
    });
    expect(await rejection(merchant.importErrors(MISSING_ID))).toMatchObject({ code: 'batch_not_found' });
    const audit = await merchant.auditLog();
    expect(audit.entries.map((e) => e.action).sort()).toEqual(['cod_config', 'set_payment_config', 'webhooks']);
    expect(audit.entries[0]!.actor).toMatch(/^api key ck_/);
  });
});

describe('recordRefund', () => {
  it('records a payment paid twice as refunded: the order keeps it with its refund, and owes nothing', async () => {
    const { sessionId, buyer } = await signIn('twice@example.com');
    await chooseAddress(buyer);
    await merchant.setSessionCart(sessionId, 25_000);
    const orders = [await buyer.createOrder(), await buyer.createOrder()];
    const [first, second] = orders.map((o) => {
      const p = w.emulator.pay(o.gateway_order_id);
      return {
        gateway_order_id: p.razorpay_order_id,
        gateway_payment_id: p.razorpay_payment_id,
        gateway_signature: p.razorpay_signature,
      };
    });
    await buyer.verifyPayment(first!);
    const refused = await rejection(buyer.verifyPayment(second!));
    expect(refused).toBeInstanceOf(ConflictError);
    const paymentId = second!.gateway_payment_id;

    const record = await merchant.recordRefund(paymentId, 'rfnd_client1');
    expect(record).toMatchObject({
      gateway_payment_id: paymentId,
      session_id: sessionId,
      refund_reference: 'rfnd_client1',
    });
    expect(await merchant.recordRefund(paymentId)).toEqual(record);
    const order = await merchant.session(sessionId);
    expect(order.session.refunds_due).toBe(0);
    expect(order.orders.flatMap((o) => o.refused_payments)).toMatchObject([
      { gateway_payment_id: paymentId, refunded_at: record.refunded_at },
    ]);
    const missing = await rejection(merchant.recordRefund('pay_NotRefused01'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.code).toBe('refund_not_due');
  });
});
