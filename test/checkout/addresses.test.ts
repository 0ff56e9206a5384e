// POST /checkout-addresses over real HTTP: session auth, address book, address_completed webhook, COD, abandon, serviceability.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verified } from '../support/verified.ts';
import { dataOf, errorCode, MISSING_ID, ok, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let shop: Shop;
let token: string;
let sessionId: string;
let courier: Server;
let courierUrl: string;
let courierMode: 'yes' | 'no' | '500' | 'garbage' | 'hang' = 'yes';
const courierCalls: unknown[] = [];
const courierRequests: Array<{ raw: string; signature: string | undefined; headers: Record<string, unknown> }> = [];

beforeAll(async () => {
  h = await startHarness({ CHECKOUT_COURIER_TIMEOUT_MS: '300' });
  shop = await h.merchant('Shop');
  const s = await h.login(shop.id, 'buyer@example.com', { cart_value_paise: 150_000 });
  token = s.session_token;
  sessionId = s.session_id;
  courier = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      courierCalls.push(JSON.parse(body));
      courierRequests.push({
        raw: body,
        signature: req.headers['x-service-signature'] as string | undefined,
        headers: req.headers,
      });
      if (courierMode === 'hang') return;
      if (courierMode === '500') return void res.writeHead(500).end('boom');
      if (courierMode === 'garbage') return void res.writeHead(200).end('<html>');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ serviceable: courierMode === 'yes' }));
    });
  });
  await new Promise<void>((resolve) => courier.listen(0, '127.0.0.1', resolve));
  courierUrl = `http://127.0.0.1:${(courier.address() as AddressInfo).port}/coverage`;
});
afterAll(async () => {
  courier.closeAllConnections();
  courier.close();
  await h.dispose();
});

const act = (body: Record<string, unknown>, t: string | null = token, headers: Record<string, string> = {}) =>
  h.addresses(t, body, headers);
const home = {
  name: 'Asha',
  phone: '+919845012345',
  flat_number: '12',
  building_name: 'Lake View',
  street_name: 'MG Road',
  landmark: 'Near Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  label: 'home',
};

describe('session token', () => {
  it('answers 401 for a missing, unknown or expired token', async () => {
    expect(errorCode(await act({ action: 'list' }, null))).toBe('missing_session_token');
    const bad = await act({ action: 'list' }, 'cst_unknown');
    expect([bad.status, errorCode(bad)]).toEqual([401, 'invalid_session']);
    const other = await h.login(shop.id, 'expiring@example.com');
    await h.sql.run("UPDATE checkout_sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [
      other.session_id,
    ]);
    expect(errorCode(await act({ action: 'list' }, other.session_token))).toBe('invalid_session');
  });

  it('answers 400 for an unknown action and 403 for a foreign origin', async () => {
    expect(errorCode(await act({ action: 'explode' }))).toBe('unknown_action');
    const res = await act({ action: 'list' }, token, { origin: 'https://evil.example' });
    expect([res.status, errorCode(res)]).toEqual([403, 'origin_not_allowed']);
  });
});

describe('address book', () => {
  let first: string;
  let second: string;

  it('creates addresses with the import fields; the first becomes the default; district comes from the pincode', async () => {
    const created = dataOf(await act({ action: 'create', address: home }));
    expect(created.address).toMatchObject({
      ...home,
      is_default: true,
      country: 'IN',
      geopin: null,
      legacy_address_id: null,
    });
    expect(created.address.district).toEqual(expect.any(String));
    first = created.address.id;
    const two = dataOf(
      await act({ action: 'create', address: { street_name: '5 Park Street', city: 'Mumbai', pincode: '400001' } }),
    );
    second = two.address.id;
    expect(two.address).toMatchObject({
      is_default: false,
      state: expect.stringMatching(/maharashtra/i),
      flat_number: null,
    });
    const list = dataOf(await act({ action: 'list' }));
    expect(list.addresses.map((a: { id: string }) => a.id)).toEqual([first, second]);
  });

  it('warns when the pincode or city disagrees with the locality, and stores what the buyer typed', async () => {
    const typo = {
      name: 'Ravi',
      phone: '+919845012345',
      flat_number: 'C-45',
      locality: 'Lajpat Nagar IV',
      city: 'New Delhi',
      pincode: '110042',
    };
    const created = dataOf(await act({ action: 'create', address: typo }));
    expect(created).toMatchObject({ warnings: ['pincode_mismatch'], suggestions: { pincode: '110024' } });
    expect(created.address).toMatchObject({ locality: 'Lajpat Nagar IV', pincode: '110042' });
    const fixed = dataOf(
      await act({ action: 'update', address_id: created.address.id, address: { pincode: '110024' } }),
    );
    expect(fixed).toMatchObject({ warnings: [], suggestions: {} });
    // The district filled from the old pincode follows the new one.
    expect([created.address.district, fixed.address.district]).toEqual(['North', 'South East']);
    const city = dataOf(
      await act({
        action: 'update',
        address_id: created.address.id,
        address: { locality: 'Koramangala 5th Block', city: 'Chennai', pincode: '560095' },
      }),
    );
    expect(city.warnings).toContain('city_mismatch');
    expect(city.address).toMatchObject({ city: 'Chennai' });
    await act({ action: 'delete', address_id: created.address.id });
  });

  it('rejects malformed, unknown and incomplete addresses with 400 and stores nothing', async () => {
    expect(errorCode(await act({ action: 'create', address: { ...home, pincode: '5600' } }))).toBe('invalid_request');
    const unknown = await act({ action: 'create', address: { ...home, pincode: '999999' } });
    expect([unknown.status, errorCode(unknown)]).toEqual([400, 'invalid_pincode']);
    expect(errorCode(await act({ action: 'create', address: { ...home, phone: '12345' } }))).toBe('invalid_request');
    expect(errorCode(await act({ action: 'create', address: { ...home, street_name: '' } }))).toBe('invalid_request');
    expect(errorCode(await act({ action: 'create', address: { ...home, line1: '12 MG Road' } }))).toBe(
      'invalid_request',
    );
    expect(errorCode(await act({ action: 'create', address: { city: 'Bengaluru' } }))).toBe('invalid_request');
    const noLine = await act({
      action: 'create',
      address: { name: 'Asha', landmark: 'Near Metro', city: 'Bengaluru', pincode: '560001' },
    });
    expect([noLine.status, errorCode(noLine)]).toEqual([400, 'incomplete_address']);
    // A right-to-left override would make "12 MG Road" read backwards in the dashboard and exports; an isolate too.
    for (const flat of ['12\u202e', '\u2067A-4'])
      expect((await act({ action: 'create', address: { ...home, flat_number: flat } })).body).toMatchObject({
        code: 'invalid_request',
        issues: [{ path: 'address.flat_number', message: expect.stringMatching(/direction/) }],
      });
    expect(dataOf(await act({ action: 'list' })).addresses).toHaveLength(2);
    // Joiners are part of Indic writing (क्‍ष): kept.
    const joined = await act({ action: 'create', address: { ...home, locality: 'क्\u200dष नगर' } });
    expect(dataOf(joined).address.locality).toBe('क्\u200dष नगर');
    ok(await act({ action: 'delete', address_id: dataOf(joined).address.id }), 'delete');
  });

  it('updates, sets the default and deletes; unknown ids are 404 and malformed ids 400', async () => {
    const up = dataOf(await act({ action: 'update', address_id: second, address: { landmark: 'Opp. Station' } }));
    expect(up.address).toMatchObject({ landmark: 'Opp. Station', street_name: '5 Park Street', city: 'Mumbai' });
    const cleared = await act({ action: 'update', address_id: second, address: { street_name: null } });
    expect([cleared.status, errorCode(cleared)]).toEqual([400, 'incomplete_address']);
    expect(dataOf(await act({ action: 'set_default', address_id: second })).address.is_default).toBe(true);
    expect(dataOf(await act({ action: 'list' })).addresses[0].id).toBe(second);
    const missing = await act({ action: 'delete', address_id: MISSING_ID });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'address_not_found']);
    expect(errorCode(await act({ action: 'delete', address_id: 'adr_nope' }))).toBe('invalid_request');
    expect((await act({ action: 'delete', address_id: second })).body).toEqual({
      success: true,
      data: { deleted: second },
    });
    expect(dataOf(await act({ action: 'list' })).addresses).toEqual([
      expect.objectContaining({ id: first, is_default: true }),
    ]);
  });

  it('keeps exactly one default through concurrent creates, deletes and default changes in one book', async () => {
    const buyer = await h.login(shop.id, 'busy-buyer@example.com');
    const create = (n: number) =>
      act(
        { action: 'create', address: { ...home, flat_number: `F${n}` }, ...(n % 2 ? { is_default: true } : {}) },
        buyer.session_token,
      );
    const ids = (await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(create))).map((r) => {
      expect(r.status).toBe(200);
      return dataOf(r).address.id as string;
    });
    const changes = await Promise.all([
      ...ids.slice(0, 4).map((id) => act({ action: 'delete', address_id: id }, buyer.session_token)),
      ...ids.slice(4).map((id) => act({ action: 'set_default', address_id: id }, buyer.session_token)),
      create(8),
    ]);
    expect(changes.map((r) => r.status)).toEqual(changes.map(() => 200));
    const book = dataOf(await act({ action: 'list' }, buyer.session_token)).addresses as Array<{ is_default: boolean }>;
    expect(book).toHaveLength(5);
    expect(book.filter((a) => a.is_default)).toHaveLength(1);
  });

  it("never shows another buyer's addresses", async () => {
    const other = await h.login(shop.id, 'other-buyer@example.com');
    expect(dataOf(await act({ action: 'list' }, other.session_token)).addresses).toEqual([]);
    const res = await act({ action: 'update', address_id: first, address: { city: 'X' } }, other.session_token);
    expect([res.status, errorCode(res)]).toEqual([404, 'address_not_found']);
  });

  it('address_completed geocodes lazily and queues session.address_completed once', async () => {
    const res = dataOf(await act({ action: 'address_completed', address_id: first }));
    expect(res.session_id).toBe(sessionId);
    expect(res.address.geopin).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    expect(Math.abs(res.address.latitude - 12.97)).toBeLessThan(0.2);
    await act({ action: 'address_completed', address_id: first });
    const rows = await h.sql.all<{ payload: string }>(
      "SELECT payload FROM webhook_outbox WHERE event = 'session.address_completed'",
    );
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      event: 'session.address_completed',
      session_id: sessionId,
      merchant_id: shop.id,
      auth_channel: 'email',
      data: { address: { id: first, pincode: '560001', street_name: 'MG Road' } },
    });
    const session = await h.sql.get('SELECT status, selected_address_id FROM checkout_sessions WHERE id = ?', [
      sessionId,
    ]);
    expect(session).toEqual({ status: 'address_completed', selected_address_id: first });
  });

  it('address_completed verifies an imported address, which may be incomplete until then', async () => {
    const email = 'imported-incomplete@example.com';
    const imported = dataOf(
      await h.admin('POST', 'import_customers', shop.key, { rows: [{ email, street_name: 'Old Road', city: 'Pune' }] }),
    );
    const addressId = imported.results[0].address_id as string;
    const buyer = await h.login(shop.id, email);
    expect(dataOf(await act({ action: 'list' }, buyer.session_token)).addresses).toEqual([
      expect.objectContaining({ id: addressId, pincode: null }),
    ]);
    const res = await act({ action: 'address_completed', address_id: addressId }, buyer.session_token);
    expect([res.status, errorCode(res)]).toEqual([400, 'incomplete_address']);
    expect(
      dataOf(
        await act({ action: 'update', address_id: addressId, address: { pincode: '411001' } }, buyer.session_token),
      ).address.district,
    ).not.toBeNull();
    expect(
      dataOf(await act({ action: 'address_completed', address_id: addressId }, buyer.session_token)).address.id,
    ).toBe(addressId);
  });
});

describe('cod_eligibility and update_session', () => {
  const patchCod = (body: unknown) => h.admin('PATCH', 'cod_config', shop.key, body);

  it('follows the merchant COD config: enabled, cart cap, blocked pincodes', async () => {
    expect(dataOf(await act({ action: 'cod_eligibility' }))).toMatchObject({
      eligible: false,
      reason: 'cod_disabled',
      enabled: false,
    });
    await patchCod({ enable_cod: true, cod_max_cart_value_paise: 100_000 });
    expect(dataOf(await act({ action: 'cod_eligibility' }))).toMatchObject({
      eligible: false,
      reason: 'cart_value_exceeds_limit',
      cart_value_paise: 150_000,
      cart_value_source: 'widget',
      pincode: '560001',
    });
    expect(
      dataOf(await act({ action: 'update_session', cart_value_paise: 90_000, utm: { utm_source: 'google' } })),
    ).toEqual({
      session_id: sessionId,
      cart_value_paise: 90_000,
      utm: { utm_source: 'google' },
    });
    expect(dataOf(await act({ action: 'cod_eligibility' }))).toMatchObject({
      eligible: true,
      reason: null,
      message: 'Cash on delivery is available',
    });
    await patchCod({ cod_blocked_pincodes: ['560001'] });
    expect(dataOf(await act({ action: 'cod_eligibility' }))).toMatchObject({
      eligible: false,
      reason: 'pincode_blocked',
    });
    expect(dataOf(await act({ action: 'cod_eligibility', pincode: '400001' }))).toMatchObject({ eligible: true });
    expect(errorCode(await act({ action: 'cod_eligibility', cart_value_paise: 1.5 }))).toBe('invalid_request');
  });
});

describe('serviceability_check', () => {
  const check = (body: Record<string, unknown> = {}) =>
    act({ action: 'serviceability_check', pincode: '560001', ...body });
  const setCourier = (url: string | null) => h.admin('PATCH', 'settings', shop.key, { courier_coverage_url: url });

  it('rejects a malformed pincode or coordinates with 400 and reports one missing from the directory as invalid_pincode', async () => {
    expect(errorCode(await check({ pincode: '56OO01' }))).toBe('invalid_request');
    expect(errorCode(await check({ lat: 123 }))).toBe('invalid_request');
    for (const pincode of ['000000', '999999']) {
      expect(dataOf(await check({ pincode }))).toMatchObject({
        checked: true,
        serviceable: false,
        block_checkout: true,
        reason: 'invalid_pincode',
        pincode,
      });
    }
  });

  it('is unknown (serviceable null) and not_configured without a courier endpoint, and does not block', async () => {
    expect((await check()).body).toEqual({
      success: true,
      data: {
        enabled: false,
        checked: false,
        serviceable: null,
        pincode: '560001',
        block_checkout: false,
        show_postal_delivery_warning: false,
        reason: 'not_configured',
        message: expect.any(String),
      },
    });
  });

  it('warns, without blocking, for a pincode whose post offices do not deliver', async () => {
    // 500027 (Hyderabad) is in the India Post directory with only non-delivery offices.
    expect(dataOf(await check({ pincode: '500027' }))).toMatchObject({
      block_checkout: false,
      show_postal_delivery_warning: true,
    });
  });

  it('asks the courier endpoint and blocks checkout only on a definite no', async () => {
    expect((await setCourier(courierUrl)).status).toBe(200);
    courierMode = 'yes';
    expect(dataOf(await check({ lat: 12.97, lng: 77.59 }))).toMatchObject({
      enabled: true,
      checked: true,
      serviceable: true,
      block_checkout: false,
      reason: null,
    });
    expect(courierCalls.at(-1)).toEqual({ pincode: '560001', lat: 12.97, lng: 77.59, merchant_id: shop.id });
    await check();
    expect(courierCalls.at(-1)).toEqual({ pincode: '560001', lat: null, lng: null, merchant_id: shop.id });
    courierMode = 'no';
    expect(dataOf(await check())).toMatchObject({
      checked: true,
      serviceable: false,
      block_checkout: true,
      reason: null,
    });
  });

  it('signs the courier request with the webhook secret once the merchant has one', async () => {
    expect((await setCourier(courierUrl)).status).toBe(200);
    courierMode = 'yes';
    await check();
    expect(courierRequests.at(-1)!.signature).toBeUndefined();
    await h.admin('PATCH', 'webhooks', shop.key, { webhook_secret: 'whsec_courier_0123456789' });
    await check();
    const signed = courierRequests.at(-1)!;
    expect(verified(signed.raw, signed.headers, 'whsec_courier_0123456789')).toBe(true);
    await h.admin('PATCH', 'webhooks', shop.key, { webhook_secret: null });
  });

  it('fails open on courier errors, bad answers, timeouts and unreachable hosts', async () => {
    for (const [mode, reason] of [
      ['500', 'merchant_error'],
      ['garbage', 'invalid_response'],
      ['hang', 'merchant_unreachable'],
    ] as const) {
      courierMode = mode;
      expect(dataOf(await check()), mode).toMatchObject({
        enabled: true,
        checked: false,
        serviceable: null,
        block_checkout: false,
        reason,
      });
    }
    await setCourier('http://127.0.0.1:1/coverage');
    expect(dataOf(await check())).toMatchObject({
      serviceable: null,
      block_checkout: false,
      reason: 'merchant_unreachable',
    });
    await setCourier(null);
  });
});

describe('abandon', () => {
  it('marks the session abandoned and refuses further session steps with 409', async () => {
    expect((await act({ action: 'abandon' })).body).toEqual({
      success: true,
      data: { session_id: sessionId, status: 'abandoned' },
    });
    const [address] = dataOf(await act({ action: 'list' })).addresses;
    const res = await act({ action: 'address_completed', address_id: address.id });
    expect([res.status, errorCode(res)]).toEqual([409, 'session_abandoned']);
    expect(errorCode(await act({ action: 'update_session', cart_value_paise: 1 }))).toBe('session_abandoned');
  });
});
