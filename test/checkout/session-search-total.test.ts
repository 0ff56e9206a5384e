// The sessions listing's total, taken from the funnel's kept days where each settled day of the window is kept, is
// the number of sessions the filter lists, for windows on and off day boundaries and after a kept day is dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionFunnel } from '../../src/checkout/session-funnel.ts';
import { SessionSearch, type SessionFilter } from '../../src/checkout/session-search.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { DAY, iso, keptDaysShop, keptDaysWindows, NOW, type KeptDaysShop } from './kept-days-shop.ts';

const FILTERS: Array<Omit<SessionFilter, 'from' | 'to'>> = [
  {},
  { status: 'verified' },
  { status: 'address_completed' },
  { status: 'completed' },
  { status: 'abandoned' },
  { payment_method: 'none' },
  { payment_method: 'none', status: 'address_completed' },
  { payment_method: 'cod' },
  { payment_method: 'gateway', status: 'completed' },
  { q: 'b1' },
];

let server: TestServer;
let shop: KeptDaysShop;
let search: SessionSearch;

beforeAll(async () => {
  server = await startTestServer();
  shop = await keptDaysShop(server);
  search = new SessionSearch(shop.sql, () => new Date(NOW));
});
afterAll(async () => server?.dispose());

/** Each filter's total over each window is the number of sessions it lists. */
async function expectTotalsListed(): Promise<void> {
  for (const [from, to] of keptDaysWindows())
    for (const filter of FILTERS) {
      const { sessions, total } = await search.list(shop.merchantId, { from, to, ...filter }, 1000, 0);
      expect({ from, to, filter, total }).toEqual({ from, to, filter, total: sessions.length });
    }
}

describe('SessionSearch total', () => {
  it('is the number of sessions listed, before and after the funnel keeps the days of the window', async () => {
    await expectTotalsListed();
    const funnel = new SessionFunnel(shop.sql, () => new Date(NOW));
    for (const [from, to] of keptDaysWindows()) await funnel.report(shop.merchantId, from, to);
    expect(await shop.keptDays()).toHaveLength(25);
    await expectTotalsListed();
  });

  it('comes from the kept days when each one is kept, and is counted when one is not', async () => {
    const funnel = new SessionFunnel(shop.sql, () => new Date(NOW));
    const [from, to] = [iso(NOW - 30 * DAY), iso(NOW)];
    await funnel.report(shop.merchantId, from, to);
    const total = async () => (await search.list(shop.merchantId, { from, to }, 1, 0)).total;
    const counted = await total();
    // A kept count nobody could have written shows which one answered.
    const { day, group_no } = (await shop.sql.get<{ day: string; group_no: number }>(
      'SELECT day, group_no FROM session_funnel_groups WHERE merchant_id = ? ORDER BY day, group_no LIMIT 1 OFFSET 9',
      [shop.merchantId],
    ))!;
    await shop.sql.run(
      'UPDATE session_funnel_groups SET sessions = sessions + 1000 WHERE merchant_id = ? AND day = ? AND group_no = ?',
      [shop.merchantId, day, group_no],
    );
    expect(await total()).toBe(counted + 1000);
    await shop.sql.run('DELETE FROM session_funnel_days WHERE merchant_id = ? AND day = ?', [shop.merchantId, day]);
    expect(await total()).toBe(counted);
    // A session added to a kept day drops it: the total counts it.
    await funnel.report(shop.merchantId, from, to);
    await shop.addSession(Date.parse(`${(await shop.keptDays())[5]!}T12:00:00.000Z`), 7);
    expect(await total()).toBe(counted + 1);
    await expectTotalsListed();
  });

  it('keeps the settled days a listing counts, so the next one reads them instead of every session', async () => {
    await shop.sql.run('DELETE FROM session_funnel_days WHERE merchant_id = ?', [shop.merchantId]);
    await shop.sql.run('DELETE FROM session_funnel_groups WHERE merchant_id = ?', [shop.merchantId]);
    const [from, to] = [iso(NOW - 30 * DAY), iso(NOW)];
    const total = async () => (await search.list(shop.merchantId, { from, to }, 1, 0)).total;
    const counted = await total();
    expect(counted).toBe(shop.sessions.length);
    // The shop's first day to the last settled one, as the funnel keeps them.
    expect(await shop.keptDays()).toHaveLength(25);
    await shop.sql.run(
      'UPDATE session_funnel_groups SET sessions = sessions + 1000 WHERE merchant_id = ? AND day = ?',
      [shop.merchantId, (await shop.keptDays())[3]!],
    );
    const groups = await shop.sql.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM session_funnel_groups WHERE merchant_id = ? AND day = ?',
      [shop.merchantId, (await shop.keptDays())[3]!],
    );
    expect(await total()).toBe(counted + 1000 * Number(groups!.n));
  });
});
