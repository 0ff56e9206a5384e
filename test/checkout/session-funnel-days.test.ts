// The admin funnel's settled days, kept at their first read, answer what counting every session would, and any change
// to a session of a kept day (status, address, UTM, payment, order, a session added) drops that day.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SessionFunnel, splitWindow } from '../../src/checkout/session-funnel.ts';
import type { Sql } from '../../src/db/sql.ts';
import { newId } from '../../src/kernel/ids.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { mulberry32 } from '../../bench/seeded.ts';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const START = NOW - 27 * DAY;
const UTMS = [
  { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'diwali' },
  { utm_source: 'google', utm_medium: null, utm_campaign: null },
  { utm_source: null, utm_medium: null, utm_campaign: null },
];
const iso = (ms: number) => new Date(ms).toISOString();

let server: TestServer;
let sql: Sql;
let merchantId: string;
let buyerId: string;
/** Counts every session of the window: its clock is before any day settled. */
let everySession: SessionFunnel;
let kept: SessionFunnel;
const sessions: Array<{ id: string; at: number }> = [];

async function addSession(at: number, n: number, utm = UTMS[n % UTMS.length]!): Promise<string> {
  const id = newId();
  await sql.run(
    `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel, email, status, utm_source,
       utm_medium, utm_campaign, created_at, expires_at) VALUES (?, ?, ?, ?, 'email', ?, 'verified', ?, ?, ?, ?, ?)`,
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
}

async function addOrder(sessionId: string, amount: number): Promise<string> {
  const orderId = `order_${newId()}`;
  await sql.run(
    `INSERT INTO payment_orders (gateway_order_id, merchant_id, session_id, amount_paise, currency, gateway_key_id,
       created_at) VALUES (?, ?, ?, ?, 'INR', 'rzp_test_k', ?)`,
    [orderId, merchantId, sessionId, amount, iso(NOW)],
  );
  return orderId;
}

async function pay(sessionId: string, amount: number, method: 'cod' | 'gateway'): Promise<void> {
  const orderId = method === 'gateway' ? await addOrder(sessionId, amount) : null;
  await sql.run(
    `INSERT INTO session_payments (session_id, merchant_id, payment_method, gateway_order_id, gateway_payment_id,
       amount_paise, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [sessionId, merchantId, method, orderId, orderId && `pay_${newId()}`, amount, iso(NOW)],
  );
  await sql.run("UPDATE checkout_sessions SET status = 'completed', completed_at = ? WHERE id = ?", [
    iso(NOW),
    sessionId,
  ]);
}

const completeAddress = (id: string) =>
  sql.run("UPDATE checkout_sessions SET status = 'address_completed', address_completed_at = ? WHERE id = ?", [
    iso(NOW),
    id,
  ]);

beforeAll(async () => {
  server = await startTestServer();
  sql = server.parts.sql;
  merchantId = (await server.parts.checkout.merchants.create('Kept days shop', ['https://shop.example'])).merchant.id;
  buyerId = newId();
  await sql.run(
    `INSERT INTO buyers (id, merchant_id, email, phone, name, legacy_customer_id, created_at, updated_at)
     VALUES (?, ?, 'b@example.in', NULL, NULL, NULL, ?, ?)`,
    [buyerId, merchantId, iso(START), iso(START)],
  );
  everySession = new SessionFunnel(sql, () => new Date(0));
  kept = new SessionFunnel(sql, () => new Date(NOW));
  const next = mulberry32(20);
  // Sessions over 27 days, two on a day's first and last millisecond, in every state.
  const times = Array.from({ length: 240 }, () => START + Math.floor(next() * 27 * DAY));
  times.push(START + 5 * DAY, START + 6 * DAY - 1);
  for (const [n, at] of times.sort((a, b) => a - b).entries()) {
    const id = await addSession(at, n);
    const fate = next();
    if (fate < 0.2) continue;
    if (fate < 0.3) {
      await sql.run("UPDATE checkout_sessions SET status = 'abandoned', abandoned_at = ? WHERE id = ?", [iso(at), id]);
      continue;
    }
    await completeAddress(id);
    if (fate < 0.5) continue;
    if (fate < 0.6) await addOrder(id, 49_900);
    else await pay(id, 10_000 + Math.floor(next() * 90_000), fate < 0.8 ? 'cod' : 'gateway');
  }
});
afterAll(async () => server?.dispose());

function windows(): Array<[string, string]> {
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

const keptDays = async () =>
  (
    await sql.all<{ day: string }>('SELECT day FROM session_funnel_days WHERE merchant_id = ? ORDER BY day', [
      merchantId,
    ])
  ).map((r) => r.day);

async function expectSameAsEverySession(): Promise<void> {
  for (const [from, to] of windows())
    expect({ from, to, ...(await kept.report(merchantId, from, to)) }).toEqual({
      from,
      to,
      ...(await everySession.report(merchantId, from, to)),
    });
}

describe('splitWindow', () => {
  it('keeps the whole days of the window that ended two days before now, and counts the rest', () => {
    const now = Date.parse('2026-11-20T10:00:00.000Z');
    const earliest = '2026-01-01T08:00:00.000Z';
    expect(splitWindow('2026-11-01T05:30:00.000Z', '2026-11-20T10:00:00.000Z', now, earliest)).toEqual({
      days: ['2026-11-02', '2026-11-17'],
      live: [
        ['2026-11-01T05:30:00.000Z', '2026-11-01T23:59:59.999Z'],
        ['2026-11-18T00:00:00.000Z', '2026-11-20T10:00:00.000Z'],
      ],
    });
    expect(splitWindow('2026-11-02T00:00:00.000Z', '2026-11-02T23:59:59.999Z', now, earliest)).toEqual({
      days: ['2026-11-02', '2026-11-02'],
      live: [],
    });
    expect(splitWindow('2026-11-18T00:00:00.000Z', '2026-11-19T00:00:00.000Z', now, earliest)).toEqual({
      days: null,
      live: [['2026-11-18T00:00:00.000Z', '2026-11-19T00:00:00.000Z']],
    });
  });

  it('keeps no day before the first session of the merchant: a window from year 1 keeps days from there', () => {
    const now = Date.parse('2026-11-20T10:00:00.000Z');
    expect(
      splitWindow('0001-01-01T00:00:00.000Z', '2026-11-20T10:00:00.000Z', now, '2026-11-10T08:00:00.000Z'),
    ).toEqual({
      days: ['2026-11-10', '2026-11-17'],
      live: [
        ['0001-01-01T00:00:00.000Z', '2026-11-09T23:59:59.999Z'],
        ['2026-11-18T00:00:00.000Z', '2026-11-20T10:00:00.000Z'],
      ],
    });
    expect(splitWindow('2026-11-01T00:00:00.000Z', '2026-11-20T10:00:00.000Z', now, null)).toEqual({
      days: null,
      live: [['2026-11-01T00:00:00.000Z', '2026-11-20T10:00:00.000Z']],
    });
  });
});

describe('SessionFunnel with kept days', () => {
  it('answers what counting every session does, before and after the days are kept', async () => {
    expect(await keptDays()).toEqual([]);
    await expectSameAsEverySession();
    const days = await keptDays();
    // From the first session's day (none before it to keep) to the last day that ended two days before now.
    expect(days[0]).toBe(iso(START).slice(0, 10));
    expect(days.at(-1)).toBe('2026-11-17');
    expect(days).toHaveLength(25);
    await expectSameAsEverySession();
    const forever = await kept.report(merchantId, iso(START), '9999-12-31T23:59:59.999Z');
    expect(forever.fromSessions.stages[0]).toMatchObject({ stage: 'verified', sessions: sessions.length });
  });

  it('drops a kept day when one of its sessions changes, in any way the funnel counts', async () => {
    await kept.report(merchantId, iso(NOW - 30 * DAY), iso(NOW));
    const old = sessions.filter((s) => s.at < NOW - 4 * DAY && s.at >= START + DAY);
    const changes: Array<[string, (id: string) => Promise<unknown>]> = [
      ['abandoned', (id) => sql.run("UPDATE checkout_sessions SET status = 'abandoned' WHERE id = ?", [id])],
      ['address', completeAddress],
      ['utm', (id) => sql.run("UPDATE checkout_sessions SET utm_campaign = 'late' WHERE id = ?", [id])],
      ['order', (id) => addOrder(id, 1_000)],
      ['paid', (id) => pay(id, 77_700, 'cod')],
    ];
    for (const [i, [what, change]] of changes.entries()) {
      const { id, at } = old[i * 7]!;
      const day = iso(at).slice(0, 10);
      await sql.run('DELETE FROM session_payments WHERE session_id = ?', [id]);
      await kept.report(merchantId, iso(NOW - 30 * DAY), iso(NOW));
      expect(await keptDays(), what).toContain(day);
      await change(id);
      expect(await keptDays(), what).not.toContain(day);
      await expectSameAsEverySession();
    }
    const day = iso(START + 10 * DAY).slice(0, 10);
    expect(await keptDays()).toContain(day);
    await addSession(START + 10 * DAY + 3_600_000, 1);
    expect(await keptDays()).not.toContain(day);
    await expectSameAsEverySession();
  });

  it('drops a kept day when a payment or gateway order of one of its sessions is updated', async () => {
    for (const table of ['payment_orders', 'session_payments']) {
      const row = await sql.get<{ session_id: string; created_at: string }>(
        `SELECT t.session_id, s.created_at FROM ${table} t JOIN checkout_sessions s ON s.id = t.session_id
         WHERE s.merchant_id = ? AND s.created_at < ? ORDER BY s.created_at LIMIT 1`,
        [merchantId, iso(NOW - 4 * DAY)],
      );
      const day = row!.created_at.slice(0, 10);
      await kept.report(merchantId, iso(NOW - 30 * DAY), iso(NOW));
      expect(await keptDays(), table).toContain(day);
      await sql.run(`UPDATE ${table} SET amount_paise = amount_paise + 1 WHERE session_id = ?`, [row!.session_id]);
      expect(await keptDays(), table).not.toContain(day);
      await expectSameAsEverySession();
    }
  });
});

const databaseUrl = inject('databaseUrl');

/** The lock a count of the merchant's days holds until it commits (src/checkout/session-funnel-days.ts). */
const holdCountLock = (tx: postgres.TransactionSql) =>
  tx`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('session_funnel_days'), hashtext(${merchantId}))) l`;

describe.skipIf(!databaseUrl)('on PostgreSQL', () => {
  it('a change to a session over a day old waits for a count of its merchant in progress', async () => {
    const url = server.parts.config.store.kind === 'postgres' ? server.parts.config.store.url : '';
    expect(url).not.toBe('');
    const counter = postgres(url, { max: 1, onnotice: () => undefined });
    const other = postgres(url, { max: 1, onnotice: () => undefined });
    try {
      const { id } = sessions.find((s) => s.at < NOW - 4 * DAY)!;
      let changed = false;
      let release!: () => void;
      const counting = counter.begin(async (tx) => {
        await holdCountLock(tx);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const change = other`UPDATE checkout_sessions SET utm_medium = 'waited' WHERE id = ${id}`.then(
        () => (changed = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(changed).toBe(false);
      release();
      await counting;
      await change;
      expect(changed).toBe(true);
      // A live session (a session lasts a day: created today or yesterday) takes no lock, so payments never queue.
      const fresh = await addSession(Date.now() - DAY + 60_000, 2);
      await counter.begin(async (tx) => {
        await holdCountLock(tx);
        await other`UPDATE checkout_sessions SET utm_medium = 'no wait' WHERE id = ${fresh}`;
      });
    } finally {
      await counter.end();
      await other.end();
    }
  });
});
