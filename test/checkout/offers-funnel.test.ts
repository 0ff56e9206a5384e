// /checkout-offers (x-api-key list/create, x-session-token match by UTM) and POST /checkout-funnel-events validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startHarness, type Harness } from './support.ts';

let h: Harness;
let a: { id: string; key: string };
let b: { id: string; key: string };
beforeAll(async () => {
  h = await startHarness();
  a = h.merchant('A', ['https://a.example']);
  b = h.merchant('B');
});
afterAll(async () => h.dispose());

const offers = (key: string, body: unknown) => h.call('POST', '/checkout-offers', { headers: { 'x-api-key': key }, body });
const current = (token: string) => h.call('GET', '/checkout-offers', { headers: { 'x-session-token': token } });
const offer = (title: string, extra: Record<string, unknown> = {}) => ({ action: 'create', title, discount_type: 'percent', discount_value: 10, ...extra });

describe('POST /checkout-offers', () => {
  it('creates and lists offers for the key merchant only', async () => {
    const created = await offers(a.key, offer('Welcome', { priority: 0 }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ title: 'Welcome', discount_type: 'percent', discount_value: 10, utm_rules: {}, active: true });
    await offers(a.key, offer('Instagram 20%', { discount_value: 20, utm_rules: { utm_source: 'instagram' } }));
    await offers(a.key, offer('Diwali flat', { discount_type: 'flat', discount_value: 50_000, priority: 5, utm_rules: { utm_campaign: 'diwali', utm_source: 'google' } }));
    await offers(a.key, offer('Expired', { priority: 100, ends_at: '2020-01-01T00:00:00Z' }));
    expect((await offers(a.key, { action: 'list' })).body.data.offers.map((o: { title: string }) => o.title)).toEqual(['Expired', 'Diwali flat', 'Instagram 20%', 'Welcome']);
    expect((await offers(b.key, { action: 'list' })).body.data.offers).toEqual([]);
  });

  it('rejects bad offers, unknown actions and missing keys', async () => {
    expect(errorCode(await offers(a.key, offer('Too much', { discount_value: 101 })))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('Bad utm', { utm_rules: { utm_x: 'y' } })))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('', {})))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, offer('Window', { starts_at: '2030-01-02', ends_at: '2030-01-01' })))).toBe('invalid_request');
    expect(errorCode(await offers(a.key, { action: 'delete' }))).toBe('unknown_action');
    const anon = await h.call('POST', '/checkout-offers', { body: { action: 'list' } });
    expect([anon.status, errorCode(anon)]).toEqual([401, 'missing_api_key']);
  });
});

describe('GET /checkout-offers', () => {
  it('returns the offer whose UTM rules match the session, case-insensitively', async () => {
    const insta = await h.login(a.id, 'insta@example.com', { utm: { utm_source: 'Instagram' } });
    expect((await current(insta.session_token)).body.offer).toMatchObject({ title: 'Instagram 20%' });
    const diwali = await h.login(a.id, 'diwali@example.com', { utm: { utm_source: 'google', utm_campaign: 'diwali' } });
    expect((await current(diwali.session_token)).body.offer).toMatchObject({ title: 'Diwali flat' });
    const plain = await h.login(a.id, 'plain@example.com');
    expect((await current(plain.session_token)).body).toEqual({ success: true, offer: expect.objectContaining({ title: 'Welcome' }) });
  });

  it('returns null when nothing matches, and 401 without a session', async () => {
    const s = await h.login(b.id, 'b-buyer@example.com', { utm: { utm_source: 'instagram' } });
    expect((await current(s.session_token)).body).toEqual({ success: true, offer: null });
    const res = await h.call('GET', '/checkout-offers');
    expect([res.status, errorCode(res)]).toEqual([401, 'missing_session_token']);
  });
});

describe('POST /checkout-funnel-events', () => {
  const event = { merchant_id: '', event_type: 'checkout_opened', step: 'email', device_type: 'mobile', platform: 'shopify' };

  it('records a valid event with 201', async () => {
    const res = await h.call('POST', '/checkout-funnel-events', { body: { ...event, merchant_id: a.id }, headers: { origin: 'https://a.example' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, event_id: expect.any(Number) });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://a.example');
  });

  it('rejects values outside the documented enums, unknown merchants and foreign origins', async () => {
    for (const bad of [{ event_type: 'clicked' }, { step: 'shipping' }, { device_type: 'watch' }, { platform: 'magento' }, { extra: 1 }]) {
      const res = await h.call('POST', '/checkout-funnel-events', { body: { ...event, merchant_id: a.id, ...bad } });
      expect([res.status, errorCode(res)]).toEqual([400, 'invalid_request']);
    }
    expect((await h.call('POST', '/checkout-funnel-events', { body: { ...event, merchant_id: 'mer_none' } })).status).toBe(404);
    const foreign = await h.call('POST', '/checkout-funnel-events', { body: { ...event, merchant_id: a.id }, headers: { origin: 'https://b.example' } });
    expect([foreign.status, errorCode(foreign)]).toEqual([403, 'origin_not_allowed']);
    expect(h.server.ctx.db.prepare('SELECT COUNT(*) FROM funnel_events').pluck().get()).toBe(1);
  });

  it('answers CORS preflight for the checkout endpoints', async () => {
    const res = await fetch(`${h.server.baseUrl}/checkout-funnel-events`, { method: 'OPTIONS', headers: { origin: 'https://a.example' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-session-token');
  });
});
