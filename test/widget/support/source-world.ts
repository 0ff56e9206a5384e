// The widget from its TypeScript sources (startTestServer serves src/widget/assets unbundled) on a store site, with a
// mail server, the gateway emulator and a merchant taking cash on delivery and online payment: quick to start.
import { expect } from 'vitest';
import { systemClock, type Clock } from '../../../src/kernel/clock.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../../src/payments/gateway-emulator.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import { startShopSite, type ShopSite } from './shop-site.ts';

const GATEWAY = { keyId: 'rzp_test_source', keySecret: 'sk_source_secret_0123' };

export interface SourceWorld {
  server: TestServer;
  smtp: TestSmtp;
  shop: ShopSite;
  merchantId: string;
  /** A merchant's PATCH /checkout-admin with its api key; expects 200. */
  admin(action: string, body: unknown): Promise<void>;
  /** A buyer call (`/checkout-email-otp`, `/checkout-addresses`, …); expects 200 and returns the body. */
  buyer(path: string, body: unknown, token?: string): Promise<any>;
  stop(): Promise<void>;
}

/** `clock`: the server's time (a test moves it on to age a code or end a lockout). */
export async function startSourceWorld({ clock = systemClock }: { clock?: Clock } = {}): Promise<SourceWorld> {
  const smtp = await startTestSmtp();
  const emulator: RunningEmulator = await startGatewayEmulator({ keys: { [GATEWAY.keyId]: GATEWAY.keySecret } });
  const server = await startTestServer(
    {
      ...smtp.env,
      GATEWAY_BASE_URL: emulator.baseUrl,
      CHECKOUT_OTP_SENDS_PER_IP_HOUR: '1000',
    },
    clock,
  );
  const shop = await startShopSite(server.baseUrl, emulator.baseUrl);
  const { merchant, apiKey } = await server.parts.checkout.merchants.create('Kurta House');
  const admin = async (action: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}/checkout-admin?action=${action}`, {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  await admin('settings', { allowed_origins: [shop.origin] });
  await admin('set_payment_config', { gateway_key_id: GATEWAY.keyId, gateway_secret_key: GATEWAY.keySecret });
  await admin('cod_config', { enable_cod: true });
  const row = await server.parts.sql.get<{ public_key: string }>(
    'SELECT public_key FROM merchant_widget_keys WHERE merchant_id = ?',
    [merchant.id],
  );
  shop.setSnippet(
    `<script type="module" src="${server.baseUrl}/widget/v1/geopin-checkout.js"></script>` +
      `<geopin-checkout merchant="${merchant.id}" location-key="${row!.public_key}" amount-paise="149900">` +
      '</geopin-checkout>',
  );

  async function buyer(path: string, body: unknown, token?: string) {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-session-token': token } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json();
  }

  return {
    server,
    smtp,
    shop,
    merchantId: merchant.id,
    admin,
    buyer,
    async stop() {
      await shop.close();
      await server.dispose();
      await emulator.close();
      await smtp.close();
    },
  };
}
