// import_customers onto addresses that already exist: a row's fields go over the stored ones, what it leaves out (and
// the buyer's pin) is kept, and a checkout that confirmed the address confirms it again, as after a buyer's edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureShop, startWorld, type World } from '../payments/support/shop.ts';
import { dataOf, ok, type Shop } from './support.ts';

const keys = { keyId: 'rzp_test_import', keySecret: 'sk_import_address_secret' };
let w: World;
let shop: Shop;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
  shop = await configureShop(w.h, { payment: keys, cod: { enabled: true } });
});
afterAll(async () => w?.dispose());

let buyers = 0;
const importRows = async (rows: object[]) => dataOf(await w.h.admin('POST', 'import_customers', shop.key, { rows }));
const status = async (token: string) => dataOf(await w.h.addresses(token, { action: 'session_status' })).status;

/** A buyer imported with one address (legacy id A1), then signed in by OTP; the row is returned for re-imports. */
async function importedBuyer() {
  const email = `imported${++buyers}@example.com`;
  const row = {
    email,
    legacy_address_id: `LM${buyers}`,
    flat_number: '7',
    street_name: 'CMH Road',
    locality: 'Indiranagar',
    pincode: '560038',
  };
  const imported = await importRows([row]);
  const addressId = imported.results[0].address_id as string;
  const login = await w.h.login(shop.id, email);
  const book = (body: object) => w.h.addresses(login.session_token, body);
  const address = async () => dataOf(await book({ action: 'list' })).addresses[0];
  return { row, addressId, token: login.session_token, book, address };
}

describe('import_customers onto an existing address', () => {
  it('keeps what the buyer added and their pin when the same file is imported again', async () => {
    const b = await importedBuyer();
    // District and state come from the pincode, as for an address a buyer types.
    expect(await b.address()).toMatchObject({ district: 'Bengaluru Urban', state: 'Karnataka' });
    const added = { landmark: 'Opp. metro pillar 42', name: 'Priya', phone: '9876543210', city: 'Bengaluru' };
    ok(await b.book({ action: 'update', address_id: b.addressId, address: added }), 'the buyer completes it');
    const pin = { latitude: 12.97851, longitude: 77.64089 };
    ok(await b.book({ action: 'update', address_id: b.addressId, address: pin }), 'the buyer sets the pin');
    const before = await b.address();
    expect(before.geopin).not.toBeNull();

    const again = await importRows([b.row]);
    expect(again.results[0]).toMatchObject({ success: true, address_id: b.addressId });
    expect(await b.address()).toEqual({ ...before, updated_at: expect.any(String) });

    // A row that only relabels it keeps its lines, pincode and pin.
    await importRows([{ email: b.row.email, legacy_address_id: b.row.legacy_address_id, label: 'office' }]);
    const { email: _email, ...lines } = b.row;
    expect(await b.address()).toMatchObject({
      ...lines,
      landmark: added.landmark,
      label: 'office',
      geopin: before.geopin,
    });
  });

  it('sends a checkout that confirmed the address back to confirm it again when a row moves it', async () => {
    const b = await importedBuyer();
    ok(await b.book({ action: 'address_completed', address_id: b.addressId }), 'address_completed');
    expect(await status(b.token)).toBe('address_completed');
    const before = await b.address();

    const moved = {
      ...b.row,
      flat_number: '44',
      street_name: 'Park Street',
      locality: 'Park Street',
      pincode: '700016',
    };
    const result = await importRows([moved]);
    expect(result.results[0]).toMatchObject({ success: true, address_id: b.addressId });
    expect(await status(b.token)).toBe('verified');
    // The pin belonged to the old text; the district is the new pincode's.
    expect(await b.address()).toMatchObject({ pincode: '700016', geopin: null, district: 'Kolkata' });
    expect(before.geopin).not.toBeNull();

    const refused = await w.h.payment(b.token, { action: 'record_cod' });
    expect(refused.status).toBe(409);
    ok(await b.book({ action: 'address_completed', address_id: b.addressId }), 'confirmed again');
    const events = await w.h.sql.all<{ payload: string }>(
      "SELECT payload FROM webhook_outbox WHERE event = 'session.address_completed' ORDER BY id",
    );
    const mine = events.map((e) => JSON.parse(e.payload).data.address).filter((a) => a.id === b.addressId);
    expect(mine.map((a) => a.pincode)).toEqual(['560038', '700016']);
  });

  it('fails the row, changing nothing, while an online order made for the address may still be paid', async () => {
    const b = await importedBuyer();
    ok(
      await w.h.admin('POST', 'set_session_cart', shop.key, {
        session_id: await sessionOf(b.token),
        cart_value_paise: 20_000,
      }),
      'cart',
    );
    ok(await b.book({ action: 'address_completed', address_id: b.addressId }), 'address_completed');
    ok(await w.h.payment(b.token, { action: 'create_order' }), 'create_order');
    const result = await importRows([{ ...b.row, flat_number: '8' }]);
    expect(result.results[0]).toMatchObject({ success: false, error_code: 'address_in_payment' });
    expect(await b.address()).toMatchObject({ flat_number: '7' });
    expect(await status(b.token)).toBe('address_completed');
  });

  it('saves no address for a new row with neither a pincode nor a line, and says so', async () => {
    const result = await importRows([{ email: 'label-only@example.com', label: 'home', state: 'Kerala' }]);
    expect(result.results[0]).toEqual({
      row_index: 0,
      success: true,
      buyer_id: expect.any(String),
      warnings: ['no address saved: the row has address fields but no pincode or address line'],
    });
    const saved = await w.h.sql.all('SELECT id FROM addresses WHERE buyer_id = ?', [result.results[0].buyer_id]);
    expect(saved).toEqual([]);
  });
});

async function sessionOf(token: string): Promise<string> {
  return dataOf(await w.h.addresses(token, { action: 'session_status' })).session_id;
}
