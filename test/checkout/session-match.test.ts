// A search of the sessions listing (the start of an email or of an id, or a pincode) lists exactly the sessions of
// the window a scan of every one would, newest first, each once, whatever the window, the case or the start's length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matching, SessionSearch } from '../../src/checkout/session-search.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newId } from '../../src/kernel/ids.ts';
import { iso, keptDaysShop, keptDaysWindows, NOW, type KeptDaysShop } from './kept-days-shop.ts';

let server: TestServer;
let shop: KeptDaysShop;
let search: SessionSearch;
let rows: Array<{ id: string; email: string; created_at: string; pincode: string | null }>;
const PINCODES = ['560001', '110001', '400069'];

beforeAll(async () => {
  server = await startTestServer();
  shop = await keptDaysShop(server);
  search = new SessionSearch(shop.sql, () => new Date(NOW));
  // One session whose email starts as its id does: found by both, listed once.
  const { id } = shop.sessions[40]!;
  await shop.sql.run('UPDATE checkout_sessions SET email = ? WHERE id = ?', [`${id.slice(0, 8)}@example.in`, id]);
  // Another shop's session with the same email as one of this shop's.
  const other = (await server.parts.checkout.merchants.create('Other shop', ['https://other.example'])).merchant.id;
  await shop.sql.run(
    `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel, email, status, created_at,
       expires_at) SELECT ?, ?, buyer_id, 'other-token', 'email', email, status, created_at, expires_at
     FROM checkout_sessions WHERE id = ?`,
    [`${id.slice(0, 8)}-0000-4000-8000-000000000000`, other, shop.sessions[41]!.id],
  );
  // Addresses of three pincodes chosen by every third session, and one of another shop.
  const address = async (merchant: string, buyer: string, pincode: string) => {
    const id = newId();
    await shop.sql.run(
      `INSERT INTO addresses (id, merchant_id, buyer_id, name, phone, flat_number, street_name, locality, city, state,
         pincode, label, is_default, created_at, updated_at)
       VALUES (?, ?, ?, 'B', '+919876543210', '1', 'MG Road', 'Area', 'City', 'State', ?, 'home', 0, ?, ?)`,
      [id, merchant, buyer, pincode, iso(NOW), iso(NOW)],
    );
    return id;
  };
  const buyer = (await shop.sql.get<{ buyer_id: string }>('SELECT buyer_id FROM checkout_sessions WHERE id = ?', [
    id,
  ]))!;
  for (const [n, s] of shop.sessions.entries()) {
    if (n % 3 !== 0) continue;
    const chosen = await address(shop.merchantId, buyer.buyer_id, PINCODES[n % PINCODES.length]!);
    await shop.sql.run('UPDATE checkout_sessions SET selected_address_id = ? WHERE id = ?', [chosen, s.id]);
  }
  const otherBuyer = newId();
  await shop.sql.run(
    `INSERT INTO buyers (id, merchant_id, email, created_at, updated_at) VALUES (?, ?, 'o@example.in', ?, ?)`,
    [otherBuyer, other, iso(NOW), iso(NOW)],
  );
  const elsewhere = await address(other, otherBuyer, PINCODES[0]!);
  await shop.sql.run('UPDATE checkout_sessions SET selected_address_id = ? WHERE merchant_id = ?', [elsewhere, other]);
  rows = await shop.sql.all(
    `SELECT s.id, s.email, s.created_at, a.pincode FROM checkout_sessions s
     LEFT JOIN addresses a ON a.id = s.selected_address_id WHERE s.merchant_id = ?`,
    [shop.merchantId],
  );
});
afterAll(async () => server?.dispose());

/** What scanning every session of the shop finds. */
function scanned(q: string, from: string, to: string): string[] {
  const text = q.trim().toLowerCase();
  return rows
    .filter((r) => r.created_at >= from && r.created_at <= to)
    .filter((r) =>
      /^\d{6}$/.test(text)
        ? r.pincode === text
        : r.email.startsWith(text) || (text.length >= 8 && r.id.startsWith(text)),
    )
    .sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at < a.created_at ? -1 : 1))
    .map((r) => r.id);
}

describe('SessionSearch by the start of an email or an id, or by a pincode', () => {
  it('lists what a scan of every session would, for pincodes and starts of every length and case', async () => {
    const { id } = shop.sessions[40]!;
    const other = shop.sessions[100]!.id;
    const searches = [
      'b',
      'B1',
      'b12',
      'b12@',
      'b12@example.in',
      'b12@example.inx',
      'x',
      id.slice(0, 8),
      id,
      other,
      other.slice(0, 13).toUpperCase(),
      other.slice(0, 7),
      other.slice(2, 12),
      'example',
      '%',
      '_',
      ...PINCODES,
      '560002',
      ' 110001 ',
    ];
    let found = 0;
    for (const [from, to] of keptDaysWindows().slice(0, 8))
      for (const q of searches) {
        const { sessions, total } = await search.list(shop.merchantId, { from, to, q }, 1000, 0);
        const want = scanned(q, from, to);
        expect({ q, from, ids: sessions.map((s) => s.id), total }).toEqual({ q, from, ids: want, total: want.length });
        found += want.length;
      }
    expect(found).toBeGreaterThan(300);
  });

  it('reads the sessions an email or id names, each by its id, not the window, without statistics too (SQLite)', async () => {
    if (shop.sql.dialect !== 'sqlite') return;
    await shop.sql.run('DROP TABLE IF EXISTS sqlite_stat1');
    const window = { from: iso(NOW - 30 * 86_400_000), to: iso(NOW) };
    for (const q of ['b12@', shop.sessions[7]!.id.slice(0, 8)])
      for (const kind of ['listed', 'counted'] as const) {
        const { sql, values } = matching(shop.merchantId, { ...window, q }, 'sqlite', kind);
        const plan = await shop.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT s.id ${sql}`, values);
        const steps = plan.map((p) => p.detail).join(' | ');
        expect(steps, q).toMatch(/SEARCH s USING INDEX sqlite_autoindex_checkout_sessions_1 \(id=\?\)/);
        expect(steps, q).not.toMatch(/SCAN (?!m\b)|checkout_sessions_merchant_created/);
      }
  });

  it('reads the orders a name names from the indexes of names and surnames (SQLite)', async () => {
    if (shop.sql.dialect !== 'sqlite') return;
    const window = { from: iso(NOW - 30 * 86_400_000), to: iso(NOW), q: 'Priya' };
    const { sql, values } = matching(shop.merchantId, window, 'sqlite', 'listed');
    const plan = await shop.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT s.id ${sql}`, values);
    const steps = plan.map((p) => p.detail).join(' | ');
    expect(steps).toMatch(/SEARCH n USING INDEX delivery_addresses_name \(<expr>>\? AND <expr><\?\)/);
    expect(steps).toMatch(/SEARCH n USING INDEX delivery_addresses_surname \(<expr>>\? AND <expr><\?\)/);
    expect(steps).toMatch(/SEARCH n USING INDEX delivery_addresses_last_name \(<expr>>\? AND <expr><\?\)/);
  });

  it('reads the sessions owing refunds from the refused payments, not every session of the window (SQLite)', async () => {
    if (shop.sql.dialect !== 'sqlite') return;
    // All dates, as the console asks for refunds: the window would be the shop's every session.
    const window = { from: '2000-01-01T00:00:00.000Z', to: iso(NOW), refund_due: true };
    for (const kind of ['listed', 'counted'] as const) {
      const { sql, values } = matching(shop.merchantId, window, 'sqlite', kind);
      const plan = await shop.sql.all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT s.id ${sql}`, values);
      const steps = plan.map((p) => p.detail).join(' | ');
      expect(steps).toMatch(/SEARCH s USING INDEX sqlite_autoindex_checkout_sessions_1 \(id=\?\)/);
      expect(steps).not.toMatch(/checkout_sessions_merchant_created/);
    }
  });
});
