// /checkout-payment over real HTTP: the prepaid flow through the gateway emulator to a signed session.completed webhook, Mode A, COD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.ts';
import { MemoryPorts } from './support/memory-ports.ts';
import { startPaymentServer, type PaymentServer } from './support/payment-server.ts';

const keys = { keyId: 'rzp_test_b', keySecret: 'sk_b' };
let emulator: RunningEmulator;
let receiver: Receiver;
let server: PaymentServer;
const ports = new MemoryPorts();

beforeAll(async () => {
  emulator = await startGatewayEmulator({ keys: { [keys.keyId]: keys.keySecret } });
  receiver = await startReceiver();
  ports.configs.set('m_b', { enabled: true, ...keys });
  ports.configs.set('m_a', { enabled: false, keyId: null, keySecret: null });
  for (const [token, merchantId, channel] of [['tok_b1', 'm_b', 'phone'], ['tok_b2', 'm_b', 'email'], ['tok_a1', 'm_a', 'phone'], ['tok_b3', 'm_b', 'phone']] as const) {
    ports.sessions.set(token, { sessionId: `s_${token}`, merchantId, buyerId: `buyer_${token}`, authChannel: channel, cartValuePaise: null, abandoned: false });
  }
  server = await startPaymentServer({ gatewayBaseUrl: emulator.baseUrl, ports, lookup: () => ({ url: receiver.url, secret: 'whsec_pay' }) });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
  await emulator.close();
});

function completedFor(sessionId: string) {
  return receiver.requests.filter((r) => (JSON.parse(r.rawBody) as { session_id: string }).session_id === sessionId);
}

describe('/checkout-payment', () => {
  it('runs the prepaid flow: create_order, pay at the gateway, verify, then a signed session.completed', async () => {
    const order = await server.post('create_order', 'tok_b1', { amount_paise: 129_900 });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ success: true, gateway_key_id: keys.keyId });
    const payment = emulator.pay(order.body.gateway_order_id as string);
    const verify = { gateway_order_id: payment.razorpay_order_id, gateway_payment_id: payment.razorpay_payment_id, gateway_signature: payment.razorpay_signature };
    const res = await server.post('verify', 'tok_b1', verify);
    expect(res).toEqual({ status: 200, body: { success: true, payment_method: 'gateway', gateway_order_id: verify.gateway_order_id, gateway_payment_id: verify.gateway_payment_id } });
    expect(await server.post('verify', 'tok_b1', verify)).toEqual(res);

    await receiver.waitFor(1);
    const [hook] = completedFor('s_tok_b1');
    expect(hook!.headers['x-service-event']).toBe('session.completed');
    expect(verifyWebhookSignature(hook!.rawBody, hook!.headers['x-service-signature'] as string, 'whsec_pay')).toBe(true);
    expect(JSON.parse(hook!.rawBody)).toEqual({
      event: 'session.completed',
      merchant_id: 'm_b',
      buyer_id: 'buyer_tok_b1',
      session_id: 's_tok_b1',
      auth_channel: 'phone',
      timestamp: expect.any(String),
      data: { payment_method: 'gateway', gateway_order_id: verify.gateway_order_id, gateway_payment_id: verify.gateway_payment_id, amount_paise: 129_900 },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(completedFor('s_tok_b1')).toHaveLength(1);
  });

  it('answers a forged signature with 400 and sends nothing', async () => {
    const order = await server.post('create_order', 'tok_b3', { amount_paise: 10_000 });
    const payment = emulator.pay(order.body.gateway_order_id as string);
    const res = await server.post('verify', 'tok_b3', { gateway_order_id: payment.razorpay_order_id, gateway_payment_id: 'pay_forged000000000', gateway_signature: payment.razorpay_signature });
    expect(res).toEqual({ status: 400, body: { error: 'Bad Request', message: 'Payment signature does not match', code: 'invalid_signature' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(completedFor('s_tok_b3')).toHaveLength(0);
  });

  it("refuses to verify another session's order", async () => {
    const order = await server.post('create_order', 'tok_b2', { amount_paise: 10_000 });
    const payment = emulator.pay(order.body.gateway_order_id as string);
    const res = await server.post('verify', 'tok_b3', { gateway_order_id: payment.razorpay_order_id, gateway_payment_id: payment.razorpay_payment_id, gateway_signature: payment.razorpay_signature });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('order_not_found');
  });

  it('Mode B COD: record_cod sends session.completed with payment_method cod and no gateway ids', async () => {
    expect(await server.post('record_cod', 'tok_b2')).toEqual({ status: 200, body: { success: true, payment_method: 'cod' } });
    await receiver.waitFor(2);
    const [hook] = completedFor('s_tok_b2');
    expect(JSON.parse(hook!.rawBody)).toMatchObject({ event: 'session.completed', auth_channel: 'email', data: { payment_method: 'cod' } });
    expect(JSON.parse(hook!.rawBody).data).not.toHaveProperty('gateway_order_id');
  });

  it('Mode A: create_order is refused, COD is recorded, and session.completed is never sent', async () => {
    const order = await server.post('create_order', 'tok_a1', { amount_paise: 10_000 });
    expect(order).toMatchObject({ status: 400, body: { code: 'payment_not_enabled' } });
    expect(await server.post('record_cod', 'tok_a1')).toEqual({ status: 200, body: { success: true, payment_method: 'cod' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(completedFor('s_tok_a1')).toHaveLength(0);
  });

  it('validates the request: token, action and amount', async () => {
    expect(await server.post('create_order', null, { amount_paise: 1 })).toMatchObject({ status: 401, body: { code: 'missing_session_token' } });
    expect(await server.post('create_order', 'nope', { amount_paise: 1 })).toMatchObject({ status: 401, body: { code: 'invalid_session' } });
    expect(await server.post('refund', 'tok_b1', {})).toMatchObject({ status: 400, body: { code: 'unknown_action' } });
    expect(await server.post('create_order', 'tok_b3', { amount_paise: 0 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(await server.post('create_order', 'tok_b3', { amount_paise: 1.5 })).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });
});
