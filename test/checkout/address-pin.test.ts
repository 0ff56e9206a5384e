// The point a buyer confirmed on the map is what the address stores (coordinates and geopin) and what the webhook-bound
// address_completed answers; moving the text without a new pin clears it, a bad pin is a 400 that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode } from '../../src/native/digipin.ts';
import { dataOf, errorCode, startHarness, type Harness } from './support.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  const shop = await h.merchant('Pins');
  token = (await h.login(shop.id, 'pin@example.com')).session_token;
});
afterAll(() => h.dispose());

const act = (body: Record<string, unknown>) => h.addresses(token, body);
const address = { flat_number: '12', street_name: 'MG Road', pincode: '560001' };
/** A point in 560001 away from wherever the geocoder would put "MG Road". */
const PIN = { latitude: 12.975812, longitude: 77.602394 };

describe('confirmed pin', () => {
  it('is stored on create with its geopin and kept by address_completed', async () => {
    const created = dataOf(await act({ action: 'create', address: { ...address, ...PIN } }));
    expect(created.address).toMatchObject({ ...PIN, geopin: encode(PIN.latitude, PIN.longitude) });
    const done = dataOf(await act({ action: 'address_completed', address_id: created.address.id }));
    expect(done.address).toMatchObject({ ...PIN, geopin: encode(PIN.latitude, PIN.longitude) });
  });

  it('is replaced by a moved pin, kept when only the name changes, cleared when the text moves', async () => {
    const id = dataOf(await act({ action: 'create', address: { ...address, ...PIN } })).address.id;
    const moved = { latitude: 12.9761, longitude: 77.6031 };
    const updated = dataOf(await act({ action: 'update', address_id: id, address: moved }));
    expect(updated.address).toMatchObject({ ...moved, geopin: encode(moved.latitude, moved.longitude) });
    const renamed = dataOf(await act({ action: 'update', address_id: id, address: { name: 'Asha' } }));
    expect(renamed.address.geopin).toBe(encode(moved.latitude, moved.longitude));
    const retyped = dataOf(await act({ action: 'update', address_id: id, address: { street_name: 'Brigade Road' } }));
    expect(retyped.address).toMatchObject({ geopin: null, latitude: null, longitude: null });
  });

  it('refuses half a pin or one outside India with 400 invalid_pin and stores nothing', async () => {
    const before = dataOf(await act({ action: 'list' })).addresses.length;
    for (const bad of [{ latitude: 12.97 }, { latitude: 51.5, longitude: -0.12 }]) {
      const res = await act({ action: 'create', address: { ...address, ...bad } });
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_pin']);
    }
    expect(dataOf(await act({ action: 'list' })).addresses).toHaveLength(before);
  });
});
