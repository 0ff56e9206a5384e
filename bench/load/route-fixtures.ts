// The per-route bench's store: merchants, a shop with a few thousand sessions, and a pool of fresh records per
// route that uses one up per request.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { OfferRepository } from '../../src/checkout/offer-repository.ts';
import { SecretBox } from '../../src/checkout/secrets.ts';
import { migrationsDir } from '../../src/db/migrate.ts';
import type { Database, Sql } from '../../src/db/sql.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { newId } from '../../src/kernel/ids.ts';
import { paymentSignature } from '../../src/payments/signature.ts';
import { insertRows, seedSessions, type SeededSession } from './seed-rows.ts';

/** Every merchant allows this browser origin; buyer requests carry it as the widget's would. */
export const ORIGIN = 'https://shop.load.example';
export const GATEWAY_KEY_ID = 'rzp_test_load';
const GATEWAY_SECRET = 'load-gateway-secret';
/** The cart of every seeded session: under the COD cap, above zero. */
export const CART_PAISE = 49_900;

export interface Merchant {
  id: string;
  key: string;
}

/** A session with a gateway order and the signed payment the buyer's browser would hand back. */
export interface SignedOrder extends SeededSession {
  orderId: string;
  paymentId: string;
  signature: string;
}

export interface RouteFixtures {
  /** The shop the reads and the admin reads look at: a few thousand sessions, offers, funnel events, deliveries. */
  shop: Merchant;
  /** The shop whose pools the buyer writes use up: payments and COD enabled. */
  pay: Merchant;
  /** The merchant of admin writes (settings, offers, imports), so they change nothing another route reads. */
  admin: Merchant;
  /** Funnel events are limited per merchant per minute (3000): the funnel route rotates over these. */
  funnelMerchants: string[];
  /** Sessions of the shop with three addresses each: the buyer reads (and address updates) rotate over them. */
  browse: SeededSession[];
  /** Pay-shop sessions with their address completed, for address create and create_order (neither uses one up). */
  open: SeededSession[];
  /** One per request: sessions with an unpaid order (payment verify). */
  orders: SignedOrder[];
  /** One per request: sessions with their address selected (record_cod). */
  cod: SeededSession[];
  /** One per request: a live code for a fresh email (OTP verify). */
  codes: Array<{ email: string; code: string }>;
}

export interface FixtureSizes {
  /** Sessions of the shop (the admin listing). */
  shopSessions: number;
  /** Records in each one-per-request pool. */
  pool: number;
}

/** Seeds everything; `masterKey` is the server's CHECKOUT_ENCRYPTION_KEY (secrets sealed and codes hashed with it). */
export async function seedRouteFixtures(db: Database, masterKey: Buffer, sizes: FixtureSizes): Promise<RouteFixtures> {
  const box = new SecretBox(masterKey);
  const merchants = new MerchantRepository(db, systemClock);
  const create = async (name: string): Promise<Merchant> => {
    const { merchant, apiKey } = await merchants.create(name, [ORIGIN]);
    await merchants.update(merchant.id, {
      enable_cod: true,
      cod_max_cart_value_paise: 500_000,
      cod_blocked_pincodes: Array.from({ length: 40 }, (_, i) => String(700_001 + i)),
      payment_enabled: true,
      gateway_key_id: GATEWAY_KEY_ID,
      gateway_secret_enc: box.encrypt(GATEWAY_SECRET),
    });
    return { id: merchant.id, key: apiKey };
  };
  const shop = await create('Load shop');
  const pay = await create('Pay shop');
  const admin = await create('Admin shop');
  const funnelMerchants: string[] = [];
  for (let i = 0; i < 60; i++) funnelMerchants.push((await merchants.create(`Funnel ${i}`, [ORIGIN])).merchant.id);

  const shopSessions = await seedSessions(db, {
    merchantId: shop.id,
    count: sizes.shopSessions,
    addresses: 3,
    status: 'verified',
    cartValuePaise: CART_PAISE,
    spreadDays: 29,
    tag: 'shop',
  });
  await seedShopHistory(db, shop.id, shopSessions);
  const seed = (tag: string, status: 'verified' | 'address_completed', addresses = 1) =>
    seedSessions(db, {
      merchantId: pay.id,
      count: sizes.pool,
      addresses,
      status,
      cartValuePaise: CART_PAISE,
      spreadDays: 1,
      tag,
    });
  const open = await seed('open', 'address_completed');
  const orders = await signedOrders(db, pay.id, await seed('orders', 'verified', 0));
  const cod = await seed('cod', 'address_completed');
  const codes = await liveCodes(db, box, pay.id, sizes.pool);
  // Planner statistics, as autovacuum keeps them on a server that has run a while (a fresh bulk load has none).
  if (db.dialect === 'postgres') await db.run('ANALYZE');
  return {
    shop,
    pay,
    admin,
    funnelMerchants,
    browse: shopSessions.slice(-200),
    open,
    orders,
    cod,
    codes,
  };
}

/** Orders as create_order leaves them, and the signature the gateway would give the buyer for paying each. */
async function signedOrders(sql: Sql, merchantId: string, sessions: SeededSession[]): Promise<SignedOrder[]> {
  const now = new Date().toISOString();
  const signed = sessions.map((s) => {
    const orderId = `order_${randomBytes(10).toString('hex')}`;
    const paymentId = `pay_${randomBytes(10).toString('hex')}`;
    return { ...s, orderId, paymentId, signature: paymentSignature(orderId, paymentId, GATEWAY_SECRET) };
  });
  await insertRows(
    sql,
    'payment_orders',
    ['gateway_order_id', 'merchant_id', 'session_id', 'amount_paise', 'currency', 'gateway_key_id', 'created_at'],
    signed.map((s) => [s.orderId, merchantId, s.sessionId, CART_PAISE, 'INR', GATEWAY_KEY_ID, now]),
  );
  return signed;
}

/** OTP rows as a send leaves them (hashed with the server's key), one fresh email each. */
async function liveCodes(sql: Sql, box: SecretBox, merchantId: string, count: number) {
  const now = new Date();
  const expires = new Date(now.getTime() + 3_600_000).toISOString();
  const codes = Array.from({ length: count }, (_, i) => ({
    email: `verify-${i}@load.example`,
    code: String(100_000 + ((i * 7919) % 900_000)),
  }));
  await insertRows(
    sql,
    'otp_codes',
    ['merchant_id', 'email', 'code_hash', 'created_at', 'expires_at'],
    codes.map((c) => [merchantId, c.email, box.hashOtp(merchantId, c.email, c.code), now.toISOString(), expires]),
  );
  return codes;
}

/** What a shop's admin pages read: paid and COD sessions, offers, funnel events and webhook delivery attempts. */
async function seedShopHistory(db: Database, merchantId: string, sessions: SeededSession[]): Promise<void> {
  const now = Date.now();
  const at = (i: number, n: number) => new Date(now - ((n - i) / n) * 29 * 86_400_000).toISOString();
  const paid = sessions.filter((_, i) => i % 4 === 0);
  const orders = paid.map((s, i) => [
    `order_shop_${i}`,
    merchantId,
    s.sessionId,
    49_900,
    'INR',
    GATEWAY_KEY_ID,
    at(i, paid.length),
  ]);
  await insertRows(
    db,
    'payment_orders',
    ['gateway_order_id', 'merchant_id', 'session_id', 'amount_paise', 'currency', 'gateway_key_id', 'created_at'],
    orders,
  );
  await insertRows(
    db,
    'session_payments',
    [
      'session_id',
      'merchant_id',
      'payment_method',
      'gateway_order_id',
      'gateway_payment_id',
      'amount_paise',
      'created_at',
    ],
    paid.map((s, i) =>
      i % 2 === 0
        ? [s.sessionId, merchantId, 'gateway', `order_shop_${i}`, `pay_shop_${i}`, 49_900, at(i, paid.length)]
        : [s.sessionId, merchantId, 'cod', null, null, 49_900, at(i, paid.length)],
    ),
  );
  const offers = new OfferRepository(db, systemClock);
  for (let i = 0; i < 10; i++)
    await offers.insert(merchantId, {
      title: `Offer ${i}`,
      description: 'Seasonal discount',
      discount_type: i % 2 === 0 ? 'percent' : 'flat',
      discount_value: i % 2 === 0 ? 10 : 5000,
      min_cart_value_paise: i * 10_000,
      utm_rules: i % 3 === 0 ? { utm_source: 'instagram' } : {},
      priority: i,
      active: true,
      starts_at: null,
      ends_at: null,
    });
  const events = ['checkout_opened', 'email_entered', 'otp_verified', 'address_selected', 'payment_selected'];
  const funnel: unknown[][] = [];
  for (let i = 0; i < 20_000; i++) {
    const s = sessions[i % sessions.length]!;
    funnel.push([
      merchantId,
      i % 5 === 4 ? null : s.sessionId,
      events[i % events.length],
      'widget',
      'mobile',
      'web',
      at(i, 20_000),
    ]);
  }
  await insertRows(
    db,
    'funnel_events',
    ['merchant_id', 'session_id', 'event_type', 'step', 'device_type', 'platform', 'created_at'],
    funnel,
  );
  await fillFunnelRollups(db);
  await seedDeliveries(db, merchantId, 300);
}

/** The funnel's daily counts of the events seeded above, filled by the statements of the migration that added them. */
async function fillFunnelRollups(sql: Sql): Promise<void> {
  const step = readFileSync(`${migrationsDir()}017-funnel-rollups.${sql.dialect}.sql`, 'utf8');
  for (const statement of step.split(/;\s*\n/).map((s) => s.replace(/^--.*$/gm, '').trim()))
    if (statement.startsWith('INSERT')) await sql.run(statement);
}

/** Finished outbox rows (nothing for the dispatcher to pick up) and two logged attempts each. */
async function seedDeliveries(sql: Sql, merchantId: string, count: number): Promise<void> {
  const at = new Date(Date.now() - 3_600_000).toISOString();
  const payload = (i: number) =>
    JSON.stringify({ event: 'session.email_verified', merchant_id: merchantId, session_id: newId(), data: { i } });
  await insertRows(
    sql,
    'webhook_outbox',
    ['merchant_id', 'event', 'payload', 'delivery_id', 'status', 'attempts', 'next_attempt_at', 'created_at'],
    Array.from({ length: count }, (_, i) => [
      merchantId,
      'session.email_verified',
      payload(i),
      newId(),
      i % 3 === 0 ? 'failed' : 'delivered',
      2,
      at,
      at,
    ]),
  );
  const ids = await sql.all<{ id: number }>('SELECT id FROM webhook_outbox WHERE merchant_id = ? ORDER BY id', [
    merchantId,
  ]);
  await insertRows(
    sql,
    'webhook_deliveries',
    ['merchant_id', 'outbox_id', 'attempt', 'http_status', 'response_body', 'error', 'next_retry_at', 'created_at'],
    ids.flatMap(({ id }, i) => [
      [merchantId, id, 1, 500, '{"error":"upstream timeout"}', null, at, at],
      [merchantId, id, 2, i % 3 === 0 ? 500 : 200, i % 3 === 0 ? 'Internal Server Error' : 'ok', null, null, at],
    ]),
  );
}
