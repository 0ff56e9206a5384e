// POST /checkout-email-otp over real HTTP, a real SQLite file and a real SMTP server: send, reuse, verify, expiry, lockout, limits, origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { startTestServer } from '../support/server.ts';
import { errorCode, startHarness, type Harness } from './support.ts';

let h: Harness;
let shop: { id: string; key: string };
beforeAll(async () => {
  h = await startHarness();
  shop = h.merchant('Shop', ['https://shop.example']);
});
afterAll(async () => h.dispose());

const otp = (body: Record<string, unknown>, headers: Record<string, string> = {}) => h.call('POST', '/checkout-email-otp', { body, headers });
const send = (email: string, merchantId = shop.id, headers: Record<string, string> = {}) => otp({ action: 'send', email, merchant_id: merchantId }, headers);
const verify = (email: string, code: string, extra: Record<string, unknown> = {}) => otp({ action: 'verify', email, merchant_id: shop.id, code, ...extra });
const db = () => h.server.ctx.db;

describe('POST /checkout-email-otp send', () => {
  it('mails a 6-digit code through SMTP and stores only its hash', async () => {
    const res = await send('Asha@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, reused: false });
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    const mail = await h.smtp.nextMail('asha@example.com');
    expect(mail.from).toBe('otp@shop.test');
    const code = /code is (\d{6})/.exec(mail.raw)![1]!;
    const stored = db().prepare('SELECT code_hash FROM otp_codes WHERE email = ?').get('asha@example.com') as { code_hash: string };
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(code);
  });

  it('reuses a live code without sending another email', async () => {
    await send('reuse@example.com');
    await h.smtp.nextCode('reuse@example.com');
    const again = await send('reuse@example.com');
    expect(again.status).toBe(200);
    expect(again.body.reused).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.smtp.count('reuse@example.com')).toBe(1);
  });

  it('answers a known and an unknown email with the same shape', async () => {
    await h.login(shop.id, 'known@example.com');
    const known = await send('known@example.com');
    const unknown = await send('nobody-here@example.com');
    expect(known.status).toBe(unknown.status);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body.reused).toBe(unknown.body.reused);
  });

  it('rejects an invalid email, an unknown action, a missing body and invalid JSON with 400', async () => {
    expect(errorCode(await send('not-an-email'))).toBe('invalid_request');
    expect(errorCode(await otp({ action: 'resend', email: 'a@b.co', merchant_id: shop.id }))).toBe('unknown_action');
    expect(errorCode(await h.call('POST', '/checkout-email-otp'))).toBe('unknown_action');
    const bad = await h.call('POST', '/checkout-email-otp', { raw: '{nope' });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_json']);
  });

  it('answers 404 for an unknown merchant', async () => {
    const res = await send('x@example.com', 'mer_missing');
    expect([res.status, errorCode(res)]).toEqual([404, 'merchant_not_found']);
  });

  it('allows the merchant origins and no Origin, and refuses other origins with 403', async () => {
    const ok = await send('origin@example.com', shop.id, { origin: 'https://shop.example' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const evil = await send('origin@example.com', shop.id, { origin: 'https://evil.example' });
    expect([evil.status, errorCode(evil)]).toEqual([403, 'origin_not_allowed']);
  });

  it('lets the shop page read error answers too (CORS on 4xx, Retry-After exposed)', async () => {
    const shopPage = { origin: 'https://shop.example' };
    const wrong = await otp({ action: 'verify', email: 'cors@example.com', merchant_id: shop.id, code: '000000' }, shopPage);
    expect([wrong.status, errorCode(wrong)]).toEqual([400, 'invalid_code']);
    expect(wrong.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(wrong.headers.get('access-control-expose-headers')).toBe('retry-after');
    const bad = await otp({ action: 'send', email: 'not an email', merchant_id: shop.id }, shopPage);
    expect([bad.status, bad.headers.get('access-control-allow-origin')]).toEqual([400, 'https://shop.example']);
  });

  it('limits sends per email to 5 an hour with 429 and Retry-After', async () => {
    const email = 'limit@example.com';
    for (let i = 0; i < 5; i++) expect((await send(email)).status).toBe(200);
    const sixth = await send(email);
    expect([sixth.status, errorCode(sixth)]).toEqual([429, 'rate_limited']);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

describe('POST /checkout-email-otp verify', () => {
  it('verifies the mailed code, opens a session and queues session.email_verified in the outbox', async () => {
    await send('verify@example.com');
    const code = await h.smtp.nextCode('verify@example.com');
    const res = await verify('verify@example.com', code, { utm: { utm_source: 'instagram' }, cart_value_paise: 129_900 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['buyer_id', 'expires_at', 'session_id', 'session_token', 'success']);
    expect(res.body.session_token).toMatch(/^cst_[\w-]{43}$/);
    const session = db().prepare('SELECT * FROM checkout_sessions WHERE id = ?').get(res.body.session_id) as Record<string, unknown>;
    expect(session).toMatchObject({ merchant_id: shop.id, buyer_id: res.body.buyer_id, utm_source: 'instagram', cart_value_paise: 129_900, status: 'verified' });
    expect(session.token_hash).not.toBe(res.body.session_token);
    const row = db().prepare("SELECT * FROM webhook_outbox WHERE event = 'session.email_verified' ORDER BY id DESC LIMIT 1").get() as { payload: string; status: string; delivery_id: string };
    // Queued in the verify transaction; this merchant has no webhook_url, so the running dispatcher may already have dropped it.
    expect(JSON.parse(row.payload)).toMatchObject({
      event: 'session.email_verified', merchant_id: shop.id, buyer_id: res.body.buyer_id, session_id: res.body.session_id,
      auth_channel: 'email', data: { email: 'verify@example.com' },
    });
  });

  it('accepts a code once only', async () => {
    await send('once@example.com');
    const code = await h.smtp.nextCode('once@example.com');
    expect((await verify('once@example.com', code)).status).toBe(200);
    const again = await verify('once@example.com', code);
    expect([again.status, errorCode(again)]).toEqual([400, 'invalid_code']);
  });

  it('keeps the same buyer across sessions for the same email', async () => {
    const a = await h.login(shop.id, 'same@example.com');
    const b = await h.login(shop.id, 'same@example.com');
    expect(a.buyer_id).toBe(b.buyer_id);
    expect(a.session_id).not.toBe(b.session_id);
  });

  it('rejects an expired code with 400 code_expired and sends a new one afterwards', async () => {
    await send('expired@example.com');
    const code = await h.smtp.nextCode('expired@example.com');
    db().prepare("UPDATE otp_codes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE email = ?").run('expired@example.com');
    const res = await verify('expired@example.com', code);
    expect([res.status, errorCode(res)]).toEqual([400, 'code_expired']);
    expect((await send('expired@example.com')).body.reused).toBe(false);
    expect(await h.smtp.nextCode('expired@example.com')).toMatch(/^\d{6}$/);
  });

  it('answers a wrong code with attempts_remaining and locks with 429 after the fifth', async () => {
    const email = 'lock@example.com';
    await send(email);
    const code = await h.smtp.nextCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await verify(email, wrong);
      expect([res.status, errorCode(res), res.body.attempts_remaining]).toEqual([400, 'invalid_code', 5 - i]);
    }
    const fifth = await verify(email, wrong);
    expect([fifth.status, errorCode(fifth)]).toEqual([429, 'otp_locked']);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(800);
    const right = await verify(email, code);
    expect([right.status, errorCode(right)]).toEqual([429, 'otp_locked']);
    expect((await send(email)).status).toBe(429);
    // After the lock window the old code stays dead and a new code can be requested.
    db().prepare("UPDATE otp_codes SET locked_until = '2000-01-01T00:00:00.000Z' WHERE email = ?").run(email);
    expect(errorCode(await verify(email, code))).toBe('invalid_code');
    expect((await send(email)).body.reused).toBe(false);
    expect((await verify(email, await h.smtp.nextCode(email))).status).toBe(200);
  });

  it('treats an email with no code like a wrong code', async () => {
    const res = await verify('never-sent@example.com', '123456');
    expect([res.status, errorCode(res)]).toEqual([400, 'invalid_code']);
  });

  it('rejects malformed codes, utm and cart values with 400 and creates nothing', async () => {
    const before = db().prepare('SELECT COUNT(*) FROM checkout_sessions').pluck().get();
    expect(errorCode(await verify('x@example.com', '12345'))).toBe('invalid_request');
    expect(errorCode(await verify('x@example.com', '123456', { utm: { utm_evil: 'x' } }))).toBe('invalid_request');
    expect(errorCode(await verify('x@example.com', '123456', { cart_value_paise: -1 }))).toBe('invalid_request');
    expect(db().prepare('SELECT COUNT(*) FROM checkout_sessions').pluck().get()).toBe(before);
  });
});

describe('OTP limits per IP and mail failures', () => {
  it('limits sends per IP with 429', async () => {
    const strict = await startHarness({ CHECKOUT_OTP_SENDS_PER_IP_HOUR: '3' });
    try {
      const m = strict.merchant();
      // Without TRUST_PROXY_HOPS a forged X-Forwarded-For does not buy a fresh budget.
      const sendFrom = (email: string, xff: string) => strict.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: m.id }, headers: { 'x-forwarded-for': xff } });
      for (let i = 0; i < 3; i++) expect((await sendFrom(`ip${i}@example.com`, `203.0.113.${i}`)).status).toBe(200);
      const res = await sendFrom('ip9@example.com', '203.0.113.9');
      expect([res.status, errorCode(res)]).toEqual([429, 'rate_limited']);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await strict.dispose();
    }
  });

  it('behind a trusted proxy counts each buyer address from X-Forwarded-For separately', async () => {
    const strict = await startHarness({ CHECKOUT_OTP_SENDS_PER_IP_HOUR: '1', TRUST_PROXY_HOPS: '1' });
    try {
      const m = strict.merchant();
      const sendFrom = (email: string, xff: string) => strict.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: m.id }, headers: { 'x-forwarded-for': xff } });
      expect((await sendFrom('a@example.com', '203.0.113.1')).status).toBe(200);
      expect((await sendFrom('b@example.com', '203.0.113.2')).status).toBe(200);
      expect((await sendFrom('c@example.com', '6.6.6.6, 203.0.113.1')).status).toBe(429);
    } finally {
      await strict.dispose();
    }
  });

  it('answers 502 when the SMTP server refuses and keeps no code it could not deliver', async () => {
    const broken = await startHarness({ SMTP_PASS: 'wrong' });
    try {
      const m = broken.merchant();
      const res = await broken.call('POST', '/checkout-email-otp', { body: { action: 'send', email: 'fail@example.com', merchant_id: m.id } });
      expect([res.status, errorCode(res)]).toEqual([502, 'email_send_failed']);
      expect(broken.server.ctx.db.prepare('SELECT COUNT(*) FROM otp_codes').pluck().get()).toBe(0);
    } finally {
      await broken.dispose();
    }
  });

  it('answers 503 email_not_configured in production without SMTP_HOST', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' });
    try {
      const { merchant } = new MerchantRepository(prod.ctx.db).create('Prod');
      const res = await fetch(`${prod.baseUrl}/checkout-email-otp`, { method: 'POST', body: JSON.stringify({ action: 'send', email: 'p@example.com', merchant_id: merchant.id }) });
      expect(res.status).toBe(503);
      expect((await res.json()).code).toBe('email_not_configured');
    } finally {
      await prod.dispose();
    }
  });
});
