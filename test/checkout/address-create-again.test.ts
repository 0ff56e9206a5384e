// A buyer's create sent again, after its answer was lost or by a second tap, answers the address it saved: the book
// never gains a copy, concurrent sends included; an address that differs in any field, or in its pin, is a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, startHarness, type Harness, type Shop } from './support.ts';

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
