// The checkout document (../shared/spec/000_eda7633d5d0d3b01.txt), section by section, over real HTTP, SMTP and webhook receivers.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorCode, MISSING_ID, ok, type Shop } from '../checkout/support.ts';
import {
  buyerSession,
  configureShop,
  hooksFor,
  payAtGateway,
  startWorld,
  type World,
} from '../payments/support/shop.ts';
import { eventually } from '../webhooks/support/receiver.ts';

const GATEWAY = { keyId: 'rzp_test_contract', keySecret: 'contract_secret_0123' };
const SECRET = 'whsec_contract_0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let w: World;
let shop: Shop;
beforeAll(async () => {
  w = await startWorld({ [GATEWAY.keyId]: GATEWAY.keySecret });
  shop = await configureShop(w.h, {
    payment: GATEWAY,
    webhook: { url: w.receiver.url, secret: SECRET },
    cod: { enabled: true, maxCartValuePaise: 1_000_000 },
  });
});
afterAll(async () => w.dispose());

const admin = (method: string, action: string, body?: unknown, query?: string) =>
  w.h.admin(method, action, shop.key, body, query);

describe('1. Modes: session.completed in Mode B only', () => {
  it('Mode A (payment off) never sends session.completed; Mode B sends it after COD', async () => {
    const modeA = await configureShop(w.h, {
      webhook: { url: w.receiver.url, secret: SECRET },
      cod: { enabled: true },
    });
    const a = await buyerSession(w.h, modeA, { cartValuePaise: 50_000, pincode: '560001' });
    expect(ok(await w.h.payment(a.token, { action: 'record_cod' }), 'cod')).toEqual({
      success: true,
      payment_method: 'cod',
    });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 50_000, pincode: '560001' });
    ok(await w.h.payment(b.token, { action: 'record_cod' }), 'cod');
    await eventually(() => hooksFor(w.receiver, b.sessionId).some((x) => x.body.event === 'session.completed'));
    expect(hooksFor(w.receiver, a.sessionId).map((x) => x.body.event)).not.toContain('session.completed');
  });
});

describe('2. Resources: import rows, batches, row errors and results', () => {
  it("imports rows with the document's fields, none of them required, and reports unknown columns", async () => {
    const rows = [
      {
        legacy_customer_id: 'C1',
        legacy_address_id: 'A1',
        email: 'rows1@example.com',
        phone_e164: '+919812345601',
        flat_number: '12',
        building_name: 'Lake View',
        street_name: 'MG Road',
        locality: 'Indiranagar',
        district: 'Bengaluru Urban',
        state: 'Karnataka',
        pincode: '560038',
        label: 'home',
        is_default: true,
      },
      { phone_e164: '+919812345602' },
      { email: 'rows3@example.com', street_name: 'Church Street' },
      { email: 'not-an-email' },
      { email: 'rows5@example.com', favourite_colour: 'blue' },
    ];
    const data = dataOf(await admin('POST', 'import_customers', { batch_label: 'contract', rows }));
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['batch_id', 'total_rows', 'imported_count', 'error_count', 'results']),
    );
    expect(data).toMatchObject({
      total_rows: 5,
      imported_count: 4,
      error_count: 1,
      unknown_columns: ['favourite_colour'],
    });
    expect(data.batch_id).toMatch(UUID);
    expect(data.results[0]).toMatchObject({
      row_index: 0,
      success: true,
      buyer_id: expect.stringMatching(UUID),
      address_id: expect.stringMatching(UUID),
    });
    expect(data.results[1]).toMatchObject({ row_index: 1, success: true, buyer_id: expect.stringMatching(UUID) });
    expect(data.results[2]).toMatchObject({ success: true, address_id: expect.stringMatching(UUID) });
    expect(data.results[3]).toMatchObject({ row_index: 3, success: false, error: expect.any(String) });
    const status = dataOf(await admin('GET', 'import_status', undefined, `batch_id=${data.batch_id}`));
    expect(status.batch).toMatchObject({
      id: data.batch_id,
      status: 'completed',
      total_rows: 5,
      imported_count: 4,
      error_count: 1,
      source: 'api',
    });
    expect(Date.parse(status.batch.created_at)).not.toBeNaN();
    expect(Date.parse(status.batch.completed_at)).not.toBeNaN();
    // The document's Import row error fields, plus what this server adds (kind, sheet_row).
    expect(status.errors).toEqual([
      {
        kind: 'error',
        row_index: 3,
        sheet_row: null,
        legacy_external_id: null,
        error_code: 'invalid_email',
        error_message: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    expect(status.errors_truncated).toBe(false);
  });

  it('reads the webhook, COD and payment configuration: secrets write-only, gateway_key_id_set', async () => {
    expect(dataOf(await admin('GET', 'webhooks'))).toMatchObject({
      webhook_url: w.receiver.url,
      webhook_secret_set: true,
    });
    expect(dataOf(await admin('GET', 'cod_config'))).toEqual({
      enable_cod: true,
      cod_max_cart_value_paise: 1_000_000,
      cod_blocked_pincodes: [],
    });
    const payment = dataOf(await admin('GET', 'get_payment_config'));
    expect(payment.gateway_key_id_set).toBe(true);
    expect(JSON.stringify(payment)).not.toContain(GATEWAY.keySecret);
  });

  it("answers serviceability with the document's fields and reasons", async () => {
    const buyer = await buyerSession(w.h, shop);
    const known = dataOf(
      await w.h.addresses(buyer.token, { action: 'serviceability_check', pincode: '560001', lat: 12.97, lng: 77.59 }),
    );
    expect(known).toEqual({
      enabled: false,
      checked: false,
      serviceable: null,
      pincode: '560001',
      message: expect.any(String),
      block_checkout: false,
      show_postal_delivery_warning: false,
      reason: 'not_configured',
    });
    const unknown = dataOf(await w.h.addresses(buyer.token, { action: 'serviceability_check', pincode: '999999' }));
    expect(unknown).toMatchObject({
      checked: true,
      serviceable: false,
      block_checkout: true,
      reason: 'invalid_pincode',
    });
    expect((await w.h.addresses(buyer.token, { action: 'serviceability_check', pincode: '5600' })).status).toBe(400);
  });

  it('returns the Email OTP session fields on verify', async () => {
    const login = await w.h.login(shop.id, 'session-fields@example.com');
    expect(Object.keys(login).sort()).toEqual(['buyer_id', 'expires_at', 'session_id', 'session_token', 'success']);
    expect(login.success).toBe(true);
  });
});

describe('4. Endpoints', () => {
  it('GET /checkout-admin: action is required; each read answers {success: true, data}; limit 50 and offset 0 by default', async () => {
    expect(errorCode(await w.h.call('GET', '/checkout-admin', { headers: { 'x-api-key': shop.key } }))).toBe(
      'unknown_action',
    );
    for (const action of ['funnel', 'sessions', 'webhook_deliveries', 'cod_config', 'webhooks', 'get_payment_config']) {
      const res = await admin('GET', action);
      expect(res.status, action).toBe(200);
      expect(res.body.success).toBe(true);
    }
    expect(dataOf(await admin('GET', 'sessions'))).toMatchObject({ limit: 50, offset: 0 });
    expect(dataOf(await admin('GET', 'webhook_deliveries'))).toMatchObject({ limit: 50, offset: 0 });
    const window = dataOf(
      await admin('GET', 'sessions', undefined, 'from=2026-01-01T00:00:00Z&to=2026-01-02&limit=5&offset=0'),
    );
    expect(window).toMatchObject({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T23:59:59.999Z', limit: 5 });
  });

  it('import_status needs a batch_id and answers 404 for an unknown batch; errors are capped at 100 with errors_truncated', async () => {
    expect((await admin('GET', 'import_status')).status).toBe(400);
    expect(errorCode(await admin('GET', 'import_status', undefined, `batch_id=${MISSING_ID}`))).toBe('batch_not_found');
    const bad = dataOf(
      await admin('POST', 'import_customers', { rows: Array.from({ length: 101 }, () => ({ email: 'nope' })) }),
    );
    const status = dataOf(await admin('GET', 'import_status', undefined, `batch_id=${bad.batch_id}`));
    expect(status.batch.status).toBe('failed');
    expect(status.errors).toHaveLength(100);
    expect(status.errors_truncated).toBe(true);
  });

  it('PATCH /checkout-admin: cod_config and webhooks take any subset; set_payment_config needs both fields', async () => {
    expect(dataOf(await admin('PATCH', 'cod_config', { cod_blocked_pincodes: ['110001'] }))).toMatchObject({
      enable_cod: true,
      cod_blocked_pincodes: ['110001'],
    });
    expect((await admin('PATCH', 'cod_config', {})).status).toBe(200);
    expect((await admin('PATCH', 'webhooks', {})).status).toBe(200);
    expect((await admin('PATCH', 'set_payment_config', { gateway_key_id: GATEWAY.keyId })).status).toBe(400);
    expect(
      (
        await admin('PATCH', 'set_payment_config', {
          gateway_key_id: GATEWAY.keyId,
          gateway_secret_key: GATEWAY.keySecret,
        })
      ).body.success,
    ).toBe(true);
    await admin('PATCH', 'cod_config', { cod_blocked_pincodes: [] });
  });

  it('POST test_webhook queues a session.phone_verified delivery with a test payload and answers {success, message}', async () => {
    const res = await admin('POST', 'test_webhook');
    expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
    await eventually(() => w.receiver.requests.some((r) => JSON.parse(r.rawBody).data?.test === true));
    const hook = w.receiver.requests.find((r) => JSON.parse(r.rawBody).data?.test === true)!;
    expect(hook.headers['x-service-event']).toBe('session.phone_verified');
  });

  it('POST import_customers answers 400 for invalid JSON, empty rows and more than 5000 rows', async () => {
    expect(
      (
        await w.h.call('POST', '/checkout-admin?action=import_customers', {
          raw: '{"rows": [',
          headers: { 'x-api-key': shop.key },
        })
      ).status,
    ).toBe(400);
    expect((await admin('POST', 'import_customers', { rows: [] })).status).toBe(400);
    expect(
      (await admin('POST', 'import_customers', { rows: Array(5001).fill({ phone_e164: '+919800000000' }) })).status,
    ).toBe(400);
  });

  it('POST /checkout-email-otp: send answers {success, reused, message}; a second send reuses the live code', async () => {
    const email = 'reuse@example.com';
    const first = await w.h.call('POST', '/checkout-email-otp', {
      body: { action: 'send', email, merchant_id: shop.id },
    });
    expect(first.body).toMatchObject({ success: true, reused: false, message: expect.any(String) });
    await w.h.smtp.nextCode(email);
    const again = await w.h.call('POST', '/checkout-email-otp', {
      body: { action: 'send', email, merchant_id: shop.id },
    });
    expect(again.body).toMatchObject({ success: true, reused: true });
    expect(w.h.smtp.count(email)).toBe(1);
  });

  it('verify answers 401 for a wrong or expired code, keeping code and attempts_remaining; 429 once locked', async () => {
    const email = 'wrong@example.com';
    await w.h.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: shop.id } });
    const verify = (code: string) =>
      w.h.call('POST', '/checkout-email-otp', { body: { action: 'verify', email, merchant_id: shop.id, code } });
    const wrong = await verify('000000x');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_code', attempts_remaining: expect.any(Number) });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify('999999')).status);
    expect(statuses).toContain(429);
  });

  it('POST /checkout-funnel-events needs only merchant_id and event_type and answers 200', async () => {
    const res = await w.h.call('POST', '/checkout-funnel-events', {
      body: { merchant_id: shop.id, event_type: 'checkout_opened' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, logged: true });
    const full = {
      merchant_id: shop.id,
      event_type: 'otp_sent',
      step: 'email',
      device_type: 'mobile',
      platform: 'android',
    };
    expect((await w.h.call('POST', '/checkout-funnel-events', { body: full })).status).toBe(200);
    expect(
      (await w.h.call('POST', '/checkout-funnel-events', { body: { ...full, device_type: 'watch' } })).status,
    ).toBe(400);
  });

  it("POST /checkout-payment: create_order, verify and record_cod answer the document's fields; session.completed follows", async () => {
    expect((await w.h.payment(null, { action: 'record_cod' })).status).toBe(401);
    const buyer = await buyerSession(w.h, shop, { cartValuePaise: 149_900, pincode: '560001' });
    const order = await w.h.payment(buyer.token, { action: 'create_order', amount_paise: 149_900 });
    expect(order.body).toMatchObject({
      success: true,
      gateway_order_id: expect.any(String),
      gateway_key_id: GATEWAY.keyId,
    });
    // The document's flow alone: amount_paise is what create_order needs, with no merchant-set cart value.
    const plain = await buyerSession(w.h, shop, { pincode: '560001' });
    const plainOrder = await w.h.payment(plain.token, { action: 'create_order', amount_paise: 99_900 });
    expect([plainOrder.status, plainOrder.body]).toMatchObject([
      200,
      { success: true, gateway_order_id: expect.any(String), gateway_key_id: GATEWAY.keyId },
    ]);
    const paid = await payAtGateway(w, buyer.token);
    const verified = await w.h.payment(buyer.token, { action: 'verify', ...paid });
    expect(verified.body).toMatchObject({
      success: true,
      payment_method: 'gateway',
      gateway_order_id: paid.gateway_order_id,
      gateway_payment_id: paid.gateway_payment_id,
    });
    await eventually(() => hooksFor(w.receiver, buyer.sessionId).some((x) => x.body.event === 'session.completed'));
    const completed = hooksFor(w.receiver, buyer.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(completed.body).toMatchObject({
      event: 'session.completed',
      merchant_id: shop.id,
      buyer_id: buyer.buyerId,
      session_id: buyer.sessionId,
      auth_channel: 'email',
      data: {
        payment_method: 'gateway',
        gateway_order_id: paid.gateway_order_id,
        gateway_payment_id: paid.gateway_payment_id,
      },
    });
    expect(Date.parse(completed.body.timestamp as string)).not.toBeNaN();
    const cod = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    expect((await w.h.payment(cod.token, { action: 'record_cod' })).body).toEqual({
      success: true,
      payment_method: 'cod',
    });
    await eventually(() => hooksFor(w.receiver, cod.sessionId).some((x) => x.body.event === 'session.completed'));
    const codHook = hooksFor(w.receiver, cod.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(codHook.body.data.payment_method).toBe('cod');
    expect(codHook.body.data).not.toHaveProperty('gateway_order_id');
    expect(codHook.body.data).not.toHaveProperty('gateway_payment_id');
  });

  it('GET /checkout-offers needs a session token and answers the matching banner or null; POST list/create answer 200', async () => {
    expect((await w.h.call('GET', '/checkout-offers')).status).toBe(401);
    const buyer = await buyerSession(w.h, shop);
    expect((await w.h.call('GET', '/checkout-offers', { headers: { 'x-session-token': buyer.token } })).body).toEqual({
      success: true,
      data: null,
    });
    const created = await w.h.call('POST', '/checkout-offers', {
      headers: { 'x-api-key': shop.key },
      body: { action: 'create', title: '10% off', discount_type: 'percent', discount_value: 10 },
    });
    expect(created.status).toBe(200);
    expect(
      (await w.h.call('POST', '/checkout-offers', { headers: { 'x-api-key': shop.key }, body: { action: 'list' } }))
        .body.success,
    ).toBe(true);
    expect(
      (await w.h.call('GET', '/checkout-offers', { headers: { 'x-session-token': buyer.token } })).body.data,
    ).toMatchObject({ title: '10% off' });
  });

  it('POST /checkout-addresses: 401 without a valid token; list, cod_eligibility, abandon and address_completed need only action', async () => {
    expect((await w.h.addresses(null, { action: 'list' })).status).toBe(401);
    expect((await w.h.addresses('cst_forged', { action: 'list' })).status).toBe(401);
    const buyer = await buyerSession(w.h, shop);
    for (const action of ['list', 'cod_eligibility'])
      expect((await w.h.addresses(buyer.token, { action })).status, action).toBe(200);
    ok(
      await w.h.addresses(buyer.token, {
        action: 'create',
        address: { flat_number: '4', street_name: 'Brigade Road', pincode: '560001' },
      }),
      'create',
    );
    const completed = dataOf(await w.h.addresses(buyer.token, { action: 'address_completed' }));
    expect(completed.address.pincode).toBe('560001');
    await eventually(() =>
      hooksFor(w.receiver, buyer.sessionId).some((x) => x.body.event === 'session.address_completed'),
    );
    expect(dataOf(await w.h.addresses(buyer.token, { action: 'abandon' }))).toMatchObject({ status: 'abandoned' });
  });
});

describe('5. Authentication', () => {
  it('the admin and POST /checkout-offers take the merchant key only, never a session token', async () => {
    const buyer = await buyerSession(w.h, shop);
    expect(
      (await w.h.call('GET', '/checkout-admin?action=cod_config', { headers: { 'x-session-token': buyer.token } }))
        .status,
    ).toBe(401);
    expect(
      (
        await w.h.call('POST', '/checkout-offers', {
          headers: { 'x-session-token': buyer.token },
          body: { action: 'list' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('6. Events: headers and signatures', () => {
  it('sends X-Service-Event, X-Service-Timestamp (the event time, ISO 8601) and X-Service-Signature (sha256= hex HMAC of the raw body)', async () => {
    const buyer = await buyerSession(w.h, shop);
    await eventually(() => hooksFor(w.receiver, buyer.sessionId).length > 0);
    const hook = hooksFor(w.receiver, buyer.sessionId)[0]!;
    expect(hook.headers['x-service-event']).toBe('session.email_verified');
    expect(hook.headers['x-service-timestamp']).toBe(hook.body.timestamp);
    expect(hook.headers['x-service-timestamp']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(hook.headers['x-service-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(hook.raw).digest('hex')}`,
    );
  });
});

describe('7-8. Errors and limits', () => {
  it('every error body carries error, message and code; default page size 50', async () => {
    const res = await w.h.call('POST', '/checkout-email-otp', {
      body: { action: 'verify', email: 'x@example.com', merchant_id: shop.id, code: '1' },
    });
    expect(res.status).toBe(401);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['error', 'message', 'code']));
    expect(dataOf(await admin('GET', 'sessions')).limit).toBe(50);
  });
});

describe('9. Versioning', () => {
  it('the checkout interface description carries version 1.6.0; checkout paths carry no version segment', async () => {
    const doc = (await w.h.call('GET', '/openapi/checkout.json')).body;
    expect(doc.info.version).toBe('1.6.0');
    expect(Object.keys(doc.paths).every((p: string) => /^\/checkout-[a-z-]+$/.test(p))).toBe(true);
  });
});
