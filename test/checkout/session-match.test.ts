// A search of the sessions listing by the start of an email or of an id lists exactly the sessions of the window that
// a scan of every one would, newest first, each once, whatever the window, the case typed or the length of the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSearch } from '../../src/checkout/session-search.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { keptDaysShop, keptDaysWindows, NOW, type KeptDaysShop } from './kept-days-shop.ts';

let server: TestServer;
let shop: KeptDaysShop;
let search: SessionSearch;
let rows: Array<{ id: string; email: string; created_at: string }>;

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
  rows = await shop.sql.all('SELECT id, email, created_at FROM checkout_sessions WHERE merchant_id = ?', [
    shop.merchantId,
  ]);
});
afterAll(async () => server?.dispose());

/** What scanning every session of the shop finds. */
function scanned(q: string, from: string, to: string): string[] {
  const text = q.toLowerCase();
  return rows
    .filter((r) => r.created_at >= from && r.created_at <= to)
    .filter((r) => r.email.startsWith(text) || (text.length >= 8 && r.id.startsWith(text)))
    .sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at < a.created_at ? -1 : 1))
    .map((r) => r.id);
}

describe('SessionSearch by the start of an email or an id', () => {
  it('lists what a scan of every session would, for starts of every length and case', async () => {
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
});
