// The gateway client against the real emulator over 127.0.0.1: orders, signed payments, auth failures, timeouts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, GatewayError } from '../../src/payments/gateway-client.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { verifyPaymentSignature } from '../../src/payments/signature.ts';

const keys = { keyId: 'rzp_test_abc', keySecret: 'secret_abc' };
let emulator: RunningEmulator;
let slow: RunningEmulator;
beforeAll(async () => {
  emulator = await startGatewayEmulator({ keys: { [keys.keyId]: keys.keySecret } });
  slow = await startGatewayEmulator({ delayMs: 400 });
});
afterAll(async () => {
  await emulator.close();
  await slow.close();
});

describe('gateway client', () => {
  it('creates an order with a Razorpay-shaped id and reads it back', async () => {
    const client = new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 });
    const order = await client.createOrder(keys, { amountPaise: 49_900, receipt: 'sess_1' });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 49_900,
      amount_paid: 0,
      currency: 'INR',
      receipt: 'sess_1',
      status: 'created',
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect((await client.fetchOrder(keys, order.id)).status).toBe('created');
  });

  it('gets a payment signed with the key secret that created the order', async () => {
    const client = new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 });
    const order = await client.createOrder(keys, { amountPaise: 10_000 });
    const payment = emulator.pay(order.id);
    expect(payment.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(
      verifyPaymentSignature(order.id, payment.razorpay_payment_id, payment.razorpay_signature, keys.keySecret),
    ).toBe(true);
    expect(await client.fetchOrder(keys, order.id)).toMatchObject({ status: 'paid', amount_paid: 10_000 });
  });

  it('also pays over HTTP, as a browser-side test helper would', async () => {
    const client = new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 });
    const order = await client.createOrder(keys, { amountPaise: 10_000 });
    const res = await fetch(`${emulator.baseUrl}/v1/orders/${order.id}/pay`, { method: 'POST' });
    const payment = (await res.json()) as {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
    expect(payment.razorpay_order_id).toBe(order.id);
    expect(
      verifyPaymentSignature(order.id, payment.razorpay_payment_id, payment.razorpay_signature, keys.keySecret),
    ).toBe(true);
  });

  it('reports wrong keys as gateway_auth_failed', async () => {
    const client = new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 });
    const err = await client
      .createOrder({ keyId: keys.keyId, keySecret: 'wrong' }, { amountPaise: 10_000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ code: 'gateway_auth_failed', httpStatus: 401 });
  });

  it('reports an amount the gateway refuses as gateway_rejected with its description', async () => {
    const client = new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 });
    const err = await client.createOrder(keys, { amountPaise: 50 }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'gateway_rejected',
      httpStatus: 400,
      message: 'gateway: The amount must be atleast INR 1.00',
    });
  });

  it('gives up after the configured timeout with gateway_timeout', async () => {
    const client = new GatewayClient({ baseUrl: slow.baseUrl, timeoutMs: 100 });
    const started = Date.now();
    const err = await client.createOrder(keys, { amountPaise: 10_000 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'gateway_timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reports a closed port as gateway_unreachable', async () => {
    const closed = await startGatewayEmulator();
    await closed.close();
    const client = new GatewayClient({ baseUrl: closed.baseUrl, timeoutMs: 1000 });
    await expect(client.createOrder(keys, { amountPaise: 10_000 })).rejects.toMatchObject({
      code: 'gateway_unreachable',
    });
  });

  it('refuses an order made for another amount or currency than asked, as gateway_bad_response', async () => {
    const order = { id: 'order_Other0000000', entity: 'order', amount: 10_001, amount_paid: 0, currency: 'INR' };
    for (const answer of [order, { ...order, amount: 10_000, currency: 'USD' }]) {
      const gateway = createServer((req, res) => {
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
      const client = new GatewayClient({ baseUrl, timeoutMs: 1000 });
      await expect(client.createOrder(keys, { amountPaise: 10_000 })).rejects.toMatchObject({
        code: 'gateway_bad_response',
      });
      gateway.close();
    }
  });

  it("lists an order's payments: none before the buyer pays, the captured one after", async () => {
    const client = new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 });
    const order = await client.createOrder(keys, { amountPaise: 25_000 });
    expect(await client.orderPayments(keys, order.id)).toEqual([]);
    const paid = emulator.pay(order.id);
    expect(await client.orderPayments(keys, order.id)).toMatchObject([
      { id: paid.razorpay_payment_id, amount: 25_000, currency: 'INR', status: 'captured', order_id: order.id },
    ]);
  });

  it("refuses a payments list naming another order's payment, as gateway_bad_response", async () => {
    const stray = { id: 'pay_Stray000000000', entity: 'payment', amount: 100, currency: 'INR', status: 'captured' };
    const gateway = createServer((req, res) => {
      req.resume();
      const items = [{ ...stray, order_id: 'order_Other0000000' }];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ entity: 'collection', items }));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const client = new GatewayClient({
      baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      timeoutMs: 1000,
    });
    await expect(client.orderPayments(keys, 'order_Mine00000000')).rejects.toMatchObject({
      code: 'gateway_bad_response',
    });
    gateway.close();
  });

  it("reads a failing or throttling status whatever its body (a proxy's HTML 502, a bare 429)", async () => {
    const answers: Array<[number, string, string]> = [
      [502, 'text/html', '<html><body>502 Bad Gateway</body></html>'],
      [429, 'text/plain', 'Too Many Requests'],
      [503, 'application/json', '{"error":{"code":"SERVER_ERROR","description":"down"}}'],
      [401, 'text/html', '<html>Unauthorized</html>'],
      [404, 'text/html', '<html>Not Found</html>'],
    ];
    const codes: string[] = [];
    for (const [status, type, body] of answers) {
      const gateway = createServer((req, res) => {
        req.resume();
        res.writeHead(status, { 'content-type': type }).end(body);
      });
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      const client = new GatewayClient({
        baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        timeoutMs: 1000,
      });
      codes.push(
        await client.orderPayments(keys, 'order_Any0000000000').then(
          () => 'ok',
          (err: GatewayError) => err.code,
        ),
      );
      gateway.close();
    }
    expect(codes).toEqual([
      'gateway_unavailable',
      'gateway_unavailable',
      'gateway_unavailable',
      'gateway_auth_failed',
      'gateway_rejected',
    ]);
  });

  it('refuses a non-positive amount before any network call', async () => {
    const client = new GatewayClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 100 });
    await expect(client.createOrder(keys, { amountPaise: 0 })).rejects.toBeInstanceOf(RangeError);
  });
});
