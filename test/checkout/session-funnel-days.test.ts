// The admin funnel's settled days, kept at their first read, answer what counting every session would, and any change
// to a session of a kept day (status, address, UTM, payment, order, a session added) drops that day.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SessionFunnel, splitWindow } from '../../src/checkout/session-funnel.ts';
import type { Sql } from '../../src/db/sql.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DAY, iso, keptDaysShop, keptDaysWindows, NOW, START, type KeptDaysShop } from './kept-days-shop.ts';

let server: TestServer;
let shop: KeptDaysShop;
let sql: Sql;
let merchantId: string;
let sessions: KeptDaysShop['sessions'];
/** Counts every session of the window: its clock is before any day settled. */
let everySession: SessionFunnel;
let kept: SessionFunnel;

beforeAll(async () => {
  server = await startTestServer();
  shop = await keptDaysShop(server);
  ({ sql, merchantId, sessions } = shop);
  everySession = new SessionFunnel(sql, () => new Date(0));
  kept = new SessionFunnel(sql, () => new Date(NOW));
});
afterAll(async () => server?.dispose());

async function expectSameAsEverySession(): Promise<void> {
  for (const [from, to] of keptDaysWindows())
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
    expect(await shop.keptDays()).toEqual([]);
    await expectSameAsEverySession();
    const days = await shop.keptDays();
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
      ['address', (id) => shop.completeAddress(id)],
      ['utm', (id) => sql.run("UPDATE checkout_sessions SET utm_campaign = 'late' WHERE id = ?", [id])],
      ['order', (id) => shop.addOrder(id, 1_000)],
      ['paid', (id) => shop.pay(id, 77_700, 'cod')],
    ];
    for (const [i, [what, change]] of changes.entries()) {
      const { id, at } = old[i * 7]!;
      const day = iso(at).slice(0, 10);
      await sql.run('DELETE FROM session_payments WHERE session_id = ?', [id]);
      await kept.report(merchantId, iso(NOW - 30 * DAY), iso(NOW));
      expect(await shop.keptDays(), what).toContain(day);
      await change(id);
      expect(await shop.keptDays(), what).not.toContain(day);
      await expectSameAsEverySession();
    }
    const day = iso(START + 10 * DAY).slice(0, 10);
    expect(await shop.keptDays()).toContain(day);
    await shop.addSession(START + 10 * DAY + 3_600_000, 1);
    expect(await shop.keptDays()).not.toContain(day);
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
      expect(await shop.keptDays(), table).toContain(day);
      await sql.run(`UPDATE ${table} SET amount_paise = amount_paise + 1 WHERE session_id = ?`, [row!.session_id]);
      expect(await shop.keptDays(), table).not.toContain(day);
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
      const fresh = await shop.addSession(Date.now() - DAY + 60_000, 2);
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
