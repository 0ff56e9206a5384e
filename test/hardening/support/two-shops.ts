// Two fully configured shops on one real server (gateway emulator, webhook receiver, SMTP): buyers, addresses, orders, imports.
import { startGatewayEmulator, type EmulatedPayment, type RunningEmulator } from '../../../src/payments/gateway-emulator.ts';
import { startHarness, type Harness, type Reply } from '../../checkout/support.ts';
import { datasetDir } from '../../support/dataset.ts';
import { startReceiver, type Receiver } from '../../webhooks/support/receiver.ts';

export const GATEWAY_KEYS: Record<string, string> = { rzp_shop_a: 'gw_secret_shop_a', rzp_shop_b: 'gw_secret_shop_b' };

export interface Shop {
  id: string;
  key: string;
  origin: string;
  offerId: string;
  batchId: string;
  /** Words only this shop's data contains (offer title, import rows, secrets). */
  words: string[];
}

export interface Buyer {
  email: string;
  token: string;
  sessionId: string;
  buyerId: string;
  addressId: string;
  line1: string;
}

export interface TwoShops {
  h: Harness;
  emulator: RunningEmulator;
  receiver: Receiver;
  a: Shop;
  b: Shop;
  /** Shop A's buyer with a paid order (session 1) and an unpaid one (session 2) whose signed payment is not yet recorded. */
  a1: Buyer & { token2: string; sessionId2: string; paidOrder: string; paymentId: string; openOrder: string; openPayment: EmulatedPayment };
  a2: Buyer;
  b1: Buyer;
  dispose(): Promise<void>;
}

/** Throws unless the reply is 2xx; returns its body. */
export function ok(reply: Reply, what: string): any {
  if (reply.status >= 300) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

export async function openTwoShops(): Promise<TwoShops> {
  const emulator = await startGatewayEmulator({ keys: GATEWAY_KEYS });
  const receiver = await startReceiver();
  const h = await startHarness({ DATA_OUT_DIR: datasetDir, GATEWAY_BASE_URL: emulator.baseUrl });
  const a = await shop(h, receiver, 'A', 'rzp_shop_a', 500_000, '110001', 3);
  const b = await shop(h, receiver, 'B', 'rzp_shop_b', 700_000, '400001', 1);
  const a1 = await buyer(h, a, 'a1-buyer@example.com', 'Flat 1A Hidden Lane');
  const a2 = await buyer(h, a, 'a2-buyer@example.com', 'Flat 2B Other Lane');
  const b1 = await buyer(h, b, 'b1-buyer@example.com', 'Flat 3C Far Lane');
  const as = (token: string) => ({ 'x-session-token': token });
  ok(await h.call('POST', '/checkout-addresses', { headers: as(a1.token), body: { action: 'address_completed', address_id: a1.addressId } }), 'a1 address');
  ok(await h.call('POST', '/checkout-addresses', { headers: as(a1.token), body: { action: 'update_session', cart_value_paise: 100_000 } }), 'a1 cart');
  const paidOrder = ok(await h.call('POST', '/checkout-payment?action=create_order', { headers: as(a1.token), body: { amount_paise: 100_000 } }), 'a1 order').gateway_order_id as string;
  const paid = emulator.pay(paidOrder);
  const verify = { gateway_order_id: paid.razorpay_order_id, gateway_payment_id: paid.razorpay_payment_id, gateway_signature: paid.razorpay_signature };
  ok(await h.call('POST', '/checkout-payment?action=verify', { headers: as(a1.token), body: verify }), 'a1 verify');
  const second = await h.login(a.id, a1.email);
  const openOrder = ok(await h.call('POST', '/checkout-payment?action=create_order', { headers: as(second.session_token), body: { amount_paise: 50_000 } }), 'a1 order 2').gateway_order_id as string;
  const a1Full = { ...a1, token2: second.session_token, sessionId2: second.session_id, paidOrder, paymentId: paid.razorpay_payment_id, openOrder, openPayment: emulator.pay(openOrder) };
  await outboxIdle(h);
  return {
    h, emulator, receiver, a, b, a1: a1Full, a2, b1,
    async dispose() {
      await h.dispose();
      await receiver.close();
      await emulator.close();
    },
  };
}

/** A merchant configured through the admin API: COD, webhooks, gateway keys, an offer, an import batch with a row error, a test webhook, funnel events. */
async function shop(h: Harness, receiver: Receiver, tag: string, keyId: string, codMax: number, blocked: string, events: number): Promise<Shop> {
  const origin = `https://shop-${tag.toLowerCase()}.example`;
  const m = h.merchant(`Shop ${tag}`, [origin]);
  const admin = { 'x-api-key': m.key };
  const secret = `whsec_shop_${tag}_0123456789abcdef`;
  ok(await h.call('PATCH', '/checkout-admin?action=cod_config', { headers: admin, body: { enable_cod: true, cod_max_cart_value_paise: codMax, cod_blocked_pincodes: [blocked] } }), 'cod');
  ok(await h.call('PATCH', '/checkout-admin?action=webhooks', { headers: admin, body: { webhook_url: receiver.url, webhook_secret: secret } }), 'webhooks');
  ok(await h.call('PATCH', '/checkout-admin?action=set_payment_config', { headers: admin, body: { gateway_key_id: keyId, gateway_secret_key: GATEWAY_KEYS[keyId] } }), 'payment');
  const offer = ok(await h.call('POST', '/checkout-offers', { headers: admin, body: { action: 'create', title: `Shop ${tag} hidden offer`, discount_type: 'percent', discount_value: 10 } }), 'offer');
  const rows = [
    { legacy_external_id: `legacy-${tag}-1`, email: `imported-${tag.toLowerCase()}@example.com`, name: `Imported ${tag}`, address_line1: `${tag} Import Street 9`, city: 'Pune', pincode: '411001' },
    { legacy_external_id: `legacy-${tag}-bad`, email: 'not-an-email' },
  ];
  const batch = ok(await h.call('POST', '/checkout-admin?action=import_customers', { headers: admin, body: { batch_label: `Batch ${tag}`, rows } }), 'import');
  ok(await h.call('POST', '/checkout-admin?action=test_webhook', { headers: admin }), 'test webhook');
  for (let i = 0; i < events; i++) {
    const event = { merchant_id: m.id, event_type: 'checkout_opened', step: 'email', device_type: 'mobile', platform: 'web', session_id: `funnel-${tag}-${i}` };
    ok(await h.call('POST', '/checkout-funnel-events', { body: event, headers: { origin } }), 'funnel');
  }
  const words = [m.key, offer.data.id, `Shop ${tag} hidden offer`, batch.data.batch_id, `Batch ${tag}`, `legacy-${tag}-1`, `${tag} Import Street 9`, secret, GATEWAY_KEYS[keyId]!, keyId];
  return { id: m.id, key: m.key, origin, offerId: offer.data.id, batchId: batch.data.batch_id, words };
}

async function buyer(h: Harness, s: Shop, email: string, line1: string): Promise<Buyer> {
  const login = await h.login(s.id, email);
  const address = { name: email.split('@')[0], phone: '+919876543210', line1, city: 'Bengaluru', pincode: '560001' };
  const created = ok(await h.call('POST', '/checkout-addresses', { headers: { 'x-session-token': login.session_token, origin: s.origin }, body: { action: 'create', address } }), 'address');
  return { email, token: login.session_token, sessionId: login.session_id, buyerId: login.buyer_id, addressId: created.address.id, line1 };
}

/** Waits until the dispatcher has delivered every queued webhook, so outbox rows stop changing. */
export async function outboxIdle(h: Harness): Promise<void> {
  const busy = h.server.ctx.db.prepare("SELECT COUNT(*) FROM webhook_outbox WHERE status IN ('pending', 'sending')").pluck();
  for (let i = 0; i < 200 && (busy.get() as number) > 0; i++) await new Promise((r) => setTimeout(r, 50));
  if ((busy.get() as number) > 0) throw new Error('webhook outbox did not drain');
}
