// Two fully configured shops on one real app (gateway emulator, webhook receiver, SMTP): buyers, addresses, orders, imports, deliveries.
import { randomUUID } from 'node:crypto';
import type { EmulatedPayment } from '../../../src/payments/gateway-emulator.ts';
import { dataOf, ok, scalar, type Harness } from '../../checkout/support.ts';
import { datasetDir } from '../../support/dataset.ts';
import { startWorld, type World } from '../../payments/support/shop.ts';

export const GATEWAY_KEYS: Record<string, string> = { rzp_shop_a: 'gw_secret_shop_a', rzp_shop_b: 'gw_secret_shop_b' };

export interface Shop {
  id: string;
  key: string;
  origin: string;
  offerId: string;
  batchId: string;
  /** A delivery id of this shop's webhook log. */
  deliveryId: string;
  /** Words only this shop's data contains (offer title, import rows, secrets). */
  words: string[];
}

export interface Buyer {
  email: string;
  token: string;
  sessionId: string;
  buyerId: string;
  addressId: string;
  street: string;
}

export interface TwoShops extends World {
  a: Shop;
  b: Shop;
  /** Shop A's buyer with a paid order (session 1) and an unpaid one (session 2) whose signed payment is not yet recorded. */
  a1: Buyer & {
    token2: string;
    sessionId2: string;
    paidOrder: string;
    paymentId: string;
    openOrder: string;
    openPayment: EmulatedPayment;
  };
  a2: Buyer;
  b1: Buyer;
}

export async function openTwoShops(): Promise<TwoShops> {
  const w = await startWorld(GATEWAY_KEYS, { DATA_OUT_DIR: datasetDir });
  const { h, emulator } = w;
  const a = await shop(w, 'A', 'rzp_shop_a', 500_000, '110001', 3);
  const b = await shop(w, 'B', 'rzp_shop_b', 700_000, '400001', 1);
  const a1 = await buyer(h, a, 'a1-buyer@example.com', 'Flat 1A Hidden Lane');
  const a2 = await buyer(h, a, 'a2-buyer@example.com', 'Flat 2B Other Lane');
  const b1 = await buyer(h, b, 'b1-buyer@example.com', 'Flat 3C Far Lane');
  ok(await h.addresses(a1.token, { action: 'address_completed', address_id: a1.addressId }), 'a1 address');
  ok(
    await h.admin('POST', 'set_session_cart', a.key, { session_id: a1.sessionId, cart_value_paise: 100_000 }),
    'a1 cart',
  );
  const paidOrder = ok(await h.payment(a1.token, { action: 'create_order' }), 'a1 order').gateway_order_id as string;
  const paid = emulator.pay(paidOrder);
  const verify = {
    action: 'verify',
    gateway_order_id: paid.razorpay_order_id,
    gateway_payment_id: paid.razorpay_payment_id,
    gateway_signature: paid.razorpay_signature,
  };
  ok(await h.payment(a1.token, verify), 'a1 verify');
  const second = await h.login(a.id, a1.email);
  ok(
    await h.addresses(second.session_token, { action: 'address_completed', address_id: a1.addressId }),
    'a1 address 2',
  );
  ok(
    await h.admin('POST', 'set_session_cart', a.key, { session_id: second.session_id, cart_value_paise: 50_000 }),
    'a1 cart 2',
  );
  const openOrder = ok(await h.payment(second.session_token, { action: 'create_order' }), 'a1 order 2')
    .gateway_order_id as string;
  const a1Full = {
    ...a1,
    token2: second.session_token,
    sessionId2: second.session_id,
    paidOrder,
    paymentId: paid.razorpay_payment_id,
    openOrder,
    openPayment: emulator.pay(openOrder),
  };
  await outboxIdle(h);
  for (const s of [a, b])
    s.deliveryId = await scalar<string>(
      h.sql,
      'SELECT delivery_id FROM webhook_outbox WHERE merchant_id = ? ORDER BY id LIMIT 1',
      [s.id],
    );
  return { ...w, a, b, a1: a1Full, a2, b1 };
}

/** A merchant configured through the admin API: COD, webhooks, gateway keys, an offer, an import batch with a row error, a test webhook, funnel events. */
async function shop(
  w: World,
  tag: string,
  keyId: string,
  codMax: number,
  blocked: string,
  events: number,
): Promise<Shop> {
  const { h } = w;
  const origin = `https://shop-${tag.toLowerCase()}.example`;
  const m = await h.merchant(`Shop ${tag}`, [origin]);
  const secret = `whsec_shop_${tag}_0123456789abcdef`;
  ok(
    await h.admin('PATCH', 'cod_config', m.key, {
      enable_cod: true,
      cod_max_cart_value_paise: codMax,
      cod_blocked_pincodes: [blocked],
    }),
    'cod',
  );
  ok(await h.admin('PATCH', 'webhooks', m.key, { webhook_url: w.receiver.url, webhook_secret: secret }), 'webhooks');
  ok(
    await h.admin('PATCH', 'set_payment_config', m.key, {
      gateway_key_id: keyId,
      gateway_secret_key: GATEWAY_KEYS[keyId],
    }),
    'payment',
  );
  const offer = dataOf(
    await h.call('POST', '/checkout-offers', {
      headers: { 'x-api-key': m.key },
      body: { action: 'create', title: `Shop ${tag} hidden offer`, discount_type: 'percent', discount_value: 10 },
    }),
  );
  const rows = [
    {
      legacy_customer_id: `legacy-${tag}-1`,
      email: `imported-${tag.toLowerCase()}@example.com`,
      name: `Imported ${tag}`,
      street_name: `${tag} Import Street 9`,
      city: 'Pune',
      pincode: '411001',
    },
    { legacy_customer_id: `legacy-${tag}-bad`, email: 'not-an-email' },
  ];
  const batch = dataOf(await h.admin('POST', 'import_customers', m.key, { batch_label: `Batch ${tag}`, rows }));
  ok(await h.admin('POST', 'test_webhook', m.key), 'test webhook');
  for (let i = 0; i < events; i++) {
    const event = {
      merchant_id: m.id,
      event_type: 'checkout_opened',
      step: 'email',
      device_type: 'mobile',
      platform: 'web',
      session_id: randomUUID(),
    };
    ok(await h.call('POST', '/checkout-funnel-events', { body: event, headers: { origin } }), 'funnel');
  }
  const words = [
    m.key,
    offer.id,
    `Shop ${tag} hidden offer`,
    batch.batch_id,
    `Batch ${tag}`,
    `legacy-${tag}-1`,
    `${tag} Import Street 9`,
    secret,
    GATEWAY_KEYS[keyId]!,
    keyId,
  ];
  return { id: m.id, key: m.key, origin, offerId: offer.id, batchId: batch.batch_id, deliveryId: '', words };
}

async function buyer(h: Harness, s: Shop, email: string, street: string): Promise<Buyer> {
  const login = await h.login(s.id, email);
  const address = {
    name: email.split('@')[0],
    phone: '+919876543210',
    street_name: street,
    city: 'Bengaluru',
    pincode: '560001',
  };
  const created = dataOf(await h.addresses(login.session_token, { action: 'create', address }, { origin: s.origin }));
  return {
    email,
    token: login.session_token,
    sessionId: login.session_id,
    buyerId: login.buyer_id,
    addressId: created.address.id,
    street,
  };
}

/** Waits until the dispatcher has delivered every queued webhook, so outbox rows stop changing. */
export async function outboxIdle(h: Harness): Promise<void> {
  const busy = () => scalar(h.sql, "SELECT COUNT(*) FROM webhook_outbox WHERE status IN ('pending', 'sending')");
  for (let i = 0; i < 200 && (await busy()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
  if ((await busy()) > 0) throw new Error('webhook outbox did not drain');
}
