// /checkout-offers (x-api-key list/create, x-session-token match by UTM) and POST /checkout-funnel-events: validation and flood limits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  h = await startHarness({ TRUST_PROXY_HOPS: '1' });
  a = await h.merchant('A', ['https://a.example']);
  b = await h.merchant('B');
});
afterAll(async () => h.dispose());

const offers = (key: string, body: unknown) =>
  h.call('POST', '/checkout-offers', { headers: { 'x-api-key': key }, body });
const current = (token: string) => h.call('GET', '/checkout-offers', { headers: { 'x-session-token': token } });
const offer = (title: string, extra: Record<string, unknown> = {}) => ({
  action: 'create',
  title,
  discount_type: 'percent',
  discount_value: 10,
  ...extra,
});

describe('POST /checkout-offers', () => {
  it('creates and lists offers for the key merchant only', async () => {
    const created = dataOf(await offers(a.key, offer('Welcome', { priority: 0 })));
    expect(created).toMatchObject({
      id: expect.any(String),
      title: 'Welcome',
      discount_type: 'percent',
      discount_value: 10,
      utm_rules: {},
      active: true,
      description: null,
    });
    await offers(a.key, offer('Instagram 20%', { discount_value: 20, utm_rules: { utm_source: 'instagram' } }));
    await offers(
      a.key,
      offer('Diwali flat', {
        discount_type: 'flat',
        discount_value: 50_000,
        priority: 5,
        utm_rules: { utm_campaign: 'diwali', utm_source: 'google' },
      }),
    );
    await offers(a.key, offer('Expired', { priority: 100, ends_at: '2020-01-01T00:00:00Z' }));
    expect(dataOf(await offers(a.key, { action: 'list' })).offers.map((o: { title: string }) => o.title)).toEqual([
      'Expired',
      'Diwali flat',
      'Instagram 20%',
      'Welcome',
    ]);
    expect(dataOf(await offers(b.key, { action: 'list' })).offers).toEqual([]);
  });

  it('rejects bad offers (a misspelt UTM rule included), unknown actions and missing keys', async () => {
    const before = dataOf(await offers(a.key, { action: 'list' })).offers.length;
    expect(errorCode(await offers(a.key, offer('Too much', { discount_value: 101 })))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('All of it', { discount_value: 100 })))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('Bad utm', { utm_rules: { utm_campain: 'diwali' } })))).toBe(
      'invalid_request',
    );
    expect(errorCode(await offers(a.key, offer('', {})))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('No such day', { starts_at: '2030-02-30' })))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('Window', { starts_at: '2030-01-02', ends_at: '2030-01-01' })))).toBe(
      'invalid_request',
    );
    expect(errorCode(await offers(a.key, offer('Nothing off', { discount_type: 'flat', discount_value: 0 })))).toBe(
      'invalid_request',
    );
    expect(errorCode(await offers(a.key, { action: 'delete' }))).toBe('unknown_action');
    const anon = await h.call('POST', '/checkout-offers', { body: { action: 'list' } });
    expect([anon.status, errorCode(anon)]).toEqual([401, 'missing_api_key']);
    expect(dataOf(await offers(a.key, { action: 'list' })).offers).toHaveLength(before);
  });
});

describe('POST /checkout-offers action=update', () => {
  it('edits, switches off and reschedules an offer, changing only the fields sent; the banner follows', async () => {
    const made = dataOf(await offers(b.key, offer('Monsoon', { utm_rules: { utm_campaign: 'monsoon' } })));
    const s = await h.login(b.id, 'monsoon@example.com', { utm: { utm_campaign: 'monsoon' } });
    expect(dataOf(await current(s.session_token))).toMatchObject({ id: made.id, discount_value: 10 });
    const edited = dataOf(await offers(b.key, { action: 'update', offer_id: made.id, discount_value: 15 }));
    expect(edited).toEqual({ ...made, discount_value: 15 });
    const off = dataOf(await offers(b.key, { action: 'update', offer_id: made.id, active: false }));
    expect(off).toMatchObject({ active: false, discount_value: 15, title: 'Monsoon' });
    expect((await current(s.session_token)).body.data).toBeNull();
    const later = dataOf(
      await offers(b.key, {
        action: 'update',
        offer_id: made.id,
        active: true,
        starts_at: '2099-01-01',
        ends_at: '2099-01-31',
      }),
    );
    expect(later).toMatchObject({ starts_at: '2099-01-01T00:00:00.000Z', ends_at: '2099-01-31T23:59:59.999Z' });
    expect((await current(s.session_token)).body.data).toBeNull();
    const now = dataOf(await offers(b.key, { action: 'update', offer_id: made.id, starts_at: null, ends_at: null }));
    expect(now).toMatchObject({ starts_at: null, ends_at: null, active: true });
    expect(dataOf(await current(s.session_token))).toMatchObject({ id: made.id, discount_value: 15 });
  });

  it("refuses an update that breaks the offer's rules, an unknown field or id, or another merchant's offer", async () => {
    const made = dataOf(await offers(b.key, offer('Flat', { discount_type: 'flat', discount_value: 50_000 })));
    const update = (key: string, body: Record<string, unknown>) =>
      offers(key, { action: 'update', offer_id: made.id, ...body });
    const percent = await update(b.key, { discount_type: 'percent' });
    expect([percent.status, errorCode(percent), percent.body.issues]).toEqual([
      400,
      'invalid_request',
      [{ path: 'discount_value', message: 'a percent discount is at most 99 (100% would leave nothing to pay)' }],
    ]);
    await update(b.key, { starts_at: '2030-05-01' });
    expect(errorCode(await update(b.key, { ends_at: '2030-04-01' }))).toBe('invalid_request');
    expect(errorCode(await update(b.key, { colour: 'red' }))).toBe('invalid_request');
    expect(errorCode(await update(b.key, { utm_rules: { utm_campain: 'x' } }))).toBe('invalid_request');
    const foreign = await update(a.key, { active: false });
    expect([foreign.status, errorCode(foreign)]).toEqual([404, 'offer_not_found']);
    const missing = await offers(b.key, { action: 'update', offer_id: MISSING_ID, active: false });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'offer_not_found']);
    const list = dataOf(await offers(b.key, { action: 'list' })).offers as Array<{ id: string }>;
    expect(list.find((o) => o.id === made.id)).toMatchObject({
      discount_type: 'flat',
      discount_value: 50_000,
      starts_at: '2030-05-01T00:00:00.000Z',
      ends_at: null,
      active: true,
    });
  });
});

describe('GET /checkout-offers', () => {
  it('returns the offer whose UTM rules match the session, case-insensitively', async () => {
    const insta = await h.login(a.id, 'insta@example.com', { utm: { utm_source: 'Instagram' } });
    expect(dataOf(await current(insta.session_token))).toMatchObject({ title: 'Instagram 20%' });
    const diwali = await h.login(a.id, 'diwali@example.com', { utm: { utm_source: 'google', utm_campaign: 'diwali' } });
    expect(dataOf(await current(diwali.session_token))).toMatchObject({ title: 'Diwali flat' });
    const plain = await h.login(a.id, 'plain@example.com');
    expect((await current(plain.session_token)).body).toEqual({
      success: true,
      data: expect.objectContaining({ title: 'Welcome' }),
    });
  });

  it('follows UTM values set later with update_session', async () => {
    const s = await h.login(a.id, 'later@example.com');
    await h.addresses(s.session_token, { action: 'update_session', utm: { utm_source: 'INSTAGRAM' } });
    expect(dataOf(await current(s.session_token))).toMatchObject({ title: 'Instagram 20%' });
  });

  it('returns null when nothing matches, and 401 without a session', async () => {
    const s = await h.login(b.id, 'b-buyer@example.com', { utm: { utm_source: 'instagram' } });
    expect((await current(s.session_token)).body).toEqual({ success: true, data: null });
    const res = await h.call('GET', '/checkout-offers');
    expect([res.status, errorCode(res)]).toEqual([401, 'missing_session_token']);
  });
});

describe('POST /checkout-funnel-events', () => {
  const funnel = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h.call('POST', '/checkout-funnel-events', { body, headers });
  const event = { event_type: 'checkout_opened', step: 'email', device_type: 'mobile', platform: 'web' };

  it('records a valid event with 200 {logged: true}; only merchant_id and event_type are required', async () => {
    const res = await funnel(
      { ...event, merchant_id: a.id, session_id: randomUUID() },
      { origin: 'https://a.example' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, logged: true });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
    expect((await funnel({ merchant_id: a.id, event_type: 'payment_selected' })).body).toEqual({
      success: true,
      logged: true,
    });
    const stored = await h.sql.get(
      "SELECT step, device_type, platform, session_id FROM funnel_events WHERE event_type = 'payment_selected'",
    );
    expect(stored).toEqual({ step: null, device_type: null, platform: null, session_id: null });
  });

  it('keeps the UTM source, medium and campaign of the page the checkout opened on', async () => {
    const utm = { utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'insta', utm_term: 'kurta' };
    expect((await funnel({ ...event, event_type: 'otp_sent', merchant_id: a.id, utm })).status).toBe(200);
    const stored = await h.sql.get(
      "SELECT utm_source, utm_medium, utm_campaign FROM funnel_events WHERE event_type = 'otp_sent'",
    );
    expect(stored).toEqual({ utm_source: 'instagram', utm_medium: 'social', utm_campaign: 'insta' });
  });

  it('rejects values outside the documented enums, unknown merchants and foreign origins, and stores none of them', async () => {
    const before = await scalar(h.sql, 'SELECT COUNT(*) FROM funnel_events');
    const bad = [
      { event_type: 'Clicked!' },
      { event_type: '' },
      { event_type: undefined },
      { step: 'Shipping Step' },
      { device_type: 'watch' },
      { platform: 'shopify' },
      { session_id: 's0' },
      { utm: { utm_campaign: 'x'.repeat(201) } },
      { utm: 'insta' },
      { extra: 1 },
      { merchant_id: 'mer_1' },
    ];
    for (const change of bad) {
      const res = await funnel({ ...event, merchant_id: a.id, ...change });
      expect([res.status, errorCode(res)], JSON.stringify(change)).toEqual([400, 'invalid_request']);
    }
    const unknown = await funnel({ ...event, merchant_id: MISSING_ID });
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'merchant_not_found']);
    const foreign = await funnel({ ...event, merchant_id: a.id }, { origin: 'https://b.example' });
    expect([foreign.status, errorCode(foreign)]).toEqual([403, 'origin_not_allowed']);
    expect(await scalar(h.sql, 'SELECT COUNT(*) FROM funnel_events')).toBe(before);
  });

  it('answers CORS preflight for the checkout endpoints', async () => {
    for (const path of [
      '/checkout-funnel-events',
      '/checkout-email-otp',
      '/checkout-addresses',
      '/checkout-payment',
      '/checkout-offers',
    ]) {
      const res = await h.call('OPTIONS', path, {
        headers: { origin: 'https://a.example', 'access-control-request-headers': 'x-session-token' },
      });
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-headers')).toContain('x-session-token');
      expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
    }
  });

  it('limits events to 120 a minute per client address, with 429 and Retry-After; other addresses go on', async () => {
    const c = await h.merchant('Flood');
    await freshWindow(60);
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 120; i++)
      expect((await funnel({ merchant_id: c.id, event_type: 'checkout_opened' }, from('203.0.113.50'))).status).toBe(
        200,
      );
    const over = await funnel({ merchant_id: c.id, event_type: 'checkout_opened' }, from('203.0.113.50'));
    expect([over.status, errorCode(over)]).toEqual([429, 'rate_limited']);
    // Which limit: a backend relaying events for many shops meets its address's, not a shop's.
    expect(over.body.message).toBe('Too many funnel events from this address (120 a minute); slow down');
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await funnel({ merchant_id: c.id, event_type: 'checkout_opened' }, from('203.0.113.51'))).status).toBe(200);
    expect(await scalar(h.sql, 'SELECT COUNT(*) FROM funnel_events WHERE merchant_id = ?', [c.id])).toBe(121);
  });

  it('stores at most 200 events for one checkout session', async () => {
    const c = await h.merchant('Session cap');
    const session = randomUUID();
    await freshWindow(60, 15_000);
    for (let i = 0; i < 200; i++) {
      const res = await funnel(
        { merchant_id: c.id, event_type: 'checkout_opened', session_id: session },
        { 'x-forwarded-for': `198.51.100.${i % 2}` },
      );
      expect(res.status).toBe(200);
    }
    const over = await funnel(
      { merchant_id: c.id, event_type: 'checkout_opened', session_id: session },
      { 'x-forwarded-for': '198.51.100.9' },
    );
    expect([over.status, errorCode(over)]).toEqual([429, 'session_event_limit']);
    // The cap's window is the UTC day: Retry-After is the rest of it, not an hour that would be refused again.
    const dayLeft = Math.ceil((86_400_000 - (Date.now() % 86_400_000)) / 1000);
    expect(Math.abs(Number(over.headers.get('retry-after')) - dayLeft)).toBeLessThanOrEqual(5);
    expect(
      (
        await funnel(
          { merchant_id: c.id, event_type: 'checkout_opened', session_id: randomUUID() },
          { 'x-forwarded-for': '198.51.100.9' },
        )
      ).status,
    ).toBe(200);
  });
});
