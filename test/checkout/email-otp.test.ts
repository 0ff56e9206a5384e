// POST /checkout-email-otp over real HTTP, a real SQLite file and a real SMTP server: send, reuse, verify, expiry, lockout, limits, origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, errorCode } from '../support/client.ts';
import { startTestServer } from '../support/server.ts';
import { freshWindow, MISSING_ID, scalar, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let shop: Shop;
beforeAll(async () => {
  h = await startHarness();
  shop = await h.merchant('Shop', ['https://shop.example']);
});
afterAll(async () => h.dispose());

const otp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.call('POST', '/checkout-email-otp', { body, headers });
const send = (email: string, merchantId = shop.id, headers: Record<string, string> = {}) =>
  otp({ action: 'send', email, merchant_id: merchantId }, headers);
const verify = (email: string, code: string, extra: Record<string, unknown> = {}) =>
  otp({ action: 'verify', email, merchant_id: shop.id, code, ...extra });
const past = '2000-01-01T00:00:00.000Z';

describe('POST /checkout-email-otp send', () => {
  it('mails a 6-digit code through SMTP and stores only its hash', async () => {
    const res = await send('Asha@Example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      reused: false,
      message: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(res.body.expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    const mail = await h.smtp.nextMail('asha@example.com');
    expect(mail.from).toBe('otp@shop.test');
    const code = /code is (\d{6})/.exec(mail.raw)![1]!;
    const stored = await scalar<string>(h.sql, 'SELECT code_hash FROM otp_codes WHERE email = ?', ['asha@example.com']);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
  });

  it('reuses a live code without sending another email, and says until when it lives', async () => {
    const first = await send('reuse@example.com');
    await h.smtp.nextCode('reuse@example.com');
    const again = await send('reuse@example.com');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reused: true, expires_at: first.body.expires_at });
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

  it('rejects an invalid email or merchant id, an unknown action, a missing body and invalid JSON with 400', async () => {
    expect(errorCode(await send('not-an-email'))).toBe('invalid_request');
    expect(errorCode(await send('x@example.com', 'mer_missing'))).toBe('invalid_request');
    expect(errorCode(await otp({ action: 'resend', email: 'a@b.co', merchant_id: shop.id }))).toBe('unknown_action');
    expect(errorCode(await h.call('POST', '/checkout-email-otp'))).toBe('unknown_action');
    const bad = await h.call('POST', '/checkout-email-otp', { raw: '{nope' });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_json']);
  });

  it('answers 404 for an unknown merchant', async () => {
    const res = await send('x@example.com', MISSING_ID);
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
    const wrong = await otp(
      { action: 'verify', email: 'cors@example.com', merchant_id: shop.id, code: '000000' },
      shopPage,
    );
    expect([wrong.status, errorCode(wrong)]).toEqual([401, 'invalid_code']);
    expect(wrong.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(wrong.headers.get('access-control-expose-headers')).toBe('retry-after');
    const bad = await otp({ action: 'send', email: 'not an email', merchant_id: shop.id }, shopPage);
    expect([bad.status, bad.headers.get('access-control-allow-origin')]).toEqual([400, 'https://shop.example']);
  });

  it('limits mailed codes per (merchant, email, address) to 5 an hour (429), not at another merchant', async () => {
    await freshWindow(3600);
    const email = 'limit@example.com';
    for (let i = 0; i < 5; i++) {
      expect((await send(email)).body.reused).toBe(false);
      await h.sql.run('UPDATE otp_codes SET expires_at = ? WHERE email = ?', [past, email]);
    }
    const sixth = await send(email);
    expect([sixth.status, errorCode(sixth)]).toEqual([429, 'rate_limited']);
    const retry = Number(sixth.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(3600);
    const other = await h.merchant('Other shop');
    expect((await send(email, other.id)).status).toBe(200);
  });

  it('lets a buyer resend while the code lives without using up the per-address limit of mails', async () => {
    await freshWindow(3600);
    const email = 'resend@example.com';
    expect((await send(email)).body.reused).toBe(false);
    // A buyer tapping "Resend code" while the code lives: nothing is mailed, so nothing is used up.
    for (let i = 0; i < 8; i++) expect((await send(email)).body).toMatchObject({ success: true, reused: true });
    for (let i = 0; i < 4; i++) {
      await h.sql.run('UPDATE otp_codes SET expires_at = ? WHERE email = ?', [past, email]);
      expect((await send(email)).body.reused).toBe(false);
    }
    await h.sql.run('UPDATE otp_codes SET expires_at = ? WHERE email = ?', [past, email]);
    const sixthMail = await send(email);
    expect([sixthMail.status, errorCode(sixthMail)]).toEqual([429, 'rate_limited']);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.smtp.count(email)).toBe(5);
    // The refused send left no code behind that a later send could call live and reuse.
    const live = 'SELECT COUNT(*) FROM otp_codes WHERE email = ? AND expires_at > ?';
    expect(await scalar(h.sql, live, [email, new Date().toISOString()])).toBe(0);
  });
});

describe('POST /checkout-email-otp verify', () => {
  it('verifies the mailed code, opens a session and queues session.email_verified in the outbox', async () => {
    await send('verify@example.com');
    const code = await h.smtp.nextCode('verify@example.com');
    const res = await verify('verify@example.com', code, {
      utm: { utm_source: 'instagram', utm_evil: 'ignored' },
      cart_value_paise: 129_900,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['buyer_id', 'expires_at', 'session_id', 'session_token', 'success']);
    expect(res.body.session_token).toMatch(/^cst_[\w-]{43}$/);
    const session = await h.sql.get<Record<string, unknown>>('SELECT * FROM checkout_sessions WHERE id = ?', [
      res.body.session_id,
    ]);
    expect(session).toMatchObject({
      merchant_id: shop.id,
      buyer_id: res.body.buyer_id,
      utm_source: 'instagram',
      cart_value_paise: 129_900,
      cart_value_source: 'widget',
      status: 'verified',
    });
    expect(JSON.stringify(session)).not.toContain('utm_evil');
    expect(session!.token_hash).not.toBe(res.body.session_token);
    const row = await h.sql.get<{ payload: string }>(
      "SELECT payload FROM webhook_outbox WHERE event = 'session.email_verified' ORDER BY id DESC LIMIT 1",
    );
    // Queued in the verify transaction; this merchant has no webhook_url, so the running dispatcher may already have dropped it.
    expect(JSON.parse(row!.payload)).toMatchObject({
      event: 'session.email_verified',
      merchant_id: shop.id,
      buyer_id: res.body.buyer_id,
      session_id: res.body.session_id,
      auth_channel: 'email',
      data: { email: 'verify@example.com' },
    });
  });

  it('accepts a code once only', async () => {
    await send('once@example.com');
    const code = await h.smtp.nextCode('once@example.com');
    expect((await verify('once@example.com', code)).status).toBe(200);
    const again = await verify('once@example.com', code);
    expect([again.status, errorCode(again), again.body.attempts_remaining]).toEqual([401, 'invalid_code', 0]);
  });

  it('keeps the same buyer across sessions for the same email', async () => {
    const a = await h.login(shop.id, 'same@example.com');
    const b = await h.login(shop.id, 'same@example.com');
    expect(a.buyer_id).toBe(b.buyer_id);
    expect(a.session_id).not.toBe(b.session_id);
  });

  it('rejects an expired code with 401 code_expired and sends a new one afterwards', async () => {
    await send('expired@example.com');
    const code = await h.smtp.nextCode('expired@example.com');
    await h.sql.run('UPDATE otp_codes SET expires_at = ? WHERE email = ?', [past, 'expired@example.com']);
    const res = await verify('expired@example.com', code);
    expect([res.status, errorCode(res)]).toEqual([401, 'code_expired']);
    expect((await send('expired@example.com')).body.reused).toBe(false);
    expect(await h.smtp.nextCode('expired@example.com')).toMatch(/^\d{6}$/);
  });

  it('says a code a newer one replaced is replaced, without counting a wrong try, and takes the newer', async () => {
    const email = 'replaced@example.com';
    await send(email);
    const first = await h.smtp.nextCode(email);
    // Two minutes on, a send (the buyer's "resend", or a client retrying one that timed out) mails a new code.
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await h.sql.run('UPDATE otp_codes SET created_at = ? WHERE email = ?', [twoMinutesAgo, email]);
    expect((await send(email)).body.reused).toBe(false);
    const second = await h.smtp.nextCode(email);
    expect(second).not.toBe(first);
    const old = await verify(email, first);
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ code: 'code_replaced', attempts_remaining: 5 });
    expect(old.body.message).toBe(
      'This code was replaced by a newer one we emailed since; enter the code from the latest email',
    );
    // A guess is still a wrong code, counted.
    const guess = await verify(email, first === '000000' ? '000001' : '000000');
    expect(guess.body).toMatchObject({ code: 'invalid_code', attempts_remaining: 4 });
    expect((await verify(email, second)).status).toBe(200);
  });

  it('answers a wrong code with attempts_remaining and locks this address with 429 after the fifth', async () => {
    const email = 'lock@example.com';
    await send(email);
    const code = await h.smtp.nextCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await verify(email, wrong);
      expect([res.status, errorCode(res), res.body.attempts_remaining]).toEqual([401, 'invalid_code', 5 - i]);
    }
    const fifth = await verify(email, wrong);
    expect([fifth.status, errorCode(fifth)]).toEqual([429, 'otp_locked']);
    const retry = Number(fifth.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    // Told as the buyer reads it (the widget shows the message), not as a UTC timestamp.
    expect(fifth.body.message).toBe('Too many wrong codes; try again in 15 minutes');
    const right = await verify(email, code);
    expect([right.status, errorCode(right)]).toEqual([429, 'otp_locked']);
    // The lock holds verify only: the live code is not mailed again.
    expect((await send(email)).body.reused).toBe(true);
    // Once the lock is over the code (5 of its 10 guesses used) still works, for the buyer who has it.
    await h.sql.run('UPDATE otp_failures SET locked_until = ? WHERE email = ?', [past, email]);
    expect((await verify(email, code)).status).toBe(200);
    // The right code clears this address's failures for the email.
    expect(await scalar(h.sql, 'SELECT COUNT(*) FROM otp_failures WHERE email = ?', [email])).toBe(0);
  });

  it('treats an email with no code, and a code that is not 6 digits, like a wrong code (401)', async () => {
    const none = await verify('never-sent@example.com', '123456');
    expect([none.status, errorCode(none)]).toEqual([401, 'invalid_code']);
    await send('short@example.com');
    await h.smtp.nextCode('short@example.com');
    for (const code of ['12345', 'abcdef', '1234567']) {
      const res = await verify('short@example.com', code);
      expect([res.status, errorCode(res)], code).toEqual([401, 'invalid_code']);
    }
  });

  it('rejects an empty code and malformed cart values with 400 and creates nothing', async () => {
    const before = await scalar(h.sql, 'SELECT COUNT(*) FROM checkout_sessions');
    expect(errorCode(await verify('x@example.com', ''))).toBe('invalid_request');
    expect(errorCode(await verify('x@example.com', '1'.repeat(65)))).toBe('invalid_request');
    expect(errorCode(await verify('x@example.com', '123456', { cart_value_paise: -1 }))).toBe('invalid_request');
    expect(errorCode(await verify('x@example.com', '123456', { cart_value_paise: 1.5 }))).toBe('invalid_request');
    expect(errorCode(await verify('x@example.com', '123456', { utm: { utm_source: 7 } }))).toBe('invalid_request');
    expect(await scalar(h.sql, 'SELECT COUNT(*) FROM checkout_sessions')).toBe(before);
  });
});

describe('OTP limits per address and mail failures', () => {
  it('limits sends per client address with 429, whatever X-Forwarded-For says without a trusted proxy', async () => {
    const strict = await startHarness({ CHECKOUT_OTP_SENDS_PER_IP_HOUR: '3' });
    try {
      await freshWindow(3600);
      const m = await strict.merchant();
      const sendFrom = (email: string, xff: string) =>
        strict.call('POST', '/checkout-email-otp', {
          body: { action: 'send', email, merchant_id: m.id },
          headers: { 'x-forwarded-for': xff },
        });
      for (let i = 0; i < 3; i++) expect((await sendFrom(`ip${i}@example.com`, `203.0.113.${i}`)).status).toBe(200);
      const res = await sendFrom('ip9@example.com', '203.0.113.9');
      expect([res.status, errorCode(res)]).toEqual([429, 'rate_limited']);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await strict.dispose();
    }
  });

  it('behind a trusted proxy counts each buyer address separately, so a stranger can neither use up nor lock a buyer', async () => {
    const proxied = await startHarness({ CHECKOUT_OTP_SENDS_PER_IP_HOUR: '1', TRUST_PROXY_HOPS: '1' });
    try {
      await freshWindow(3600);
      const m = await proxied.merchant();
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const call = (body: Record<string, unknown>, ip: string) =>
        proxied.call('POST', '/checkout-email-otp', { body: { merchant_id: m.id, ...body }, headers: from(ip) });
      expect((await call({ action: 'send', email: 'a@example.com' }, '203.0.113.1')).status).toBe(200);
      expect((await call({ action: 'send', email: 'b@example.com' }, '203.0.113.2')).status).toBe(200);
      expect((await call({ action: 'send', email: 'c@example.com' }, '6.6.6.6, 203.0.113.1')).status).toBe(429);

      // A stranger's wrong guesses lock the stranger's address only; the buyer still signs in from theirs.
      const code = await proxied.smtp.nextCode('a@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++)
        expect((await call({ action: 'verify', email: 'a@example.com', code: wrong }, '198.51.100.7')).status).toBe(
          401,
        );
      expect(errorCode(await call({ action: 'verify', email: 'a@example.com', code: wrong }, '198.51.100.7'))).toBe(
        'otp_locked',
      );
      expect((await call({ action: 'verify', email: 'a@example.com', code }, '203.0.113.1')).status).toBe(200);

      // One code survives 10 wrong guesses from all addresses together; then a new code is needed.
      expect((await call({ action: 'send', email: 'b2@example.com' }, '203.0.113.3')).status).toBe(200);
      const code2 = await proxied.smtp.nextCode('b2@example.com');
      const wrong2 = code2 === '000000' ? '111111' : '000000';
      let last = null as Awaited<ReturnType<typeof call>> | null;
      for (let i = 0; i < 10; i++)
        last = await call({ action: 'verify', email: 'b2@example.com', code: wrong2 }, `192.0.2.${i}`);
      expect([last!.status, last!.body.attempts_remaining]).toEqual([401, 0]);
      const dead = await call({ action: 'verify', email: 'b2@example.com', code: code2 }, '203.0.113.3');
      expect([dead.status, errorCode(dead)]).toEqual([401, 'invalid_code']);
    } finally {
      await proxied.dispose();
    }
  });

  it('answers 502 when the SMTP server refuses and keeps no code it could not deliver', async () => {
    const broken = await startHarness({ SMTP_PASS: 'wrong' });
    try {
      const m = await broken.merchant();
      const res = await broken.call('POST', '/checkout-email-otp', {
        body: { action: 'send', email: 'fail@example.com', merchant_id: m.id },
      });
      expect([res.status, errorCode(res)]).toEqual([502, 'email_send_failed']);
      expect(await scalar(broken.sql, 'SELECT COUNT(*) FROM otp_codes')).toBe(0);
    } finally {
      await broken.dispose();
    }
  });

  it('answers 503 email_not_configured in production without SMTP_HOST', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' });
    try {
      const { merchant } = await prod.parts.checkout.merchants.create('Prod');
      const res = await clientFor(prod)('POST', '/checkout-email-otp', {
        body: { action: 'send', email: 'p@example.com', merchant_id: merchant.id },
      });
      expect([res.status, errorCode(res)]).toEqual([503, 'email_not_configured']);
    } finally {
      await prod.dispose();
    }
  });
});
