// Concurrent OTP sends for one (merchant, email) over real HTTP, two HTTP threads and real SMTP: one code, one mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, freshWindow, scalar, startHarness, type Harness, type Reply, type Shop } from './support.ts';

let h: Harness;
let shop: Shop;
beforeAll(async () => {
  // Two threads: two store connections (SQLite) or two pools (PostgreSQL) race as separate nodes would.
  h = await startHarness({ WORKERS: '2' });
  shop = await h.merchant();
});
afterAll(async () => h?.dispose());

const sendAll = (harness: Harness, merchantId: string, email: string, n: number): Promise<Reply[]> =>
  Promise.all(
    Array.from({ length: n }, () =>
      harness.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: merchantId } }),
    ),
  );
const unconsumed = (harness: Harness, email: string) =>
  scalar(harness.sql, 'SELECT COUNT(*) FROM otp_codes WHERE email = ? AND consumed_at IS NULL', [email]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('concurrent OTP sends for one email', () => {
  it('mail one code; the other sends answer reused with its expiry, and the mailed code verifies', async () => {
    await freshWindow(3600);
    const email = 'race@example.com';
    // Every request here comes from 127.0.0.1; one mail of its five an hour for this email is used.
    const replies = await sendAll(h, shop.id, email, 5);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const fresh = replies.filter((r) => r.body.reused === false);
    expect(fresh).toHaveLength(1);
    expect(replies.every((r) => r.body.expires_at === fresh[0]!.body.expires_at)).toBe(true);
    const code = await h.smtp.nextCode(email);
    await settle();
    expect(h.smtp.count(email)).toBe(1);
    expect(await unconsumed(h, email)).toBe(1);
    const verified = await h.call('POST', '/checkout-email-otp', {
      body: { action: 'verify', email, merchant_id: shop.id, code },
    });
    expect(verified.status).toBe(200);
  });

  it('count only the one mailed against the per-address limit: past it, the reused sends all answer', async () => {
    await freshWindow(3600);
    const email = 'race-limit@example.com';
    const replies = await sendAll(h, shop.id, email, 8);
    expect(replies.map((r) => r.status)).toEqual(new Array(8).fill(200));
    expect(replies.filter((r) => r.body.reused === false)).toHaveLength(1);
    expect(replies.filter((r) => r.body.reused === true)).toHaveLength(7);
    await settle();
    expect(h.smtp.count(email)).toBe(1);
    expect(await unconsumed(h, email)).toBe(1);
  });

  it('after a new code replaced an expired one, concurrent sends still keep a single live code', async () => {
    const email = 'race-expired@example.com';
    await sendAll(h, shop.id, email, 1);
    await h.smtp.nextCode(email);
    await h.sql.run('UPDATE otp_codes SET expires_at = ? WHERE email = ?', ['2000-01-01T00:00:00.000Z', email]);
    const replies = await sendAll(h, shop.id, email, 4);
    expect(replies.filter((r) => r.body.reused === false)).toHaveLength(1);
    const code = await h.smtp.nextCode(email);
    await settle();
    expect(h.smtp.count(email)).toBe(2);
    const live = await scalar(h.sql, 'SELECT COUNT(*) FROM otp_codes WHERE email = ? AND expires_at > ?', [
      email,
      new Date().toISOString(),
    ]);
    expect(live).toBe(1);
    const verified = await h.call('POST', '/checkout-email-otp', {
      body: { action: 'verify', email, merchant_id: shop.id, code },
    });
    expect(verified.status).toBe(200);
  });

  it('keep no code when the mail fails, so none stays live without having been mailed', async () => {
    const broken = await startHarness({ SMTP_PASS: 'wrong', WORKERS: '2' });
    try {
      const m = await broken.merchant();
      const replies = await sendAll(broken, m.id, 'fail-race@example.com', 4);
      expect(replies.some((r) => r.status === 502 && errorCode(r) === 'email_send_failed')).toBe(true);
      expect(replies.every((r) => r.status === 502 || r.body.reused === true)).toBe(true);
      expect(await unconsumed(broken, 'fail-race@example.com')).toBe(0);
    } finally {
      await broken.dispose();
    }
  });
});
