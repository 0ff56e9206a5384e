// End to end over the checkout tables: sealed gateway and webhook secrets, real sessions, COD rules, Mode A vs Mode B.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { SessionRepository } from '../../src/checkout/session-repository.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { outboxRows } from '../webhooks/support/outbox-db.ts';
import { eventually, startReceiver, type Receiver } from '../webhooks/support/receiver.ts';
import { createMerchant, createSession } from './support/checkout-fixtures.ts';
import { startPaymentServer, type PaymentServer } from './support/payment-server.ts';

const keys = { keyId: 'rzp_test_flow', keySecret: 'sk_flow_secret' };
let emulator: RunningEmulator;
let receiver: Receiver;
let server: PaymentServer;

beforeAll(async () => {
  emulator = await startGatewayEmulator({ keys: { [keys.keyId]: keys.keySecret } });
  receiver = await startReceiver();
  server = await startPaymentServer({ gatewayBaseUrl: emulator.baseUrl });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
  await emulator.close();
});

function modeB(cod: { blockedPincodes?: string[]; maxCartValuePaise?: number } = {}): string {
  return createMerchant(server.t.db, server.box, {
    payment: { enabled: true, ...keys },
    webhook: { url: receiver.url, secret: 'whsec_flow' },
    cod: { enabled: true, ...cod },
  });
}

function hooksFor(sessionId: string): Array<{ headers: Record<string, unknown>; body: Record<string, unknown>; raw: string }> {
  return receiver.requests
    .map((r) => ({ headers: r.headers as Record<string, unknown>, raw: r.rawBody, body: JSON.parse(r.rawBody) as Record<string, unknown> }))
    .filter((r) => r.body.session_id === sessionId);
}

async function payAtGateway(token: string, amount: number) {
  const order = await server.post('create_order', token, { amount_paise: amount });
  expect(order.status).toBe(200);
  const p = emulator.pay(order.body.gateway_order_id as string);
  return { gateway_order_id: p.razorpay_order_id, gateway_payment_id: p.razorpay_payment_id, gateway_signature: p.razorpay_signature };
}

describe('payments over checkout sessions', () => {
  it('Mode B prepaid: decrypts the gateway secret, verifies, and delivers session.completed signed with the webhook secret', async () => {
    const merchantId = modeB();
    const s = createSession(server.t.db, merchantId, { cartValuePaise: 250_000, pincode: '560001' });
    const verify = await payAtGateway(s.token, 250_000);
    expect(await server.post('verify', s.token, verify)).toEqual({ status: 200, body: { success: true, payment_method: 'gateway', ...{ gateway_order_id: verify.gateway_order_id, gateway_payment_id: verify.gateway_payment_id } } });
    await eventually(() => hooksFor(s.sessionId).length === 1);
    const [hook] = hooksFor(s.sessionId);
    expect(verifyWebhookSignature(hook!.raw, hook!.headers['x-service-signature'] as string, 'whsec_flow')).toBe(true);
    expect(hook!.body).toMatchObject({
      event: 'session.completed',
      merchant_id: merchantId,
      buyer_id: s.buyerId,
      session_id: s.sessionId,
      auth_channel: 'email',
      data: { payment_method: 'gateway', gateway_order_id: verify.gateway_order_id, gateway_payment_id: verify.gateway_payment_id, amount_paise: 250_000 },
    });
  });

  it('Mode B COD: allowed by the rules, recorded once, session.completed without gateway ids', async () => {
    const merchantId = modeB({ maxCartValuePaise: 500_000, blockedPincodes: ['110001'] });
    const s = createSession(server.t.db, merchantId, { cartValuePaise: 100_000, pincode: '560001' });
    expect(await server.post('record_cod', s.token)).toEqual({ status: 200, body: { success: true, payment_method: 'cod' } });
    expect(await server.post('record_cod', s.token)).toEqual({ status: 200, body: { success: true, payment_method: 'cod' } });
    await eventually(() => hooksFor(s.sessionId).length === 1);
    expect(hooksFor(s.sessionId)[0]!.body.data).toEqual({ payment_method: 'cod', amount_paise: 100_000 });
  });

  it('refuses COD with the failing rule as reason: blocked pincode, cart over the cap, no address, COD off', async () => {
    const merchantId = modeB({ maxCartValuePaise: 500_000, blockedPincodes: ['110001'] });
    const cases: Array<[Parameters<typeof createSession>[2], string]> = [
      [{ cartValuePaise: 100_000, pincode: '110001' }, 'pincode_blocked'],
      [{ cartValuePaise: 900_000, pincode: '560001' }, 'cart_value_exceeds_limit'],
      [{ cartValuePaise: 100_000 }, 'pincode_unknown'],
    ];
    for (const [setup, reason] of cases) {
      const s = createSession(server.t.db, merchantId, setup);
      const res = await server.post('record_cod', s.token);
      expect(res).toMatchObject({ status: 400, body: { code: 'cod_not_available', reason } });
    }
    const noCod = createMerchant(server.t.db, server.box, { payment: { enabled: true, ...keys } });
    const res = await server.post('record_cod', createSession(server.t.db, noCod, { pincode: '560001' }).token);
    expect(res).toMatchObject({ status: 400, body: { code: 'cod_not_available', reason: 'cod_disabled' } });
  });

  it('Mode A: no session.completed for COD, nor for a verify after payments were switched off', async () => {
    const merchantId = createMerchant(server.t.db, server.box, { payment: { enabled: true, ...keys }, webhook: { url: receiver.url, secret: null }, cod: { enabled: true } });
    const prepaid = createSession(server.t.db, merchantId);
    const verify = await payAtGateway(prepaid.token, 10_000);
    const merchants = new MerchantRepository(server.t.db);
    merchants.savePayment({ id: merchantId, payment_enabled: false, gateway_key_id: keys.keyId, gateway_secret_enc: merchants.byId(merchantId)!.gateway_secret_enc });
    expect((await server.post('verify', prepaid.token, verify)).status).toBe(200);
    expect(await server.post('create_order', prepaid.token, { amount_paise: 10_000 })).toMatchObject({ status: 400, body: { code: 'payment_not_enabled' } });
    const cod = createSession(server.t.db, merchantId);
    expect((await server.post('record_cod', cod.token)).status).toBe(200);
    const noKeys = createMerchant(server.t.db, server.box, { payment: { enabled: true, keyId: null, keySecret: null }, webhook: { url: receiver.url, secret: null }, cod: { enabled: true } });
    const other = createSession(server.t.db, noKeys);
    expect(await server.post('create_order', other.token, { amount_paise: 10_000 })).toMatchObject({ status: 400, body: { code: 'payment_not_enabled' } });
    expect((await server.post('record_cod', other.token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const queued = server.t.db.prepare('SELECT COUNT(*) FROM webhook_outbox WHERE merchant_id IN (?, ?)').pluck().get(merchantId, noKeys);
    expect(queued).toBe(0);
    expect([...hooksFor(prepaid.sessionId), ...hooksFor(cod.sessionId), ...hooksFor(other.sessionId)]).toEqual([]);
  });

  it('refuses an abandoned session with 409 and an expired or unknown token with 401', async () => {
    const merchantId = modeB();
    const s = createSession(server.t.db, merchantId, { pincode: '560001' });
    new SessionRepository(server.t.db).markAbandoned(merchantId, s.sessionId, new Date().toISOString());
    expect(await server.post('record_cod', s.token)).toMatchObject({ status: 409, body: { code: 'session_abandoned' } });
    const expired = createSession(server.t.db, merchantId);
    server.t.db.prepare('UPDATE checkout_sessions SET expires_at = ? WHERE id = ?').run('2000-01-01T00:00:00.000Z', expired.sessionId);
    expect(await server.post('record_cod', expired.token)).toMatchObject({ status: 401, body: { code: 'invalid_session' } });
    expect(outboxRows(server.t.db).every((r) => r.status !== 'failed')).toBe(true);
  });

  it('serves a browser on the merchant\'s origin (preflight, CORS headers) and refuses any other origin with 403', async () => {
    const merchantId = modeB();
    new MerchantRepository(server.t.db).saveSettings({ id: merchantId, allowed_origins: ['https://shop.example'], courier_coverage_url: null });
    const s = createSession(server.t.db, merchantId, { cartValuePaise: 100_000, pincode: '560001' });
    const url = `${server.baseUrl}/checkout-payment?action=record_cod`;
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-headers': 'x-session-token' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-session-token');
    const post = (origin: string) => fetch(url, { method: 'POST', headers: { origin, 'x-session-token': s.token } });
    const refused = await post('https://evil.example');
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('origin_not_allowed');
    const allowed = await post('https://shop.example');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});
