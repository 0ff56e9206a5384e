// The merchant dashboard's sessions on the admin endpoints: either credential works, the cookie needs CSRF, users see their own shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type Call } from '../support/client.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { dashboardClient } from './support/client.ts';
import { signInByApi } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let call: Call;
let tea: MerchantFixture;
let coffee: MerchantFixture;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    ...smtp.env,
    CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR: '100',
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500',
  });
  tea = await createMerchant(server, 'Tea House', 'ops@tea.example');
  coffee = await createMerchant(server, 'Coffee Cart', 'ops@coffee.example');
  call = dashboardClient(server);
});

afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

const withCookie = (s: { cookie: string; csrf: string }, csrf = true, extra: Record<string, string> = {}) => ({
  cookie: s.cookie,
  ...(csrf ? { 'x-csrf-token': s.csrf } : {}),
  ...extra,
});

describe('merchant dashboard sessions on /checkout-admin and /checkout-offers', () => {
  it("shows a user their own merchant's data, the same the api key reads", async () => {
    const user = await signInByApi(server.baseUrl, '/merchant/api', 'ops@tea.example', smtp);
    expect((await call('GET', '/merchant/api/session', { headers: withCookie(user) })).body.data).toMatchObject({
      signed_in: true,
      user: { email: 'ops@tea.example', merchant_id: tea.id, merchant_name: 'Tea House' },
    });
    await tea.admin('PATCH', 'settings', { allowed_origins: ['https://tea.example'] });
    await coffee.admin('PATCH', 'settings', { allowed_origins: ['https://coffee.example'] });
    const settings = await call('GET', '/checkout-admin?action=settings', { headers: withCookie(user) });
    expect(settings.body.data.allowed_origins).toEqual(['https://tea.example']);
    expect(settings.body.data).toEqual((await tea.admin('GET', 'settings')).body.data);
  });

  it('changes settings with the cookie and the CSRF token; without the token, or from another site, nothing changes', async () => {
    const user = await signInByApi(server.baseUrl, '/merchant/api', 'ops@tea.example', smtp);
    const body = { enable_cod: true, cod_blocked_pincodes: ['110001'] };
    const noToken = await call('PATCH', '/checkout-admin?action=cod_config', {
      body,
      headers: withCookie(user, false),
    });
    expect([noToken.status, errorCode(noToken)]).toEqual([403, 'csrf_token_invalid']);
    const crossSite = await call('PATCH', '/checkout-admin?action=cod_config', {
      body,
      headers: withCookie(user, true, { 'sec-fetch-site': 'cross-site' }),
    });
    expect(crossSite.status).toBe(403);
    expect((await tea.admin('GET', 'cod_config')).body.data.enable_cod).toBe(false);
    expect((await call('PATCH', '/checkout-admin?action=cod_config', { body, headers: withCookie(user) })).status).toBe(
      200,
    );
    expect((await tea.admin('GET', 'cod_config')).body.data).toMatchObject(body);
    const offer = await call('POST', '/checkout-offers', {
      body: { action: 'create', title: 'Chai 5%', discount_type: 'percent', discount_value: 5 },
      headers: withCookie(user),
    });
    expect(offer.status).toBe(200);
    expect(
      (
        await call('POST', '/checkout-offers', { body: { action: 'list' }, headers: { 'x-api-key': tea.apiKey } })
      ).body.data.offers.map((o: { title: string }) => o.title),
    ).toContain('Chai 5%');
  });

  it('names the missing credential when neither is sent, and refuses a wrong key even next to no cookie', async () => {
    const none = await call('GET', '/checkout-admin?action=settings');
    expect([none.status, errorCode(none)]).toEqual([401, 'missing_api_key']);
    expect(none.body.message).toContain('x-api-key');
    expect(none.body.message).toContain('/merchant');
    const wrongKey = await call('GET', '/checkout-admin?action=settings', { headers: { 'x-api-key': 'ck_wrong' } });
    expect([wrongKey.status, errorCode(wrongKey)]).toEqual([401, 'invalid_api_key']);
    const stale = await call('GET', '/checkout-admin?action=settings', {
      headers: { cookie: 'gp_merchant=gpm_not-a-session' },
    });
    expect([stale.status, errorCode(stale)]).toEqual([401, 'invalid_console_session']);
  });

  it('refuses a wrong x-api-key sent beside a valid dashboard cookie: a refused credential is reported as refused', async () => {
    const user = await signInByApi(server.baseUrl, '/merchant/api', 'ops@tea.example', smtp);
    expect((await call('GET', '/checkout-admin?action=settings', { headers: withCookie(user) })).status).toBe(200);
    const both = await call('GET', '/checkout-admin?action=settings', {
      headers: { ...withCookie(user), 'x-api-key': 'ck_wrong' },
    });
    expect([both.status, errorCode(both)]).toEqual([401, 'invalid_api_key']);
  });

  it('stops a removed user at once, and never signs in an email that is not a user', async () => {
    const user = await signInByApi(server.baseUrl, '/merchant/api', 'ops@coffee.example', smtp);
    expect((await call('GET', '/checkout-admin?action=webhooks', { headers: withCookie(user) })).status).toBe(200);
    const removed = runScript(
      'merchant-add-user.ts',
      ['--merchant-id', coffee.id, '--email', 'ops@coffee.example', '--remove'],
      commandEnv(server),
    );
    expect(removed.status, removed.stderr).toBe(0);
    expect((await call('GET', '/checkout-admin?action=webhooks', { headers: withCookie(user) })).status).toBe(401);
    expect((await call('POST', '/merchant/api/sign-in/code', { body: { email: 'ops@coffee.example' } })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.count('ops@coffee.example')).toBe(1);
  });

  it('adds a user to one merchant only, and tells the operator about mistakes', async () => {
    const taken = runScript(
      'merchant-add-user.ts',
      ['--merchant-id', coffee.id, '--email', 'ops@tea.example'],
      commandEnv(server),
    );
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('already signs in for another merchant');
    const unknown = runScript(
      'merchant-add-user.ts',
      ['--merchant-id', '00000000-0000-4000-8000-000000000000', '--email', 'x@y.in'],
      commandEnv(server),
    );
    expect([unknown.status, unknown.stderr.includes('no merchant')]).toEqual([1, true]);
    const badEmail = runScript(
      'merchant-add-user.ts',
      ['--merchant-id', tea.id, '--email', 'nope'],
      commandEnv(server),
    );
    expect(badEmail.status).toBe(1);
  });

  it('documents both credentials of the admin endpoints as alternatives, and the merchant session cookie as a scheme', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    expect(doc.paths['/checkout-admin'].patch.security).toEqual([{ MerchantApiKey: [] }, { MerchantUserSession: [] }]);
    expect(doc.paths['/checkout-offers'].post.security).toEqual([{ MerchantApiKey: [] }, { MerchantUserSession: [] }]);
    expect(doc.components.securitySchemes.MerchantUserSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'gp_merchant',
    });
    // The dashboards' own routes serve their pages and are not in the public document.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dashboard') || p.startsWith('/merchant'))).toEqual([]);
    expect(doc.components.securitySchemes.DeveloperSession).toBeUndefined();
    expect(doc.paths['/checkout-admin'].patch.responses['403'].description).toContain('CSRF');
  });
});
