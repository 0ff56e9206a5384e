// Answers that carry a secret (a new key, the CSRF token) or a signed-in person's data are never kept by a browser's or
// proxy's cache: Cache-Control: no-store on both dashboards' sessions, key creation and rotation, and signed-in calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '../support/client.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { dashboardClient } from './support/client.ts';
import { createMerchant } from './support/merchant-fixture.ts';
import { signInByApi } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let call: Call;
const DEVELOPER = 'dev@no-store.example';
const MERCHANT_USER = 'owner@no-store.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  expect(runScript('dashboard-allow.ts', ['--email', DEVELOPER], commandEnv(server)).status).toBe(0);
  await createMerchant(server, 'No store shop', MERCHANT_USER);
  call = dashboardClient(server);
});

afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

describe('Cache-Control of the dashboards’ answers', () => {
  it('developer dashboard: the session (CSRF token) and a new key are no-store', async () => {
    const { cookie, csrf } = await signInByApi(server.baseUrl, '/dashboard/api', DEVELOPER, smtp);
    const headers = { cookie, 'x-csrf-token': csrf };
    const session = await call('GET', '/dashboard/api/session', { headers });
    expect([session.status, session.body.data.csrf_token]).toEqual([200, csrf]);
    expect(session.headers.get('cache-control')).toBe('no-store');
    const created = await call('POST', '/dashboard/api/keys', { headers, body: { type: 'server', label: 'x' } });
    expect(created.body.data.key).toMatch(/^gp_sk_/);
    expect(created.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/dashboard/api/keys', { headers })).headers.get('cache-control')).toBe('no-store');
    // Signed out, the answer is no-store too: it must never be served for a signed-in page.
    expect((await call('GET', '/dashboard/api/session')).headers.get('cache-control')).toBe('no-store');
  });

  it('merchant console: the session, a rotated key and its signed-in admin calls are no-store', async () => {
    const { cookie, csrf } = await signInByApi(server.baseUrl, '/merchant/api', MERCHANT_USER, smtp);
    const headers = { cookie, 'x-csrf-token': csrf };
    const session = await call('GET', '/merchant/api/session', { headers });
    expect(session.body.data.signed_in).toBe(true);
    expect(session.headers.get('cache-control')).toBe('no-store');
    const rotated = await call('POST', '/merchant/api/keys/rotate', { headers, body: { overlap_hours: 1 } });
    expect(rotated.body.data.api_key).toMatch(/^ck_/);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const sessions = await call('GET', '/checkout-admin?action=sessions', { headers });
    expect([sessions.status, sessions.headers.get('cache-control')]).toEqual([200, 'no-store']);
  });
});
