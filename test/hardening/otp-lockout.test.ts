// Issue 13 "OTP": five sends or five wrong codes from anyone locked an email out for every merchant; now a stranger's sends and guesses lock only the stranger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OTP_POLICY } from '../../src/checkout/otp-policy.ts';
import { errorCode, freshWindow, startHarness, type Harness, type Shop } from '../checkout/support.ts';

const { sendsPerEmailHour, lockAfterFailures, maxCodeFailures } = DEFAULT_OTP_POLICY;
const STRANGER = '198.51.100.66';
const BUYER = '203.0.113.10';

let h: Harness;
let shopA: Shop;
let shopB: Shop;
beforeAll(async () => {
  // The documented limits (the harness lifts the per-IP one), and one trusted proxy so each request names its client.
  h = await startHarness({
    TRUST_PROXY_HOPS: '1',
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: String(DEFAULT_OTP_POLICY.sendsPerIpHour),
  });
  [shopA, shopB] = [await h.merchant('Shop A'), await h.merchant('Shop B')];
}, 60_000);
afterAll(async () => h?.dispose());

function otp(shop: Shop, ip: string, body: Record<string, unknown>) {
  return h.call('POST', '/checkout-email-otp', {
    body: { merchant_id: shop.id, ...body },
    headers: { 'x-forwarded-for': ip },
  });
}
const send = (shop: Shop, ip: string, email: string) => otp(shop, ip, { action: 'send', email });
const verify = (shop: Shop, ip: string, email: string, code: string) =>
  otp(shop, ip, { action: 'verify', email, code });
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe("a stranger attacking a buyer's email login", () => {
  it('mails one code however often a stranger asks: the buyer gets it and signs in at both merchants', async () => {
    const email = 'sends-victim@example.com';
    await freshWindow(3600, 30_000);
    // Past the per-email budget: resends of the live code mail nothing, so they use none of it up.
    const replies = [];
    for (let i = 0; i <= sendsPerEmailHour; i++) replies.push(await send(shopA, STRANGER, email));
    expect(replies.map((r) => [r.status, r.body.reused])).toEqual([
      [200, false],
      ...new Array(sendsPerEmailHour).fill([200, true]),
    ]);
    // The code the stranger's first send mailed is in the buyer's inbox; the buyer's own send reuses it.
    const code = await h.smtp.nextCode(email);
    expect(h.smtp.count(email)).toBe(1);
    expect((await send(shopA, BUYER, email)).body).toMatchObject({ reused: true });
    expect((await verify(shopA, BUYER, email, code)).status).toBe(200);
    // Another merchant: even from the stranger's address (a shared NAT), the buyer's sends are counted apart.
    expect((await send(shopB, STRANGER, email)).body).toMatchObject({ reused: false });
    expect((await verify(shopB, STRANGER, email, await h.smtp.nextCode(email))).status).toBe(200);
  });

  it("locks only the stranger's address after five wrong codes: the buyer signs in with the live code, and the other merchant never notices", async () => {
    const email = 'guess-victim@example.com';
    await freshWindow(3600, 30_000);
    expect((await send(shopA, BUYER, email)).status).toBe(200);
    const code = await h.smtp.nextCode(email);
    for (let i = 1; i < lockAfterFailures; i++)
      expect(errorCode(await verify(shopA, STRANGER, email, wrongFor(code)))).toBe('invalid_code');
    const locked = await verify(shopA, STRANGER, email, wrongFor(code));
    expect([locked.status, errorCode(locked)]).toEqual([429, 'otp_locked']);
    // Even the right code is refused to the locked stranger; the buyer's address is not locked.
    expect(errorCode(await verify(shopA, STRANGER, email, code))).toBe('otp_locked');
    expect((await verify(shopA, BUYER, email, code)).status).toBe(200);
    expect((await send(shopB, BUYER, email)).status).toBe(200);
    expect((await verify(shopB, BUYER, email, await h.smtp.nextCode(email))).status).toBe(200);
  });

  it('lets many addresses together burn one code, but not the login: the buyer asks for a new code and signs in', async () => {
    const email = 'botnet-victim@example.com';
    await freshWindow(3600, 30_000);
    expect((await send(shopA, BUYER, email)).status).toBe(200);
    const code = await h.smtp.nextCode(email);
    for (let i = 0; i < maxCodeFailures; i++) await verify(shopA, `192.0.2.${i + 1}`, email, wrongFor(code));
    expect(errorCode(await verify(shopA, BUYER, email, code))).toBe('invalid_code');
    expect((await send(shopA, BUYER, email)).body).toMatchObject({ reused: false });
    expect((await verify(shopA, BUYER, email, await h.smtp.nextCode(email))).status).toBe(200);
  });

  it('refuses an address past its wrong codes for the hour, with a Retry-After of the rest of that hour', async () => {
    const sprayer = '198.51.100.77';
    await freshWindow(3600, 30_000);
    // Five wrong codes per email lock that email for the sprayer; six emails reach the address's 30 for the hour.
    for (let n = 0; n * lockAfterFailures < DEFAULT_OTP_POLICY.failuresPerIpHour; n++) {
      const email = `spray-${n}@example.com`;
      expect((await send(shopA, BUYER, email)).status).toBe(200);
      const code = await h.smtp.nextCode(email);
      for (let i = 0; i < lockAfterFailures; i++) await verify(shopA, sprayer, email, wrongFor(code));
    }
    const email = 'spray-last@example.com';
    expect((await send(shopA, BUYER, email)).status).toBe(200);
    const refused = await verify(shopA, sprayer, email, await h.smtp.nextCode(email));
    expect([refused.status, errorCode(refused)]).toEqual([429, 'rate_limited']);
    const hourLeft = Math.ceil((3600_000 - (Date.now() % 3600_000)) / 1000);
    expect(Math.abs(Number(refused.headers.get('retry-after')) - hourLeft)).toBeLessThanOrEqual(5);
  });
});
