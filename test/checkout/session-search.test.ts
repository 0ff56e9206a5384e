// The sessions listing searched by the start of an email or an id, or a pincode, filtered by status, payment method
// and dates, and paged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerSession, configureShop, startWorld, type Buyer, type World } from '../payments/support/shop.ts';
import { dataOf, errorCode, ok, type Shop } from './support.ts';

let w: World;
let shop: Shop;
let other: Shop;
let cod: Buyer;
let open: Buyer;
let blr: Buyer;
beforeAll(async () => {
  w = await startWorld({});
  shop = await configureShop(w.h, { cod: { enabled: true } });
  other = await configureShop(w.h, {});
  cod = await buyerSession(w.h, shop, { cartValuePaise: 150_050, pincode: '110001' });
  ok(await w.h.payment(cod.token, { action: 'record_cod' }), 'cod');
  open = await buyerSession(w.h, shop, { pincode: null });
  blr = await buyerSession(w.h, shop, { pincode: '560001' });
  await buyerSession(w.h, other, { pincode: '560001' });
});
afterAll(async () => w?.dispose());

interface Listed {
  sessions: Array<{
    id: string;
    email: string;
    pincode: string | null;
    status: string;
    created_at: string;
    payment: { method: string };
  }>;
  total: number;
}
const list = async (query = '', key = shop.key) =>
  dataOf<Listed>(await w.h.admin('GET', 'sessions', key, undefined, query));
const ids = async (query: string) => (await list(query)).sessions.map((s) => s.id);

describe('GET ?action=sessions', () => {
  it('finds one session by its email, part of it, its pincode or the start of its id', async () => {
    const email = (await list()).sessions.find((s) => s.id === cod.sessionId)!.email;
    expect(await ids(`q=${encodeURIComponent(email)}`)).toEqual([cod.sessionId]);
    expect(await ids(`q=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`)).toEqual([cod.sessionId]);
    expect(await ids('q=110001')).toEqual([cod.sessionId]);
    expect(await ids('q=560001')).toEqual([blr.sessionId]);
    expect(await ids(`q=${cod.sessionId.slice(0, 8)}`)).toEqual([cod.sessionId]);
    // A wildcard typed in the box is a character, not "anything".
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=_')).toEqual([]);
  });

  it('filters by status and payment method, and lists the pincode of each chosen address', async () => {
    expect(await ids('status=completed')).toEqual([cod.sessionId]);
    expect(await ids('payment_method=cod')).toEqual([cod.sessionId]);
    expect(await ids('payment_method=gateway')).toEqual([]);
    expect((await ids('payment_method=none')).sort()).toEqual([open.sessionId, blr.sessionId].sort());
    expect(await ids('status=address_completed&q=560001')).toEqual([blr.sessionId]);
    const all = await list();
    expect(all.sessions.map((s) => s.pincode).sort()).toEqual(['110001', '560001', null].sort());
    expect(all.sessions.find((s) => s.id === cod.sessionId)!.payment.method).toBe('cod');
    // The count of every filter is that of the sessions it lists (it joins only the tables the filter reads).
    for (const query of [
      '',
      'q=560001',
      'q=110001',
      'q=999999',
      'payment_method=cod',
      'payment_method=none',
      'q=shop',
    ]) {
      const page = await list(query);
      expect([query, page.total], query).toEqual([query, page.sessions.length]);
    }
  });

  it('finds by the start of an email or of an id (its first 8 characters on), not by a part inside one', async () => {
    const email = (await list()).sessions.find((s) => s.id === cod.sessionId)!.email;
    const at = email.indexOf('@');
    expect(await ids(`q=${encodeURIComponent(email.slice(0, at + 1))}`)).toEqual([cod.sessionId]);
    expect(await ids(`q=${encodeURIComponent(email.slice(1))}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent(email.slice(at))}`)).toEqual([]);
    expect(await ids(`q=${cod.sessionId}`)).toEqual([cod.sessionId]);
    expect(await ids(`q=${cod.sessionId.slice(0, 23).toUpperCase()}`)).toEqual([cod.sessionId]);
    expect(await ids(`q=${cod.sessionId.slice(1, 12)}`)).toEqual([]);
    // Shorter than a first group, the start of an id names too many: it is taken as the start of an email only.
    const short = cod.sessionId.slice(0, 7);
    const byEmail = (await list()).sessions.filter((s) => s.email.startsWith(short)).map((s) => s.id);
    expect(await ids(`q=${short}`)).toEqual(byEmail);
  });

  it('keeps to the date range and pages newest first', async () => {
    expect((await list('from=2020-01-01&to=2020-12-31')).total).toBe(0);
    // The days the sessions were made on (UTC, as the API reads a bare date), whatever the hour now.
    const days = (await list()).sessions.map((s) => s.created_at.slice(0, 10)).sort();
    expect((await list(`from=${days[0]}&to=${days.at(-1)}`)).total).toBe(3);
    const first = await list('limit=2');
    const second = await list('limit=2&offset=2');
    expect([first.sessions.length, second.sessions.length, first.total]).toEqual([2, 1, 3]);
    expect([...first.sessions, ...second.sessions].map((s) => s.id)).toEqual([
      blr.sessionId,
      open.sessionId,
      cod.sessionId,
    ]);
  });

  it('sees only its own merchant and refuses bad filters with a 400 naming the field', async () => {
    expect((await list('q=560001', other.key)).total).toBe(1);
    for (const query of ['status=paid', 'payment_method=card', 'q=', `q=${'x'.repeat(201)}`, 'from=yesterday']) {
      const reply = await w.h.admin('GET', 'sessions', shop.key, undefined, query);
      expect([reply.status, errorCode(reply)], query).toEqual([400, 'invalid_request']);
    }
  });
});

describe('search by phone', () => {
  it('finds the sessions of the buyer whose saved address has the number, however it is typed', async () => {
    const phoned = await configureShop(w.h, { cod: { enabled: true } });
    const caller = await buyerSession(w.h, phoned, { pincode: null });
    const address = { name: 'Caller', flat_number: '2', street_name: 'Park Street', pincode: '700016' };
    const saved = dataOf(
      await w.h.addresses(caller.token, { action: 'create', address: { ...address, phone: '098300 12345' } }),
    ).address.id as string;
    // An email that starts with the same digits is found by them too; a buyer with no phone is not.
    const lookalike = await w.h.login(phoned.id, `9830012345.${Date.now()}@example.com`);
    await buyerSession(w.h, phoned, { pincode: null });
    // The same number at another merchant is that merchant's buyer.
    const elsewhere = await buyerSession(w.h, other, { pincode: null });
    ok(await w.h.addresses(elsewhere.token, { action: 'create', address: { ...address, phone: '9830012345' } }), 'x');

    const found = async (typed: string) =>
      (await list(`q=${encodeURIComponent(typed)}`, phoned.key)).sessions.map((s) => s.id).sort();
    expect(await found('9830012345')).toEqual([caller.sessionId, lookalike.session_id].sort());
    for (const typed of ['+91 98300 12345', '098300-12345', '919830012345', ' +919830012345 '])
      expect(await found(typed), typed).toEqual([caller.sessionId]);
    expect(await found('98300 12346')).toEqual([]);

    // The order ships there; the buyer deletes the address afterwards: the order is still found by its number.
    ok(await w.h.addresses(caller.token, { action: 'address_completed', address_id: saved }), 'chosen');
    ok(await w.h.payment(caller.token, { action: 'record_cod', amount_paise: 50_000 }), 'cod');
    ok(await w.h.addresses(caller.token, { action: 'delete', address_id: saved }), 'deleted');
    expect(await found('+91 98300 12345')).toEqual([caller.sessionId]);
  });
});

describe('search by the name an order ships to', () => {
  it('finds completed orders by the start of the name, its words after the first or its last, in any case', async () => {
    const named = await configureShop(w.h, { cod: { enabled: true } });
    const order = async (shop: Shop, name: string, complete = true) => {
      const b = await buyerSession(w.h, shop, { pincode: null });
      const address = {
        name,
        phone: '98300 12345',
        flat_number: '4',
        street_name: 'Park Street',
        city: 'Kolkata',
        pincode: '700016',
      };
      const id = dataOf(await w.h.addresses(b.token, { action: 'create', address })).address.id as string;
      ok(await w.h.addresses(b.token, { action: 'address_completed', address_id: id }), 'chosen');
      if (complete) ok(await w.h.payment(b.token, { action: 'record_cod', amount_paise: 50_000 }), 'cod');
      return b.sessionId;
    };
    const priya = await order(named, 'Priya Sharma');
    const priyanka = await order(named, 'priyanka rao');
    const ravi = await order(named, 'Ravi Kumar Sharma');
    const ayesha = await order(named, 'Ayesha Siddiqui Chaudhary Venkatanarayanan');
    // Apostrophes aside: a desktop's straight ' finds a phone's curly ’, and none at all finds either.
    const dsouza = await order(named, 'Clara D’Souza');
    const dmello = await order(named, "Joseph D'Mello");
    // An open checkout is found by its email or phone, not its name; another shop's order is that shop's.
    await order(named, 'Priya Open', false);
    await order(await configureShop(w.h, { cod: { enabled: true } }), 'Priya Sharma');

    const found = async (typed: string) =>
      (await list(`q=${encodeURIComponent(typed)}`, named.key)).sessions.map((s) => s.id).sort();
    expect(await found('priya')).toEqual([priya, priyanka].sort());
    expect(await found('PRIYA S')).toEqual([priya]);
    expect(await found('kumar sh')).toEqual([ravi]);
    // The last word of a longer name is a surname too; a word in its middle is not searched.
    expect(await found(' SHARMA ')).toEqual([priya, ravi].sort());
    expect(await found('venkata')).toEqual([ayesha]);
    expect(await found('chaudhary')).toEqual([]);
    expect(await found('Rav')).toEqual([ravi]);
    expect(await found('r')).toEqual([]);
    expect(await found('sharmaa')).toEqual([]);
    expect(await found("d'souza")).toEqual([dsouza]);
    expect(await found('dsouza')).toEqual([dsouza]);
    expect(await found('D’Mel')).toEqual([dmello]);
    expect(await found('clara dso')).toEqual([dsouza]);
    expect(await found("''")).toEqual([]);

    const listed = (await list('q=priya%20sharma', named.key)).sessions[0] as unknown as { ship_to: unknown };
    expect(listed.ship_to).toEqual({
      name: 'Priya Sharma',
      phone: '+919830012345',
      flat_number: '4',
      building_name: null,
      street_name: 'Park Street',
      locality: null,
      landmark: null,
      city: 'Kolkata',
      district: 'Kolkata',
      state: 'West Bengal',
    });
  });

  it('lists no addressee before an address is chosen', async () => {
    const listed = (await list(`q=${open.sessionId}`)).sessions[0] as unknown as { ship_to: unknown };
    expect(listed.ship_to).toBeNull();
  });
});
