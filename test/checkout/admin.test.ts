// GET/PATCH/POST /checkout-admin over real HTTP: auth, every config action, reports, test and re-sent webhooks, secrets never returned, isolation.
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verified } from '../support/verified.ts';
import { eventually, startReceiver } from '../webhooks/support/receiver.ts';
import {
  dataOf,
  errorCode,
  freshWindow,
  MISSING_ID,
  scalar,
  startHarness,
  type Harness,
  type Shop,
} from './support.ts';

let h: Harness;
let a: Shop;
let b: Shop;
beforeAll(async () => {
  h = await startHarness({ WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_POLL_MS: '20' });
  a = await h.merchant('A', ['https://a.example']);
  b = await h.merchant('B', ['https://b.example']);
});
afterAll(async () => h.dispose());

const admin = (method: string, query: string, key: string, body?: unknown) =>
  h.call(method, `/checkout-admin?${query}`, { headers: { 'x-api-key': key }, body });

describe('/checkout-admin authentication and actions', () => {
  it('answers 401 without a key and with an unknown key', async () => {
    const none = await h.call('GET', '/checkout-admin?action=cod_config');
    expect([none.status, errorCode(none)]).toEqual([401, 'missing_api_key']);
    const bad = await admin('GET', 'action=cod_config', 'ck_nope');
    expect([bad.status, errorCode(bad)]).toEqual([401, 'invalid_api_key']);
  });

  it('answers 401 key_revoked, saying when, for a key revoked or replaced by a rotation without overlap', async () => {
    const shop = await h.merchant('Rotating');
    const merchants = h.server.parts.checkout.merchants;
    const next = await merchants.rotateKey(shop.id, 0);
    const old = await admin('GET', 'action=cod_config', shop.key);
    expect([old.status, errorCode(old)]).toEqual([401, 'key_revoked']);
    expect(old.body.message).toBe(
      `The API key ${shop.key.slice(0, 12)}… was revoked or replaced; it stopped working at ${old.body.revoked_at}`,
    );
    expect((await admin('GET', 'action=cod_config', next)).status).toBe(200);
    expect(await merchants.revokeKey(shop.id, next.slice(0, 12))).toBe(true);
    expect(errorCode(await admin('GET', 'action=cod_config', next))).toBe('key_revoked');
  });

  it('answers 400 unknown_action for a missing, unknown or wrong-method action, and 405 with Allow for another method', async () => {
    for (const [method, query] of [
      ['GET', ''],
      ['GET', 'action=drop_tables'],
      ['GET', 'action=set_payment_config'],
      ['PATCH', 'action=funnel'],
      ['POST', 'action=cod_config'],
    ] as const) {
      const res = await admin(method, query, a.key, method === 'GET' ? undefined : {});
      expect([res.status, errorCode(res)], `${method} ${query}`).toEqual([400, 'unknown_action']);
    }
    const put = await admin('PUT', 'action=cod_config', a.key, {});
    expect([put.status, errorCode(put), put.headers.get('allow')]).toEqual([
      405,
      'method_not_allowed',
      'GET, HEAD, PATCH, POST',
    ]);
  });
});

describe('cod_config', () => {
  it('starts disabled, patches only the fields sent and dedupes blocked pincodes', async () => {
    expect((await admin('GET', 'action=cod_config', a.key)).body).toEqual({
      success: true,
      data: { enable_cod: false, cod_max_cart_value_paise: null, cod_blocked_pincodes: [] },
    });
    const res = await admin('PATCH', 'action=cod_config', a.key, {
      enable_cod: true,
      cod_max_cart_value_paise: 500_000,
      cod_blocked_pincodes: ['110001', '110001', '400001'],
    });
    expect(res.body).toEqual({
      success: true,
      data: { enable_cod: true, cod_max_cart_value_paise: 500_000, cod_blocked_pincodes: ['110001', '400001'] },
    });
    await admin('PATCH', 'action=cod_config', a.key, { cod_max_cart_value_paise: null });
    const updatedAt = () => scalar<string>(h.sql, 'SELECT updated_at FROM merchants WHERE id = ?', [a.id]);
    const before = await updatedAt();
    // Every field is optional: an empty PATCH answers the config and changes nothing, not even updated_at.
    expect(dataOf(await admin('PATCH', 'action=cod_config', a.key, {}))).toEqual({
      enable_cod: true,
      cod_max_cart_value_paise: null,
      cod_blocked_pincodes: ['110001', '400001'],
    });
    expect(await updatedAt()).toBe(before);
  });

  it('rejects bad values with 400 and changes nothing', async () => {
    for (const body of [
      { enable_cod: 'yes' },
      { cod_max_cart_value_paise: 0 },
      { cod_max_cart_value_paise: 1.5 },
      { cod_blocked_pincodes: ['1100'] },
      { surprise: 1 },
      [1],
      'x',
    ]) {
      const res = await admin('PATCH', 'action=cod_config', a.key, body);
      expect([res.status, errorCode(res)], JSON.stringify(body)).toEqual([400, 'invalid_request']);
    }
    const bad = await h.call('PATCH', '/checkout-admin?action=cod_config', {
      headers: { 'x-api-key': a.key },
      raw: '{',
    });
    expect(errorCode(bad)).toBe('invalid_json');
    // Six digits no address can hold: a typo, named, and nothing saved (not even the switch sent with it).
    const unknown = await admin('PATCH', 'action=cod_config', a.key, {
      enable_cod: false,
      cod_blocked_pincodes: ['110001', '000000', '999999'],
    });
    expect([unknown.status, errorCode(unknown)]).toEqual([400, 'invalid_request']);
    expect(unknown.body).toMatchObject({
      message: 'cod_blocked_pincodes: not in the India Post directory: 000000, 999999',
      issues: [{ path: 'cod_blocked_pincodes', message: 'not in the India Post directory: 000000, 999999' }],
      unknown_pincodes: ['000000', '999999'],
    });
    expect(dataOf(await admin('GET', 'action=cod_config', a.key))).toMatchObject({
      enable_cod: true,
      cod_blocked_pincodes: ['110001', '400001'],
    });
  });
});

describe('webhooks', () => {
  it('stores the url and an encrypted secret and returns only webhook_secret_set', async () => {
    expect(dataOf(await admin('GET', 'action=webhooks', a.key))).toEqual({
      webhook_url: null,
      webhook_secret_set: false,
    });
    const res = await admin('PATCH', 'action=webhooks', a.key, {
      webhook_url: 'https://a.example/hooks',
      webhook_secret: 'whsec_0123456789abcdef',
    });
    expect(res.body).toEqual({
      success: true,
      data: { webhook_url: 'https://a.example/hooks', webhook_secret_set: true },
    });
    const stored = await scalar<string>(h.sql, 'SELECT webhook_secret_enc FROM merchants WHERE id = ?', [a.id]);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('whsec_0123456789abcdef');
    expect(dataOf(await admin('PATCH', 'action=webhooks', a.key, { webhook_secret: null }))).toEqual({
      webhook_url: 'https://a.example/hooks',
      webhook_secret_set: false,
    });
  });

  it('allows http only for localhost in dev mode and rejects other urls', async () => {
    expect((await admin('PATCH', 'action=webhooks', a.key, { webhook_url: 'http://127.0.0.1:9/hook' })).status).toBe(
      200,
    );
    for (const url of [
      'http://a.example/hook',
      'ftp://a.example',
      'not a url',
      'https://user:pw@a.example/',
      'https://10.0.0.5/hook',
      // Control characters: NUL would make PostgreSQL fail; the URL parser would quietly drop a tab or newline.
      'https://a.example/\u0000',
      'https://a.example/a\u0007',
      'https://a.example/\thook',
    ]) {
      expect(errorCode(await admin('PATCH', 'action=webhooks', a.key, { webhook_url: url })), url).toBe(
        'invalid_request',
      );
    }
    const courier = { courier_coverage_url: 'https://a.example/a\u0007' };
    expect(errorCode(await admin('PATCH', 'action=settings', a.key, courier))).toBe('invalid_request');
    expect(errorCode(await admin('PATCH', 'action=webhooks', a.key, { webhook_secret: 'short' }))).toBe(
      'invalid_request',
    );
  });

  it('stores a url as the server reads and calls it, not as typed', async () => {
    for (const [typed, called] of [
      ['HTTPS://A.EXAMPLE/Hooks', 'https://a.example/Hooks'],
      ['https:a.example/hooks', 'https://a.example/hooks'],
      // Another parser reads a host 10.0.0.1 into this; the server calls a.example, and says so.
      ['https://a.example\\@10.0.0.1/h', 'https://a.example/@10.0.0.1/h'],
    ]) {
      expect(dataOf(await admin('PATCH', 'action=webhooks', a.key, { webhook_url: typed })).webhook_url).toBe(called);
      const courier = dataOf(await admin('PATCH', 'action=settings', a.key, { courier_coverage_url: typed }));
      expect(courier.courier_coverage_url).toBe(called);
    }
    expect(dataOf(await admin('GET', 'action=webhooks', a.key)).webhook_url).toBe('https://a.example/@10.0.0.1/h');
  });

  it('lists webhook deliveries (empty until the dispatcher runs)', async () => {
    const res = await admin('GET', 'action=webhook_deliveries&limit=10', a.key);
    expect(res.body).toEqual({
      success: true,
      data: { deliveries: [], total: 0, limit: 10, offset: 0, retention_days: 30 },
    });
    expect(errorCode(await admin('GET', 'action=webhook_deliveries&limit=0', a.key))).toBe('invalid_request');
    expect(errorCode(await admin('GET', 'action=webhook_deliveries&offset=-1', a.key))).toBe('invalid_request');
  });

  it('test_webhook needs a url, then delivers a signed session.phone_verified test event with the delivery id it answered', async () => {
    const c = await h.merchant('C', ['https://c.example']);
    const unset = await admin('POST', 'action=test_webhook', c.key);
    expect([unset.status, errorCode(unset)]).toEqual([409, 'webhook_not_configured']);
    const receiver = await startReceiver();
    try {
      await admin('PATCH', 'action=webhooks', c.key, {
        webhook_url: receiver.url,
        webhook_secret: 'whsec_test_0123456789',
      });
      const res = await admin('POST', 'action=test_webhook', c.key);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: expect.stringContaining('queued'),
        delivery_id: expect.any(String),
      });
      await receiver.waitFor(1);
      const got = receiver.requests[0]!;
      expect(got.headers['x-service-event']).toBe('session.phone_verified');
      expect(got.headers['x-service-delivery']).toBe(res.body.delivery_id);
      expect(verified(got.rawBody, got.headers, 'whsec_test_0123456789')).toBe(true);
      expect(JSON.parse(got.rawBody)).toMatchObject({
        event: 'session.phone_verified',
        merchant_id: c.id,
        data: { test: true },
      });
      // Its session id is made up: the log links the delivery to no order (the dashboard would show "No session").
      const [logged] = dataOf(await admin('GET', 'action=webhook_events', c.key)).deliveries;
      expect([logged.delivery_id, logged.session_id]).toEqual([res.body.delivery_id, null]);
    } finally {
      await receiver.close();
    }
  });

  it('allows 10 test webhooks a minute per merchant, then 429 with Retry-After', async () => {
    const d = await h.merchant('D');
    await admin('PATCH', 'action=webhooks', d.key, { webhook_url: 'http://127.0.0.1:9/hook' });
    await freshWindow(60);
    for (let i = 0; i < 10; i++) expect((await admin('POST', 'action=test_webhook', d.key)).status).toBe(200);
    const eleventh = await admin('POST', 'action=test_webhook', d.key);
    expect([eleventh.status, errorCode(eleventh)]).toEqual([429, 'rate_limited']);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(eleventh.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    await admin('PATCH', 'action=webhooks', d.key, { webhook_url: null });
  });

  it('redeliver_webhook queues a failed delivery again under the same delivery id; nothing else is re-sent', async () => {
    const e = await h.merchant('E');
    let gone = true;
    const receiver = await startReceiver(() => (gone ? { status: 410, body: 'gone' } : { status: 200, body: 'ok' }));
    try {
      await admin('PATCH', 'action=webhooks', e.key, { webhook_url: receiver.url });
      const sent = await admin('POST', 'action=test_webhook', e.key);
      const deliveryId = sent.body.delivery_id as string;
      const deliveries = async () =>
        dataOf(await admin('GET', 'action=webhook_deliveries', e.key)).deliveries as Array<{
          delivery_id: string;
          status: string;
          http_status: number;
        }>;
      await eventually(async () => (await deliveries()).some((x) => x.status === 'failed'));
      expect(await deliveries()).toEqual([
        expect.objectContaining({ delivery_id: deliveryId, attempt: 1, http_status: 410, status: 'failed' }),
      ]);
      gone = false;
      const again = await admin('POST', 'action=redeliver_webhook', e.key, { delivery_id: deliveryId });
      expect(again.body).toEqual({ success: true, data: { delivery_id: deliveryId, status: 'pending' } });
      await eventually(async () => (await deliveries()).some((x) => x.status === 'delivered'));
      expect(receiver.uniqueDeliveries()).toEqual([deliveryId]);
      expect(receiver.requests).toHaveLength(2);
      const delivered = await admin('POST', 'action=redeliver_webhook', e.key, { delivery_id: deliveryId });
      expect([delivered.status, errorCode(delivered)]).toEqual([404, 'delivery_not_found']);
      expect(errorCode(await admin('POST', 'action=redeliver_webhook', e.key, { delivery_id: MISSING_ID }))).toBe(
        'delivery_not_found',
      );
      expect(errorCode(await admin('POST', 'action=redeliver_webhook', e.key, { delivery_id: 'd_1' }))).toBe(
        'invalid_request',
      );
      expect(errorCode(await admin('POST', 'action=redeliver_webhook', a.key, { delivery_id: deliveryId }))).toBe(
        'delivery_not_found',
      );
    } finally {
      await admin('PATCH', 'action=webhooks', e.key, { webhook_url: null });
      await receiver.close();
    }
  });
});

describe('payment config', () => {
  it('needs both keys, encrypts the secret and never returns it', async () => {
    expect(dataOf(await admin('GET', 'action=get_payment_config', a.key))).toEqual({
      payment_enabled: false,
      gateway_key_id_set: false,
      gateway_key_id: null,
      gateway_secret_key_set: false,
    });
    expect(errorCode(await admin('PATCH', 'action=set_payment_config', a.key, { gateway_key_id: 'rzp_test_1' }))).toBe(
      'invalid_request',
    );
    expect(errorCode(await admin('PATCH', 'action=set_payment_config', a.key, { gateway_secret_key: 's' }))).toBe(
      'invalid_request',
    );
    const res = await admin('PATCH', 'action=set_payment_config', a.key, {
      gateway_key_id: 'rzp_test_1',
      gateway_secret_key: 'very-secret-value',
    });
    expect(res.body).toEqual({
      success: true,
      data: {
        payment_enabled: true,
        gateway_key_id_set: true,
        gateway_key_id: 'rzp_test_1',
        gateway_secret_key_set: true,
      },
    });
    const got = await admin('GET', 'action=get_payment_config', a.key);
    expect(JSON.stringify(got.body)).not.toContain('very-secret-value');
    expect(await scalar<string>(h.sql, 'SELECT gateway_secret_enc FROM merchants WHERE id = ?', [a.id])).not.toContain(
      'very-secret-value',
    );
  });

  it('is switched off and on again in settings without the secret, and on only with keys stored', async () => {
    // Switching payments off in a gateway outage took the secret again, which an owner may not have to hand.
    const fresh = await h.merchant();
    expect(await admin('PATCH', 'action=settings', fresh.key, { payment_enabled: true })).toMatchObject({
      status: 409,
      body: { code: 'payment_keys_required' },
    });
    await admin('PATCH', 'action=set_payment_config', fresh.key, {
      gateway_key_id: 'rzp_test_2',
      gateway_secret_key: 'another-secret-value',
    });
    expect(dataOf(await admin('PATCH', 'action=settings', fresh.key, { payment_enabled: false }))).toMatchObject({
      payment_enabled: false,
    });
    expect(dataOf(await admin('GET', 'action=get_payment_config', fresh.key))).toMatchObject({
      payment_enabled: false,
      gateway_key_id: 'rzp_test_2',
      gateway_secret_key_set: true,
    });
    expect(dataOf(await admin('PATCH', 'action=settings', fresh.key, { payment_enabled: true })).payment_enabled).toBe(
      true,
    );
    const audit = dataOf(await admin('GET', 'action=audit_log', fresh.key)).entries;
    expect(audit[0]).toMatchObject({ action: 'settings', changes: { payment_enabled: { from: false, to: true } } });
  });

  // With PostgreSQL every node must share CHECKOUT_ENCRYPTION_KEY, so there is no key file.
  it.skipIf(Boolean(inject('databaseUrl')))('keeps the generated key file next to the database with mode 0600', () => {
    const file = join(h.server.dir, 'checkout-encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('settings', () => {
  it('normalises origins and validates the courier url', async () => {
    const res = await admin('PATCH', 'action=settings', b.key, {
      // Two spellings of one origin are kept once.
      allowed_origins: ['https://B.example/', 'https://b.example'],
      courier_coverage_url: 'https://courier.example/check',
    });
    expect(dataOf(res)).toEqual({
      allowed_origins: ['https://b.example'],
      courier_coverage_url: 'https://courier.example/check',
      payment_enabled: false,
    });
    expect(
      errorCode(await admin('PATCH', 'action=settings', b.key, { allowed_origins: ['https://b.example/path'] })),
    ).toBe('invalid_request');
    // Compared exactly, a wildcard would match no browser: it is refused, saying so.
    const wildcard = await admin('PATCH', 'action=settings', b.key, { allowed_origins: ['https://*.b.example'] });
    expect([wildcard.status, JSON.stringify(wildcard.body)]).toEqual([400, expect.stringContaining('wildcards')]);
    expect(
      errorCode(await admin('PATCH', 'action=settings', b.key, { courier_coverage_url: 'http://courier.example' })),
    ).toBe('invalid_request');
    expect(dataOf(await admin('GET', 'action=settings', b.key)).allowed_origins).toEqual(['https://b.example']);
  });
});

describe('sessions and funnel', () => {
  it('lists the merchant sessions newest first with limit, offset, from/to and a payment state', async () => {
    const s1 = await h.login(a.id, 'list1@example.com');
    const s2 = await h.login(a.id, 'list2@example.com', { utm: { utm_campaign: 'diwali' } });
    const page = dataOf(await admin('GET', 'action=sessions', a.key));
    expect(page).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(page.sessions.map((s: { id: string }) => s.id)).toEqual([s2.session_id, s1.session_id]);
    expect(page.sessions[0]).toMatchObject({
      id: s2.session_id,
      buyer_id: s2.buyer_id,
      email: 'list2@example.com',
      status: 'verified',
      utm: { utm_campaign: 'diwali' },
      payment: {
        method: null,
        status: 'none',
        gateway_order_id: null,
        gateway_payment_id: null,
        amount_paise: null,
        paid_at: null,
      },
    });
    expect(JSON.stringify(page)).not.toContain('token');
    expect(
      dataOf(await admin('GET', 'action=sessions&limit=1&offset=1', a.key)).sessions.map((s: { id: string }) => s.id),
    ).toEqual([s1.session_id]);
    expect(dataOf(await admin('GET', 'action=sessions&from=2020-01-01&to=2020-12-31', a.key))).toMatchObject({
      total: 0,
      sessions: [],
    });
    expect(errorCode(await admin('GET', 'action=sessions&from=yesterday', a.key))).toBe('invalid_request');
    // NUL is no text (PostgreSQL refuses it in a parameter): 400, never a 500 from the store.
    for (const q of ['q=%00abc', 'q=buyer%00', 'q=12345%00', 'status=verified%00'])
      expect([q, errorCode(await admin('GET', `action=sessions&${q}`, a.key))]).toEqual([q, 'invalid_request']);
    // Days the calendar does not have are refused, not moved on (Date.parse takes 2026-02-30 as 2 March).
    for (const day of ['2026-02-30', '2026-11-31', '2025-02-29', '2026-00-10', '2026-13-01', '2026-01-00'])
      expect([day, errorCode(await admin('GET', `action=funnel&from=${day}`, a.key))]).toEqual([
        day,
        'invalid_request',
      ]);
    expect(errorCode(await admin('GET', 'action=sessions&to=2026-04-31T10:00:00Z', a.key))).toBe('invalid_request');
    expect(dataOf(await admin('GET', 'action=sessions&from=2024-02-29&to=2024-02-29', a.key)).total).toBe(0);
    expect(errorCode(await admin('GET', 'action=sessions&from=2024-02-01&to=2024-01-01', a.key))).toBe(
      'invalid_request',
    );
    expect(errorCode(await admin('GET', 'action=sessions&limit=500', a.key))).toBe('invalid_request');
  });

  it('counts funnel events per event, step and stage; a stage is reached by every later one, so no ratio exceeds 1', async () => {
    const s = Array.from({ length: 4 }, () => randomUUID());
    const post = (event_type: string, step?: string, session_id?: string) =>
      h.call('POST', '/checkout-funnel-events', {
        body: { merchant_id: a.id, event_type, step, device_type: 'mobile', platform: 'web', session_id },
      });
    for (let i = 0; i < 4; i++)
      expect((await post('checkout_opened', 'email', s[i])).body).toEqual({ success: true, logged: true });
    for (let i = 0; i < 2; i++) await post('otp_sent', 'otp', s[i]);
    await post('otp_verified', 'otp', s[0]);
    await post('order_placed', 'confirmation', s[0]);
    await post('checkout_abandoned', 'address', s[3]);
    const report = dataOf(await admin('GET', 'action=funnel', a.key));
    expect(report.events).toEqual({
      checkout_opened: 4,
      otp_sent: 2,
      otp_verified: 1,
      order_placed: 1,
      checkout_abandoned: 1,
    });
    expect(report.steps).toEqual({ email: 4, otp: 3, confirmation: 1, address: 1 });
    expect(report.total_events).toBe(9);
    expect(report.stages.map((x: { stage: string; reached: number }) => [x.stage, x.reached])).toEqual([
      ['checkout_opened', 4],
      ['otp_sent', 2],
      ['otp_verified', 1],
      ['address', 1],
      ['payment_selected', 1],
      ['order_placed', 1],
    ]);
    expect(report.stages[1]).toEqual({
      stage: 'otp_sent',
      events: 2,
      sessions: 2,
      reached: 2,
      from_previous: 0.5,
      from_start: 0.5,
    });
    expect(report.overall_conversion).toBe(0.25);
    expect(report.abandonment_rate).toBe(0.25);
    expect(report.sessions.verified).toBeGreaterThanOrEqual(2);
    const empty = dataOf(await admin('GET', 'action=funnel&from=2020-01-01&to=2020-01-02', a.key));
    expect(empty).toMatchObject({ total_events: 0, overall_conversion: null, abandonment_rate: null });
  });

  it('keeps ratios at most 1 when a widget sends later steps without the earlier ones', async () => {
    const f = await h.merchant('Funnel');
    const post = (event_type: string) =>
      h.call('POST', '/checkout-funnel-events', { body: { merchant_id: f.id, event_type } });
    await post('checkout_opened');
    for (let i = 0; i < 3; i++) await post('order_placed');
    for (let i = 0; i < 5; i++) await post('checkout_abandoned');
    const report = dataOf(await admin('GET', 'action=funnel', f.key));
    expect(report.stages.map((x: { reached: number }) => x.reached)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(report.overall_conversion).toBe(1);
    expect(report.abandonment_rate).toBe(1);
    for (const stage of report.stages)
      for (const r of [stage.from_previous, stage.from_start]) if (r !== null) expect(r).toBeLessThanOrEqual(1);
  });
});

describe('merchant isolation', () => {
  it("never shows merchant A's sessions, configs or funnel to merchant B's key", async () => {
    expect(dataOf(await admin('GET', 'action=sessions', b.key))).toMatchObject({ total: 0, sessions: [] });
    expect(dataOf(await admin('GET', 'action=cod_config', b.key)).enable_cod).toBe(false);
    expect(dataOf(await admin('GET', 'action=webhooks', b.key))).toEqual({
      webhook_url: null,
      webhook_secret_set: false,
    });
    expect(dataOf(await admin('GET', 'action=get_payment_config', b.key)).gateway_key_id_set).toBe(false);
    expect(dataOf(await admin('GET', 'action=funnel', b.key)).total_events).toBe(0);
    expect(dataOf(await admin('GET', 'action=webhook_deliveries', b.key)).total).toBe(0);
  });

  it("lists a merchant's delivery attempts to that merchant only", async () => {
    const receiver = await startReceiver(() => ({ status: 503, body: 'busy' }));
    try {
      await admin('PATCH', 'action=webhooks', a.key, { webhook_url: receiver.url });
      await admin('POST', 'action=test_webhook', a.key);
      const deliveries = async () =>
        dataOf(await admin('GET', 'action=webhook_deliveries', a.key)).deliveries as Array<{
          event: string;
          http_status: number | null;
        }>;
      await eventually(async () =>
        (await deliveries()).some((d) => d.event === 'session.phone_verified' && d.http_status === 503),
      );
      expect(await deliveries()).toContainEqual(
        expect.objectContaining({ event: 'session.phone_verified', http_status: 503, response_body: 'busy' }),
      );
      expect(dataOf(await admin('GET', 'action=webhook_deliveries', b.key))).toMatchObject({
        total: 0,
        deliveries: [],
      });
    } finally {
      await admin('PATCH', 'action=webhooks', a.key, { webhook_url: null });
      await receiver.close();
    }
  });
});
