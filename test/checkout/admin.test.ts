// GET/PATCH /checkout-admin over real HTTP: auth, every config action, reports, secrets never returned, merchant isolation.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWebhookDeliveries } from '../../src/webhooks/delivery-log.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { eventually, startReceiver } from '../webhooks/support/receiver.ts';
import { errorCode, startHarness, type Harness } from './support.ts';

let h: Harness;
let a: { id: string; key: string };
let b: { id: string; key: string };
beforeAll(async () => {
  h = await startHarness({ WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_POLL_MS: '20' });
  a = h.merchant('A', ['https://a.example']);
  b = h.merchant('B', ['https://b.example']);
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

  it('answers 400 unknown_action for a missing, unknown or wrong-method action', async () => {
    for (const [method, query] of [['GET', ''], ['GET', 'action=drop_tables'], ['GET', 'action=set_payment_config'], ['PATCH', 'action=funnel'], ['POST', 'action=cod_config']] as const) {
      const res = await admin(method, query, a.key, method === 'GET' ? undefined : {});
      expect([res.status, errorCode(res)]).toEqual([400, 'unknown_action']);
    }
  });
});

describe('cod_config', () => {
  it('starts disabled, patches partially and dedupes blocked pincodes', async () => {
    expect((await admin('GET', 'action=cod_config', a.key)).body).toEqual({ success: true, data: { enable_cod: false, cod_max_cart_value_paise: null, cod_blocked_pincodes: [] } });
    const res = await admin('PATCH', 'action=cod_config', a.key, { enable_cod: true, cod_max_cart_value_paise: 500_000, cod_blocked_pincodes: ['110001', '110001', '400001'] });
    expect(res.body.data).toEqual({ enable_cod: true, cod_max_cart_value_paise: 500_000, cod_blocked_pincodes: ['110001', '400001'] });
    await admin('PATCH', 'action=cod_config', a.key, { cod_max_cart_value_paise: null });
    expect((await admin('GET', 'action=cod_config', a.key)).body.data).toEqual({ enable_cod: true, cod_max_cart_value_paise: null, cod_blocked_pincodes: ['110001', '400001'] });
  });

  it('rejects bad values with 400 and changes nothing', async () => {
    for (const body of [{}, { enable_cod: 'yes' }, { cod_max_cart_value_paise: 0 }, { cod_blocked_pincodes: ['1100'] }, { surprise: 1 }, [1]]) {
      const res = await admin('PATCH', 'action=cod_config', a.key, body);
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_request']);
    }
    const bad = await h.call('PATCH', '/checkout-admin?action=cod_config', { headers: { 'x-api-key': a.key }, raw: '{' });
    expect(errorCode(bad)).toBe('invalid_json');
    expect((await admin('GET', 'action=cod_config', a.key)).body.data.cod_blocked_pincodes).toEqual(['110001', '400001']);
  });
});

describe('webhooks', () => {
  it('stores the url and an encrypted secret and returns only secret_set', async () => {
    expect((await admin('GET', 'action=webhooks', a.key)).body.data).toEqual({ webhook_url: null, secret_set: false });
    const res = await admin('PATCH', 'action=webhooks', a.key, { webhook_url: 'https://a.example/hooks', webhook_secret: 'whsec_0123456789abcdef' });
    expect(res.body).toEqual({ success: true, data: { webhook_url: 'https://a.example/hooks', secret_set: true } });
    const stored = h.server.ctx.db.prepare('SELECT webhook_secret_enc FROM merchants WHERE id = ?').pluck().get(a.id) as string;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('whsec_0123456789abcdef');
  });

  it('allows http only for localhost in dev mode and rejects other urls', async () => {
    expect((await admin('PATCH', 'action=webhooks', a.key, { webhook_url: 'http://127.0.0.1:9/hook' })).status).toBe(200);
    for (const url of ['http://a.example/hook', 'ftp://a.example', 'not a url', 'https://user:pw@a.example/']) {
      expect(errorCode(await admin('PATCH', 'action=webhooks', a.key, { webhook_url: url }))).toBe('invalid_request');
    }
    expect(errorCode(await admin('PATCH', 'action=webhooks', a.key, { webhook_secret: 'short' }))).toBe('invalid_request');
  });

  it('lists webhook deliveries (empty until the dispatcher runs)', async () => {
    const res = await admin('GET', 'action=webhook_deliveries&limit=10', a.key);
    expect(res.body).toEqual({ success: true, data: { deliveries: [], total: 0, limit: 10, offset: 0 } });
    expect(errorCode(await admin('GET', 'action=webhook_deliveries&limit=0', a.key))).toBe('invalid_request');
  });

  it('test_webhook needs a url, then delivers a signed session.phone_verified test event', async () => {
    const c = h.merchant('C', ['https://c.example']);
    const unset = await admin('POST', 'action=test_webhook', c.key, {});
    expect([unset.status, errorCode(unset)]).toEqual([400, 'webhook_not_configured']);
    const receiver = await startReceiver();
    try {
      await admin('PATCH', 'action=webhooks', c.key, { webhook_url: receiver.url, webhook_secret: 'whsec_test_0123456789' });
      const res = await admin('POST', 'action=test_webhook', c.key, {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: expect.stringContaining('queued') });
      await receiver.waitFor(1);
      const got = receiver.requests[0]!;
      expect(got.headers['x-service-event']).toBe('session.phone_verified');
      expect(got.headers['x-service-delivery']).toBe(res.body.data.delivery_id);
      expect(verifyWebhookSignature(got.rawBody, got.headers['x-service-signature'] as string, 'whsec_test_0123456789')).toBe(true);
      expect(JSON.parse(got.rawBody)).toMatchObject({ event: 'session.phone_verified', merchant_id: c.id, data: { test: true } });
    } finally {
      await receiver.close();
    }
  });
});

describe('payment config', () => {
  it('needs both keys, encrypts the secret and never returns it', async () => {
    expect((await admin('GET', 'action=get_payment_config', a.key)).body.data).toEqual({ payment_enabled: false, gateway_key_id_set: false, gateway_secret_key_set: false });
    expect(errorCode(await admin('PATCH', 'action=set_payment_config', a.key, { gateway_key_id: 'rzp_test_1' }))).toBe('invalid_request');
    expect(errorCode(await admin('PATCH', 'action=set_payment_config', a.key, { gateway_secret_key: 's' }))).toBe('invalid_request');
    const res = await admin('PATCH', 'action=set_payment_config', a.key, { gateway_key_id: 'rzp_test_1', gateway_secret_key: 'very-secret-value' });
    expect(res.body.data).toEqual({ payment_enabled: true, gateway_key_id_set: true, gateway_secret_key_set: true });
    const got = await admin('GET', 'action=get_payment_config', a.key);
    expect(JSON.stringify(got.body)).not.toContain('very-secret-value');
    const row = h.server.ctx.db.prepare('SELECT gateway_secret_enc FROM merchants WHERE id = ?').pluck().get(a.id) as string;
    expect(row).not.toContain('very-secret-value');
  });

  it('keeps the generated key file next to the database with mode 0600', () => {
    const file = join(h.server.dir, 'checkout-encryption.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('settings', () => {
  it('normalises origins and validates the courier url', async () => {
    const res = await admin('PATCH', 'action=settings', b.key, { allowed_origins: ['https://B.example/'], courier_coverage_url: 'https://courier.example/check' });
    expect(res.body.data).toEqual({ allowed_origins: ['https://b.example'], courier_coverage_url: 'https://courier.example/check' });
    expect(errorCode(await admin('PATCH', 'action=settings', b.key, { allowed_origins: ['https://b.example/path'] }))).toBe('invalid_request');
    expect(errorCode(await admin('PATCH', 'action=settings', b.key, { courier_coverage_url: 'http://courier.example' }))).toBe('invalid_request');
    expect((await admin('GET', 'action=settings', b.key)).body.data.allowed_origins).toEqual(['https://b.example']);
  });
});

describe('sessions and funnel', () => {
  it('lists the merchant sessions newest first with limit, offset and from/to', async () => {
    const s1 = await h.login(a.id, 'list1@example.com');
    const s2 = await h.login(a.id, 'list2@example.com', { utm: { utm_campaign: 'diwali' } });
    const res = await admin('GET', 'action=sessions', a.key);
    expect(res.body.data).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(res.body.data.sessions.map((s: { id: string }) => s.id)).toEqual([s2.session_id, s1.session_id]);
    expect(res.body.data.sessions[0]).toMatchObject({ email: 'list2@example.com', status: 'verified', utm: { utm_campaign: 'diwali' } });
    expect(JSON.stringify(res.body)).not.toContain('token');
    const page = await admin('GET', 'action=sessions&limit=1&offset=1', a.key);
    expect(page.body.data.sessions.map((s: { id: string }) => s.id)).toEqual([s1.session_id]);
    const past = await admin('GET', 'action=sessions&from=2020-01-01&to=2020-12-31', a.key);
    expect(past.body.data).toMatchObject({ total: 0, sessions: [] });
    expect(errorCode(await admin('GET', 'action=sessions&from=yesterday', a.key))).toBe('invalid_request');
    expect(errorCode(await admin('GET', 'action=sessions&from=2024-02-01&to=2024-01-01', a.key))).toBe('invalid_request');
    expect(errorCode(await admin('GET', 'action=sessions&limit=500', a.key))).toBe('invalid_request');
  });

  it('counts funnel events per event and step with conversion ratios', async () => {
    const post = (event_type: string, step: string, session_id?: string) =>
      h.call('POST', '/checkout-funnel-events', { body: { merchant_id: a.id, event_type, step, device_type: 'mobile', platform: 'web', session_id } });
    for (let i = 0; i < 4; i++) expect((await post('checkout_opened', 'email', `s${i}`)).status).toBe(201);
    for (let i = 0; i < 2; i++) await post('otp_sent', 'otp', `s${i}`);
    await post('otp_verified', 'otp', 's0');
    await post('order_placed', 'confirmation', 's0');
    await post('checkout_abandoned', 'address', 's3');
    const res = await admin('GET', 'action=funnel', a.key);
    const report = res.body.data;
    expect(report.events).toMatchObject({ checkout_opened: 4, otp_sent: 2, otp_verified: 1, order_placed: 1, address_entered: 0 });
    expect(report.steps).toMatchObject({ email: 4, otp: 3, confirmation: 1, address: 1, payment: 0 });
    expect(report.total_events).toBe(9);
    expect(report.conversion[1]).toEqual({ stage: 'otp_sent', events: 2, from_previous: 0.5, from_start: 0.5 });
    expect(report.overall_conversion).toBe(0.25);
    expect(report.abandonment_rate).toBe(0.25);
    expect(report.sessions.verified).toBeGreaterThanOrEqual(2);
    const empty = await admin('GET', 'action=funnel&from=2020-01-01&to=2020-01-02', a.key);
    expect(empty.body.data).toMatchObject({ total_events: 0, overall_conversion: null });
  });
});

describe('merchant isolation', () => {
  it("never shows merchant A's sessions, configs or funnel to merchant B's key", async () => {
    const sessions = await admin('GET', 'action=sessions', b.key);
    expect(sessions.body.data).toMatchObject({ total: 0, sessions: [] });
    expect((await admin('GET', 'action=cod_config', b.key)).body.data.enable_cod).toBe(false);
    expect((await admin('GET', 'action=webhooks', b.key)).body.data).toEqual({ webhook_url: null, secret_set: false });
    expect((await admin('GET', 'action=get_payment_config', b.key)).body.data.gateway_key_id_set).toBe(false);
    expect((await admin('GET', 'action=funnel', b.key)).body.data.total_events).toBe(0);
    expect((await admin('GET', 'action=webhook_deliveries', b.key)).body.data.total).toBe(0);
  });

  it("lists a merchant's delivery attempts to that merchant only", async () => {
    const receiver = await startReceiver(() => ({ status: 503, body: 'busy' }));
    try {
      await admin('PATCH', 'action=webhooks', a.key, { webhook_url: receiver.url });
      await admin('POST', 'action=test_webhook', a.key, {});
      const testAttempt = (d: { event: string; http_status: number | null }) => d.event === 'session.phone_verified' && d.http_status === 503;
      await eventually(() => listWebhookDeliveries(h.server.ctx.db, a.id).deliveries.some(testAttempt));
      const mine = await admin('GET', 'action=webhook_deliveries', a.key);
      expect(mine.body.data.deliveries).toContainEqual(expect.objectContaining({ event: 'session.phone_verified', http_status: 503, response_body: 'busy' }));
      expect((await admin('GET', 'action=webhook_deliveries', b.key)).body.data).toMatchObject({ total: 0, deliveries: [] });
    } finally {
      await admin('PATCH', 'action=webhooks', a.key, { webhook_url: null });
      await receiver.close();
    }
  });
});
