// A merchant set up as its operator would: created, a dashboard user added with the CLI, webhooks pointed at a receiver,
// and real buyer traffic (an email-OTP session, funnel events) so every dashboard section has something to show.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { runScript } from '../../support/run-script.ts';
import { commandEnv, type TestServer } from '../../support/server.ts';
import type { TestSmtp } from '../../support/smtp.ts';

export interface MerchantFixture {
  id: string;
  apiKey: string;
  /** GET/PATCH/POST /checkout-admin with the merchant api key, as the merchant's server would. */
  admin(method: string, action: string, body?: unknown): Promise<{ status: number; body: any }>;
  /** POST /checkout-offers with the merchant api key (create, update, list); expects 200 and returns `data`. */
  offers(body: Record<string, unknown>): Promise<any>;
}

/** Lets `email` sign in to the merchant's dashboard, as the operator does with `geopin merchant add-user`. */
export function addUser(server: TestServer, merchantId: string, email: string): void {
  const added = runScript('merchant-add-user.ts', ['--merchant-id', merchantId, '--email', email], commandEnv(server));
  expect(added.status, added.stderr).toBe(0);
}

export async function createMerchant(server: TestServer, name: string, userEmail: string): Promise<MerchantFixture> {
  const { merchant, apiKey } = await server.parts.checkout.merchants.create(name);
  addUser(server, merchant.id, userEmail);
  return {
    id: merchant.id,
    apiKey,
    async admin(method, action, body) {
      const res = await fetch(`${server.baseUrl}/checkout-admin?action=${action}`, {
        method,
        headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    async offers(body) {
      const res = await fetch(`${server.baseUrl}/checkout-offers`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = await res.json();
      expect(res.status, JSON.stringify(json)).toBe(200);
      return json.data;
    },
  };
}

/** A buyer verifies by email OTP (a session, and a session.email_verified webhook). */
export async function buyerSession(
  server: TestServer,
  smtp: TestSmtp,
  merchantId: string,
  email: string,
): Promise<string> {
  const post = async (body: unknown) => {
    const res = await fetch(`${server.baseUrl}/checkout-email-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<{ session_id: string }>;
  };
  await post({ action: 'send', email, merchant_id: merchantId });
  const code = await smtp.nextCode(email);
  return (
    await post({
      action: 'verify',
      email,
      merchant_id: merchantId,
      code,
      utm: { utm_campaign: 'diwali' },
      cart_value_paise: 129_900,
    })
  ).session_id;
}

/** Funnel events for `opened` sessions of which fewer go further at each stage. */
export async function funnelTraffic(
  server: TestServer,
  merchantId: string,
  reached: Record<string, number>,
): Promise<void> {
  const sessions = Array.from({ length: Math.max(...Object.values(reached)) }, () => randomUUID());
  for (const [event, count] of Object.entries(reached)) {
    for (const session of sessions.slice(0, count)) {
      const res = await fetch(`${server.baseUrl}/checkout-funnel-events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          merchant_id: merchantId,
          event_type: event,
          session_id: session,
          device_type: 'mobile',
        }),
      });
      expect(res.status).toBe(200);
    }
  }
}

/** A customer CSV: `rows` good rows plus rows with a bad pincode, quoted fields with commas and a doubled quote. */
export function customerCsv(rows: number, badPincodes: number): Buffer {
  const lines = ['legacy_customer_id,email,name,street_name,city,pincode,is_default'];
  for (let i = 0; i < rows; i++)
    lines.push(`C${i},buyer${i}@example.in,"Buyer ${i}, Jr","${i} ""Lake"" Road",Bengaluru,560001,yes`);
  for (let i = 0; i < badPincodes; i++) lines.push(`BAD${i},bad${i}@example.in,Bad ${i},1 Main Road,Delhi,12345,no`);
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`);
}

export interface PlacedOrder {
  sessionId: string;
  email: string;
}

/**
 * A buyer's whole checkout as the widget drives it: email code, the merchant's cart, an address, then cash on delivery.
 * The shop must allow COD (and be in Mode B for session.completed). `amountFrom: 'page'` leaves the cart to the
 * widget (the store page's amount-paise, which a buyer can edit) instead of the merchant's server.
 */
export async function placeOrder(
  server: TestServer,
  smtp: TestSmtp,
  shop: MerchantFixture,
  order: {
    email: string;
    cartPaise: number;
    pincode: string;
    street: string;
    phone?: string;
    /** Who the order ships to: Asha Rao unless given. */
    name?: string;
    utm?: Record<string, string>;
    amountFrom?: 'merchant' | 'page';
    /** What the page pays when it is not the cart (an offer taken off it); only with amountFrom 'page'. */
    paidPaise?: number;
    /** false: the buyer stops at the payment step (an open order with its address). */
    pay?: boolean;
  },
): Promise<PlacedOrder> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return await res.json();
  };
  const merchantId = shop.id;
  const fromPage = order.amountFrom === 'page';
  await post('/checkout-email-otp', { action: 'send', email: order.email, merchant_id: merchantId });
  const code = await smtp.nextCode(order.email);
  const verified = await post('/checkout-email-otp', {
    action: 'verify',
    email: order.email,
    merchant_id: merchantId,
    code,
    utm: order.utm ?? {},
    ...(fromPage ? { cart_value_paise: order.cartPaise } : {}),
  });
  // The merchant's server sets the cart it will charge, as in production (the widget's own figure is not trusted).
  const cart = { session_id: verified.session_id, cart_value_paise: order.cartPaise };
  if (!fromPage) expect((await shop.admin('POST', 'set_session_cart', cart)).status).toBe(200);
  const token = { 'x-session-token': verified.session_token as string };
  const address = {
    name: order.name ?? 'Asha Rao',
    flat_number: '12',
    street_name: order.street,
    pincode: order.pincode,
    ...(order.phone ? { phone: order.phone } : {}),
  };
  const created = await post('/checkout-addresses', { action: 'create', address }, token);
  await post('/checkout-addresses', { action: 'address_completed', address_id: created.data.address.id }, token);
  if (order.pay === false) return { sessionId: verified.session_id as string, email: order.email };
  await post(
    '/checkout-payment',
    { action: 'record_cod', ...(fromPage ? { amount_paise: order.paidPaise ?? order.cartPaise } : {}) },
    token,
  );
  return { sessionId: verified.session_id as string, email: order.email };
}

/**
 * A payment the gateway took for the session that completed nothing (what verify keeps when it refuses a paid order):
 * its gateway order and the refused payment, as test/payments/refused-payments.test.ts has the server write them.
 */
export async function refundDue(
  server: TestServer,
  merchantId: string,
  sessionId: string,
  r: { orderId: string; paymentId: string; amountPaise: number; reason?: string; at?: string },
): Promise<void> {
  const at = r.at ?? new Date().toISOString();
  await server.parts.sql.run(
    `INSERT INTO payment_orders (gateway_order_id, merchant_id, session_id, amount_paise, currency, gateway_key_id,
       created_at) VALUES (?, ?, ?, ?, 'INR', 'rzp_test_fixture', ?)`,
    [r.orderId, merchantId, sessionId, r.amountPaise, at],
  );
  await server.parts.sql.run(
    `INSERT INTO refused_payments (gateway_payment_id, gateway_order_id, merchant_id, session_id, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [r.paymentId, r.orderId, merchantId, sessionId, r.reason ?? 'amount_mismatch', at],
  );
}
