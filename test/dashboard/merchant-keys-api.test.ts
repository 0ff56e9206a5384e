// The merchant dashboard's key routes: list with states, rotate with an overlap, audited; never with the api key itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type Call } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { dashboardClient } from './support/client.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { signInByApi } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let call: Call;
let shop: MerchantFixture;
let other: MerchantFixture;
let user: { cookie: string; csrf: string };
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer(smtp.env);
  shop = await createMerchant(server, 'Tea House', 'ops@tea.example');
  other = await createMerchant(server, 'Coffee Cart', 'ops@coffee.example');
  call = dashboardClient(server);
  user = await signInByApi(server.baseUrl, '/merchant/api', 'ops@tea.example', smtp);
});
afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

const headers = () => ({ cookie: user.cookie, 'x-csrf-token': user.csrf });
const adminWith = (key: string) =>
  fetch(`${server.baseUrl}/checkout-admin?action=settings`, { headers: { 'x-api-key': key } });

describe('/merchant/api/keys', () => {
  it("lists the merchant's id and its one key as active", async () => {
    const { data } = (await call('GET', '/merchant/api/keys', { headers: headers() })).body;
    expect(data.merchant_id).toBe(shop.id);
    expect(data.keys).toEqual([expect.objectContaining({ prefix: shop.apiKey.slice(0, 12), state: 'active' })]);
  });

  it('rotates: the new key works at once, the old one for the overlap only, and the audit log names who did it', async () => {
    const rotated = (
      await call('POST', '/merchant/api/keys/rotate', { headers: headers(), body: { overlap_hours: 1 } })
    ).body.data;
    expect(rotated.api_key).toMatch(/^ck_/);
    expect(rotated.keys.map((k: { state: string }) => k.state)).toEqual(['active', 'expiring']);
    expect((await adminWith(rotated.api_key)).status).toBe(200);
    expect((await adminWith(shop.apiKey)).status).toBe(200);
    const now = (await call('POST', '/merchant/api/keys/rotate', { headers: headers(), body: { overlap_hours: 0 } }))
      .body.data;
    expect(now.keys.map((k: { state: string }) => k.state)).toEqual(['active', 'revoked', 'revoked']);
    const refused = await adminWith(rotated.api_key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('key_revoked');
    const audit = (
      await fetch(`${server.baseUrl}/checkout-admin?action=audit_log`, { headers: { 'x-api-key': now.api_key } })
    ).json() as Promise<{ data: { entries: Array<Record<string, unknown>> } }>;
    const [latest] = (await audit).data.entries;
    expect(latest).toMatchObject({ actor: 'ops@tea.example', action: 'rotate_api_key', target: now.prefix });
    expect(latest!.changes).toMatchObject({ overlap_hours: { to: 0 }, live_keys: { to: [now.prefix] } });
  });

  it('refuses the api key itself, a missing CSRF token, and a bad overlap; another shop is untouched', async () => {
    const withKey = await call('POST', '/merchant/api/keys/rotate', {
      headers: { 'x-api-key': other.apiKey },
      body: {},
    });
    expect(withKey.status).toBe(401);
    const noCsrf = await call('POST', '/merchant/api/keys/rotate', { headers: { cookie: user.cookie }, body: {} });
    expect(noCsrf.status).toBe(403);
    for (const overlap_hours of [-1, 169, '24', null]) {
      const bad = await call('POST', '/merchant/api/keys/rotate', { headers: headers(), body: { overlap_hours } });
      expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_request']);
    }
    expect((await adminWith(other.apiKey)).status).toBe(200);
  });
});
