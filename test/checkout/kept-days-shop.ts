// A shop of 242 sessions over 27 days in every state (abandoned, address given, an order, paid by COD or gateway),
// written straight into the store, for the tests of the funnel's kept days and of what they answer.
import type { Sql } from '../../src/db/sql.ts';
import { newId } from '../../src/kernel/ids.ts';
import type { TestServer } from '../support/server.ts';
import { mulberry32 } from '../../bench/seeded.ts';

export const DAY = 86_400_000;
export const NOW = Date.parse('2026-11-20T10:00:00.000Z');
export const START = NOW - 27 * DAY;
const UTMS = [
  { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'diwali' },
  { utm_source: 'google', utm_medium: null, utm_campaign: null },
  { utm_source: null, utm_medium: null, utm_campaign: null },
];
export const iso = (ms: number) => new Date(ms).toISOString();

export interface KeptDaysShop {
  sql: Sql;
  merchantId: string;
  /** Every session added, in the order added. */
  sessions: Array<{ id: string; at: number }>;
  addSession(at: number, n: number): Promise<string>;
  addOrder(sessionId: string, amount: number): Promise<string>;
  pay(sessionId: string, amount: number, method: 'cod' | 'gateway'): Promise<void>;
  completeAddress(sessionId: string): Promise<unknown>;
  /** The days kept for the shop, oldest first. */
  keptDays(): Promise<string[]>;
}

export async function keptDaysShop(server: TestServer): Promise<KeptDaysShop> {
  const sql = server.parts.sql;
  const merchantId = (await server.parts.checkout.merchants.create('Kept days shop', ['https://shop.example'])).merchant
    .id;
  const buyerId = newId();
  await sql.run(
    `INSERT INTO buyers (id, merchant_id, email, phone, name, legacy_customer_id, created_at, updated_at)
     VALUES (?, ?, 'b@example.in', NULL, NULL, NULL, ?, ?)`,
    [buyerId, merchantId, iso(START), iso(START)],
  );
  const sessions: KeptDaysShop['sessions'] = [];
  const shop: KeptDaysShop = {
    sql,
    merchantId,
    sessions,
    async addSession(at, n) {
      const id = newId();
      const utm = UTMS[n % UTMS.length]!;
      await sql.run(
        `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel, email, status, utm_source,
           utm_medium, utm_campaign, created_at, expires_at)
         VALUES (?, ?, ?, ?, 'email', ?, 'verified', ?, ?, ?, ?, ?)`,
        [
          id,
          merchantId,
          buyerId,
          newId(),
          `b${n}@example.in`,
          utm.utm_source,
          utm.utm_medium,
          utm.utm_campaign,
          iso(at),
          iso(at + DAY),
        ],
      );
      sessions.push({ id, at });
      return id;
    },
    async addOrder(sessionId, amount) {
      const orderId = `order_${newId()}`;
      await sql.run(
        `INSERT INTO payment_orders (gateway_order_id, merchant_id, session_id, amount_paise, currency, gateway_key_id,
           created_at) VALUES (?, ?, ?, ?, 'INR', 'rzp_test_k', ?)`,
        [orderId, merchantId, sessionId, amount, iso(NOW)],
      );
      return orderId;
    },
    async pay(sessionId, amount, method) {
      const orderId = method === 'gateway' ? await shop.addOrder(sessionId, amount) : null;
      await sql.run(
        `INSERT INTO session_payments (session_id, merchant_id, payment_method, gateway_order_id, gateway_payment_id,
           amount_paise, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [sessionId, merchantId, method, orderId, orderId && `pay_${newId()}`, amount, iso(NOW)],
      );
      await sql.run("UPDATE checkout_sessions SET status = 'completed', completed_at = ? WHERE id = ?", [
        iso(NOW),
        sessionId,
      ]);
    },
    completeAddress: (id) =>
      sql.run("UPDATE checkout_sessions SET status = 'address_completed', address_completed_at = ? WHERE id = ?", [
        iso(NOW),
        id,
      ]),
    keptDays: async () =>
      (
        await sql.all<{ day: string }>('SELECT day FROM session_funnel_days WHERE merchant_id = ? ORDER BY day', [
          merchantId,
        ])
      ).map((r) => r.day),
  };
  const next = mulberry32(20);
  // Sessions over 27 days, two on a day's first and last millisecond, in every state.
  const times = Array.from({ length: 240 }, () => START + Math.floor(next() * 27 * DAY));
  times.push(START + 5 * DAY, START + 6 * DAY - 1);
  for (const [n, at] of times.sort((a, b) => a - b).entries()) {
    const id = await shop.addSession(at, n);
    const fate = next();
    if (fate < 0.2) continue;
    if (fate < 0.3) {
      await sql.run("UPDATE checkout_sessions SET status = 'abandoned', abandoned_at = ? WHERE id = ?", [iso(at), id]);
      continue;
    }
    await shop.completeAddress(id);
    if (fate < 0.5) continue;
    if (fate < 0.6) await shop.addOrder(id, 49_900);
    else await shop.pay(id, 10_000 + Math.floor(next() * 90_000), fate < 0.8 ? 'cod' : 'gateway');
  }
  return shop;
}

/** Windows on and off day boundaries over the shop's days, one to the end of time, and random ones. */
export function keptDaysWindows(): Array<[string, string]> {
  const next = mulberry32(9);
  const fixed: Array<[number, number]> = [
    [NOW - 30 * DAY, NOW],
    [START, START + 27 * DAY - 1],
    [START + 5 * DAY, START + 6 * DAY - 1],
    [START + 5 * DAY - 1, START + 6 * DAY],
    [START + 3 * DAY + 19_800_000, START + 9 * DAY + 19_800_000 - 1],
    [NOW - DAY, NOW],
    [START, Date.parse('9999-12-31T23:59:59.999Z')],
  ];
  const random = Array.from({ length: 12 }, (): [number, number] => {
    const a = START + Math.floor(next() * 27 * DAY);
    return [a, Math.min(NOW, a + Math.floor(next() * 20 * DAY))];
  });
  return [...fixed, ...random].map(([a, b]) => [iso(a), iso(b)]);
}
