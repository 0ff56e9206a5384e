// Everything a widget journey runs against: the production bundle on a test store, a mail server, the gateway
// emulator, a merchant made by the operator commands (Mode B keys, cash on delivery, an Instagram offer) with a
// dashboard user, and the merchant's store site; plus readers of what the server stored.
import { expect } from 'vitest';
import { startGatewayEmulator, type RunningEmulator } from '../../../src/payments/gateway-emulator.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';
import type { Pin } from './buyer.ts';
import { startProduction, type Production } from './production.ts';
import { startShopSite, type ShopSite } from './shop-site.ts';

const GATEWAY = { keyId: 'rzp_test_widget', keySecret: 'sk_widget_secret_0123' };

export interface WidgetWorld {
  baseUrl: string;
  gatewayUrl: string;
  smtp: TestSmtp;
  shop: ShopSite;
  prod: Production;
  merchant: { id: string; key: string };
  /** The merchant's dashboard user. */
  owner: string;
  /** A merchant admin call with its api key; expects 200 and returns the body. */
  admin(method: string, path: string, body?: unknown): Promise<any>;
  storedPin(addressId: string): Promise<Pin | undefined>;
  /** The webhook events the server queued for a session, oldest first. */
  queued(sessionId: string): Promise<Array<Record<string, unknown> & { event: string; data: any }>>;
  /** A session's funnel events, oldest first. */
  funnelRows(sessionId: string): Promise<Array<Record<string, string | null>>>;
  /** Funnel events sent before sign-in (no session), counted by type. */
  anonymousFunnelEvents(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export async function startWidgetWorld(): Promise<WidgetWorld> {
  const smtp = await startTestSmtp();
  const emulator: RunningEmulator = await startGatewayEmulator({ keys: { [GATEWAY.keyId]: GATEWAY.keySecret } });
  const prod = await startProduction({
    ...smtp.env,
    GATEWAY_BASE_URL: emulator.baseUrl,
    WEBHOOK_DISPATCHER: 'off',
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '1000',
  });
  const baseUrl = prod.server.baseUrl;
  const shop = await startShopSite(baseUrl, emulator.baseUrl);
  const created = prod.command(['merchant', 'create', '--name', 'Kurta House']);
  const merchant = { id: /merchant_id=(\S+)/.exec(created)![1]!, key: /api_key=(\S+)/.exec(created)![1]! };
  const owner = 'owner@kurta.example';
  prod.command(['merchant', 'add-user', '--merchant-id', merchant.id, '--email', owner]);

  async function admin(method: string, path: string, body?: unknown) {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': merchant.key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json;
  }
  const { keyId, keySecret } = GATEWAY;
  await admin('PATCH', '/checkout-admin?action=set_payment_config', {
    gateway_key_id: keyId,
    gateway_secret_key: keySecret,
  });
  await admin('PATCH', '/checkout-admin?action=cod_config', { enable_cod: true, cod_max_cart_value_paise: 500_000 });
  await admin('POST', '/checkout-offers', {
    action: 'create',
    title: '10% off for Instagram',
    discount_type: 'percent',
    discount_value: 10,
    utm_rules: { utm_campaign: 'insta' },
  });

  return {
    baseUrl,
    gatewayUrl: emulator.baseUrl,
    smtp,
    shop,
    prod,
    merchant,
    owner,
    admin,
    storedPin: (id) => prod.sql.get<Pin>('SELECT latitude, longitude, geopin FROM addresses WHERE id = ?', [id]),
    async queued(sessionId) {
      const rows = await prod.sql.all<{ payload: string }>('SELECT payload FROM webhook_outbox ORDER BY id');
      return rows
        .map((r) => JSON.parse(r.payload) as Record<string, unknown> & { event: string; data: any })
        .filter((p) => p.session_id === sessionId);
    },
    funnelRows: (sessionId) =>
      prod.sql.all(
        `SELECT event_type, step, device_type, platform, utm_source, utm_medium, utm_campaign FROM funnel_events
         WHERE session_id = ? ORDER BY id`,
        [sessionId],
      ),
    async anonymousFunnelEvents() {
      const rows = await prod.sql.all<{ event_type: string; n: number }>(
        `SELECT event_type, COUNT(*) AS n FROM funnel_events WHERE session_id IS NULL AND merchant_id = ?
         GROUP BY event_type ORDER BY event_type`,
        [merchant.id],
      );
      return Object.fromEntries(rows.map((r) => [r.event_type, Number(r.n)]));
    },
    async stop() {
      await shop.close();
      await prod.stop();
      await emulator.close();
      await smtp.close();
    },
  };
}
