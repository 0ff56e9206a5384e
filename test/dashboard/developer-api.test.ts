// The developer dashboard's JSON routes as an attacker or a careless client would call them: accounts, codes, cookies, CSRF, ownership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshWindow } from '../checkout/support.ts';
import { errorCode, type Call } from '../support/client.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { dashboardClient } from './support/client.ts';
import { signInByApi } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let call: Call;
const ALICE = 'alice@example.in';
const BOB = 'bob@example.in';

beforeAll(async () => {
  smtp = await startTestSmtp();
  // Every sign-in here comes from 127.0.0.1: the OTP send limits are raised so they are not what the tests meet.
  server = await startTestServer({
    ...smtp.env,
    DASHBOARD_ALLOWED_EMAILS: BOB,
    CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR: '100',
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500',
  });
  expect(runScript('dashboard-allow.ts', ['--email', ALICE, '--plan', 'paid'], commandEnv(server)).status).toBe(0);
  call = dashboardClient(server);
});

afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

/** Calls as a signed-in browser: the cookie always, the CSRF token unless `csrf` is false. */
function as(session: { cookie: string; csrf: string }, csrf = true) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(method, path, {
      body,
      headers: { cookie: session.cookie, ...(csrf ? { 'x-csrf-token': session.csrf } : {}), ...headers },
    });
}

describe('developer dashboard API', () => {
  it('answers a code request the same for an unknown email, and mails nothing to it', async () => {
    const known = await call('POST', '/dashboard/api/sign-in/code', { body: { email: ALICE } });
    const unknown = await call('POST', '/dashboard/api/sign-in/code', { body: { email: 'mallory@example.in' } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const code = /sign-in code is (\d{6})/.exec((await smtp.nextMail(ALICE)).raw)![1];
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.count('mallory@example.in')).toBe(0);
    const guessed = await call('POST', '/dashboard/api/sign-in/verify', {
      body: { email: 'mallory@example.in', code: '123456' },
    });
    expect(guessed.status).toBe(401);
    expect((await call('POST', '/dashboard/api/sign-in/verify', { body: { email: ALICE, code } })).status).toBe(200);
  });

  it('refuses a wrong code with the attempts left, and a buyer checkout code for the same email', async () => {
    const { merchant } = await server.parts.checkout.merchants.create('Shop');
    const sent = await call('POST', '/checkout-email-otp', {
      body: { action: 'send', email: BOB, merchant_id: merchant.id },
    });
    expect(sent.status).toBe(200);
    const buyerCode = await smtp.nextCode(BOB);
    const wrong = await call('POST', '/dashboard/api/sign-in/verify', { body: { email: BOB, code: buyerCode } });
    expect(wrong.status).toBe(401);
    expect(errorCode(wrong)).toBe('invalid_code');
    expect(await call('GET', '/dashboard/api/session')).toMatchObject({
      status: 200,
      body: { data: { signed_in: false } },
    });
  });

  it('gives an allow-listed email a free account and an operator-allowed one its plan', async () => {
    const bob = await signInByApi(server.baseUrl, '/dashboard/api', BOB, smtp);
    const alice = await signInByApi(server.baseUrl, '/dashboard/api', ALICE, smtp);
    expect((await as(bob)('GET', '/dashboard/api/session')).body.data).toMatchObject({
      signed_in: true,
      user: { email: BOB, plan: 'free', monthly_limit: 25_000 },
    });
    expect((await as(alice)('GET', '/dashboard/api/session')).body.data).toMatchObject({
      signed_in: true,
      user: { email: ALICE, plan: 'paid', monthly_limit: 100_000 },
    });
  });

  it('needs the CSRF token for every change, and refuses requests from another site', async () => {
    const alice = await signInByApi(server.baseUrl, '/dashboard/api', ALICE, smtp);
    const noToken = await as(alice, false)('POST', '/dashboard/api/keys', { type: 'server' });
    expect([noToken.status, errorCode(noToken)]).toEqual([403, 'csrf_token_invalid']);
    const wrongToken = await as({ ...alice, csrf: 'x'.repeat(43) }, true)('POST', '/dashboard/api/keys', {
      type: 'server',
    });
    expect(wrongToken.status).toBe(403);
    const crossSite = await as(alice)(
      'POST',
      '/dashboard/api/keys',
      { type: 'server' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect([crossSite.status, errorCode(crossSite)]).toEqual([403, 'cross_site_request']);
    const crossSiteCode = await call('POST', '/dashboard/api/sign-in/code', {
      body: { email: ALICE },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSiteCode.status).toBe(403);
    expect((await as(alice)('POST', '/dashboard/api/keys', { type: 'server' })).status).toBe(200);
  });

  it("lets an account see, use and revoke only its own keys, and counts each key's requests per day", async () => {
    const alice = await signInByApi(server.baseUrl, '/dashboard/api', ALICE, smtp);
    const bob = await signInByApi(server.baseUrl, '/dashboard/api', BOB, smtp);
    const created = await as(alice)('POST', '/dashboard/api/keys', {
      type: 'public',
      label: 'site',
      allowed_origins: ['https://Alice.example/'],
    });
    expect(created.body.data.record).toMatchObject({
      type: 'public',
      plan: 'paid',
      allowed_origins: ['https://alice.example'],
      monthly_limit: 100_000,
    });
    const id = created.body.data.record.id;
    expect((await as(bob)('GET', '/dashboard/api/keys')).body.data.keys.map((k: { id: number }) => k.id)).not.toContain(
      id,
    );
    expect((await as(bob)('GET', `/dashboard/api/usage?key_id=${id}`)).status).toBe(404);
    expect((await as(bob)('DELETE', `/dashboard/api/keys/${id}`)).status).toBe(404);

    // The three requests and the check fall in one UTC day (usage days are UTC days).
    await freshWindow(86_400, 10_000);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.baseUrl}/v1/geopin/decode?geopin=4P3-JK8-52C9`, {
        headers: { 'x-api-key': created.body.data.key, origin: 'https://alice.example' },
      });
      expect(res.status).toBe(200);
    }
    await server.parts.access.meter.flush();
    const usage = (await as(alice)('GET', `/dashboard/api/usage?key_id=${id}`)).body.data;
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.days.at(-1)).toEqual({ day: today, requests: 3 });
    expect(usage.days).toHaveLength(Number(today.slice(8)));
    expect(usage).toMatchObject({ month: today.slice(0, 7), month_total: 3, monthly_limit: 100_000 });

    expect((await as(alice)('DELETE', `/dashboard/api/keys/${id}`)).body.data.revoked_at).not.toBeNull();
    expect((await as(alice)('DELETE', `/dashboard/api/keys/${id}`)).status).toBe(404);
  });

  it('checks key requests: public keys need origins, server keys take none, at most 20 active keys', async () => {
    const bob = await signInByApi(server.baseUrl, '/dashboard/api', BOB, smtp);
    expect(errorCode(await as(bob)('POST', '/dashboard/api/keys', { type: 'public' }))).toBe('invalid_request');
    expect(
      errorCode(
        await as(bob)('POST', '/dashboard/api/keys', { type: 'server', allowed_origins: ['https://a.example'] }),
      ),
    ).toBe('invalid_request');
    expect(
      errorCode(await as(bob)('POST', '/dashboard/api/keys', { type: 'public', allowed_origins: ['ftp://a.example'] })),
    ).toBe('invalid_request');
    expect((await as(bob)('GET', '/dashboard/api/usage?key_id=abc')).status).toBe(400);
    // Labels that reverse the text around them in a list, or show nothing, are refused in words.
    for (const [label, words] of [
      // Overrides and isolates are refused as in all checkout text; marks too, here, where nothing needs them.
      ['abc\u202Edef', 'must not contain control characters or text direction overrides'],
      ['\u2067abc\u2069', 'must not contain control characters or text direction overrides'],
      ['abc\u200Fdef', 'must not hold characters that change the direction of text (U+202E …)'],
      ['\u200B\u200B', 'must show something: it holds only spaces or invisible characters'],
      ['\u2060\uFEFF\u3164', 'must show something: it holds only spaces or invisible characters'],
    ]) {
      const refused = await as(bob)('POST', '/dashboard/api/keys', { type: 'server', label });
      expect([refused.status, refused.body.issues[0]]).toEqual([400, { path: 'label', message: words }]);
    }
    expect((await as(bob)('POST', '/dashboard/api/keys', { type: 'server', label: 'दुकान · متجر' })).status).toBe(200);
    const active = (await as(bob)('GET', '/dashboard/api/keys')).body.data.keys.filter(
      (k: { revoked_at: string | null }) => !k.revoked_at,
    ).length;
    for (let i = active; i < 20; i++)
      expect((await as(bob)('POST', '/dashboard/api/keys', { type: 'server', label: `k${i}` })).status).toBe(200);
    const over = await as(bob)('POST', '/dashboard/api/keys', { type: 'server' });
    expect([over.status, errorCode(over)]).toEqual([409, 'too_many_keys']);
  });

  it('ends a session on sign-out and for a disabled account; a merchant session cookie is no developer session', async () => {
    const alice = await signInByApi(server.baseUrl, '/dashboard/api', ALICE, smtp);
    const out = await as(alice)('POST', '/dashboard/api/sign-out');
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0; HttpOnly; SameSite=Strict/);
    expect((await as(alice)('GET', '/dashboard/api/keys')).status).toBe(401);

    const again = await signInByApi(server.baseUrl, '/dashboard/api', ALICE, smtp);
    expect(runScript('dashboard-allow.ts', ['--email', ALICE, '--disable'], commandEnv(server)).status).toBe(0);
    expect((await as(again)('GET', '/dashboard/api/keys')).status).toBe(401);
    expect((await call('POST', '/dashboard/api/sign-in/code', { body: { email: ALICE } })).status).toBe(200);

    const bob = await signInByApi(server.baseUrl, '/dashboard/api', BOB, smtp);
    const asMerchantCookie = { cookie: bob.cookie.replace('gp_dashboard=', 'gp_merchant='), csrf: bob.csrf };
    expect((await as(asMerchantCookie)('GET', '/merchant/api/session')).body.data.signed_in).toBe(false);
    expect((await as(asMerchantCookie)('GET', '/checkout-admin?action=settings')).status).toBe(401);
  });

  it('sets the session cookie httpOnly and SameSite=Strict, without Secure on plain-http development', async () => {
    const sent = await call('POST', '/dashboard/api/sign-in/code', { body: { email: BOB } });
    expect(sent.status).toBe(200);
    const code = /sign-in code is (\d{6})/.exec((await smtp.nextMail(BOB)).raw)![1];
    const verified = await call('POST', '/dashboard/api/sign-in/verify', { body: { email: BOB, code } });
    expect(verified.headers.get('set-cookie')).toMatch(
      /^gp_dashboard=gpd_[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
  });
});
