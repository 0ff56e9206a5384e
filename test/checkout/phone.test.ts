// Buyer phone numbers typed as Indians write them are stored as E.164; anything else is a 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toE164 } from '../../src/checkout/phone.ts';
import { dataOf, errorCode, startHarness, type Harness } from './support.ts';

describe('toE164', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['098765-43210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['91 98765 43210', '+919876543210'],
    ['(080) 2222 3333', '+918022223333'],
    // Northern landlines: area codes from 1.
    ['011 2345 6789', '+911123456789'],
    ['0124-4567890', '+911244567890'],
    ['+44 20 7946 0958', '+442079460958'],
    // A trunk 0 kept after the country code, and the international prefix dialled from India.
    ['+91 (0) 94191 77889', '+919419177889'],
    ['+91-0-98765-43210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['0044 20 7946 0958', '+442079460958'],
  ])('reads %s as %s', (typed, e164) => expect(toE164(typed)).toBe(e164));

  it.each(['12345', '0123456789', '+91 01234 56789', '+91 98765 4321', '9876543210 1', 'call me', '+0 123456789'])(
    'refuses %s',
    (typed) => expect(toE164(typed)).toBeNull(),
  );
});

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  const shop = await h.merchant('Phones');
  token = (await h.login(shop.id, 'phone@example.com')).session_token;
});
afterAll(() => h.dispose());

const address = { flat_number: '12', street_name: 'MG Road', pincode: '560001' };

describe('address phone', () => {
  it('stores 10 digits, a leading 0 and +91 with spaces as the same E.164 number', async () => {
    for (const phone of ['9876543210', '098765 43210', '+91 98765 43210']) {
      const created = dataOf(await h.addresses(token, { action: 'create', address: { ...address, phone } }));
      expect(created.address.phone).toBe('+919876543210');
    }
  });

  it('refuses a number that is not a phone with a 400 naming address.phone, and saves nothing', async () => {
    const before = dataOf(await h.addresses(token, { action: 'list' })).addresses.length;
    const res = await h.addresses(token, { action: 'create', address: { ...address, phone: '12345' } });
    expect([res.status, errorCode(res)]).toEqual([400, 'invalid_request']);
    expect(res.body.issues).toEqual([{ path: 'address.phone', message: expect.stringContaining('10 digits') }]);
    expect(dataOf(await h.addresses(token, { action: 'list' })).addresses).toHaveLength(before);
  });
});
