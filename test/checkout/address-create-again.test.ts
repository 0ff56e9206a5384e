// A buyer's create sent again, after its answer was lost or by a second tap, answers the address it saved: the book
// never gains a copy, concurrent sends included; an address that differs in any field, or in its pin, is a new one,
// up to the book's limit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_LIMIT } from '../../src/checkout/address-repository.ts';
import { dataOf, errorCode, scalar, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let shop: Shop;
beforeAll(async () => {
  h = await startHarness();
  shop = await h.merchant('Again');
});
afterAll(async () => h?.dispose());

const home = {
  name: 'Asha Rao',
  phone: '98450 12345',
  flat_number: '12',
  street_name: 'CMH Road',
  city: 'Bengaluru',
  pincode: '560038',
  label: 'home',
};
const book = async (token: string) =>
  dataOf(await h.addresses(token, { action: 'list' })).addresses as Array<{ id: string; is_default: boolean }>;
const create = async (token: string, body: Record<string, unknown>) => {
  const reply = await h.addresses(token, { action: 'create', ...body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return dataOf(reply).address as { id: string; is_default: boolean; name: string };
};

describe('create sent again', () => {
  it('answers the saved address, however its text was spaced, and makes it the default when asked', async () => {
    const { session_token: token } = await h.login(shop.id, `again-${Date.now()}@example.com`);
    const first = await create(token, { address: home });
    const work = await create(token, { address: { ...home, label: 'work' } });
    expect(work.id).not.toBe(first.id);
    // Sent again as typed: stored the same once trimmed and normalised.
    const again = await create(token, { address: { ...home, name: '  Asha Rao ', phone: '+91 98450 12345' } });
    expect(again.id).toBe(first.id);
    expect((await book(token)).map((a) => a.id).sort()).toEqual([first.id, work.id].sort());

    const madeDefault = await create(token, { address: { ...home, label: 'work' }, is_default: true });
    expect(madeDefault.id).toBe(work.id);
    const defaults = (await book(token)).filter((a) => a.is_default).map((a) => a.id);
    expect(defaults).toEqual([work.id]);
  });

  it('adds an address whose fields or pin differ, and never a copy from concurrent sends', async () => {
    const { session_token: token } = await h.login(shop.id, `race-${Date.now()}@example.com`);
    const sent = await Promise.all(Array.from({ length: 6 }, () => create(token, { address: home })));
    expect(new Set(sent.map((a) => a.id)).size).toBe(1);
    expect(await book(token)).toHaveLength(1);

    const flat = await create(token, { address: { ...home, flat_number: '14' } });
    expect(flat.id).not.toBe(sent[0]!.id);
    // The same text with a pin the buyer placed elsewhere is another place; that pin sent again is that one.
    const pinned = { ...home, latitude: 12.9784, longitude: 77.6408 };
    const placed = await create(token, { address: pinned });
    expect(placed.id).not.toBe(sent[0]!.id);
    expect((await create(token, { address: pinned })).id).toBe(placed.id);
    // Without a pin, the text names the address already saved.
    expect((await create(token, { address: home })).id).toBe(sent[0]!.id);
    expect(await book(token)).toHaveLength(3);
  });
});

describe('the address book limit', () => {
  it(`keeps a buyer's book to ${ADDRESS_BOOK_LIMIT} addresses, from the widget and the import alike`, async () => {
    const email = `full-${Date.now()}@example.com`;
    const { session_token: token } = await h.login(shop.id, email);
    // The book filled directly: 50 requests would test only the loop.
    const first = await create(token, { address: home });
    const { buyer_id: buyerId } = (await h.sql.get<{ buyer_id: string }>(
      'SELECT buyer_id FROM addresses WHERE id = ?',
      [first.id],
    ))!;
    for (let n = 1; n < ADDRESS_BOOK_LIMIT; n++)
      await h.sql.run(
        `INSERT INTO addresses (id, merchant_id, buyer_id, name, flat_number, street_name, pincode, created_at,
           updated_at) SELECT ?, merchant_id, buyer_id, name, ?, street_name, pincode, created_at, updated_at
         FROM addresses WHERE id = ?`,
        [randomUUID(), `flat ${n}`, first.id],
      );

    const refused = await h.addresses(token, { action: 'create', address: { ...home, flat_number: '99' } });
    expect([refused.status, errorCode(refused), refused.body.limit]).toEqual([409, 'address_book_full', 50]);
    expect(refused.body.message).toMatch(/^An address book holds at most 50 addresses: delete one/);
    // Sent again, the saved address is still answered; the import's new address is refused row by row.
    expect((await create(token, { address: home })).id).toBe(first.id);
    const imported = dataOf(
      await h.admin('POST', 'import_customers', shop.key, { rows: [{ email, street_name: 'Old Road', city: 'Pune' }] }),
    );
    expect(imported.results[0]).toMatchObject({ success: false, error_code: 'address_book_full' });
    expect(Number(await scalar(h.sql, 'SELECT COUNT(*) AS n FROM addresses WHERE buyer_id = ?', [buyerId]))).toBe(50);

    expect((await h.addresses(token, { action: 'delete', address_id: first.id })).status).toBe(200);
    expect((await create(token, { address: { ...home, flat_number: '99' } })).name).toBe('Asha Rao');
  });
});
