// The gateway emulator's buyer page: served per order to a named parent origin, refused for unknown orders and non-origins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parentOrigin } from '../../src/payments/emulator-pay-page.ts';
import { GatewayClient } from '../../src/payments/gateway-client.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';

const keys = { keyId: 'rzp_test_page', keySecret: 'secret_page' };
let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startGatewayEmulator({ keys: { [keys.keyId]: keys.keySecret } });
});
afterAll(async () => emulator.close());

const pageUrl = (orderId: string, origin?: string) =>
  `${emulator.baseUrl}/pay/${encodeURIComponent(orderId)}${origin === undefined ? '' : `?origin=${encodeURIComponent(origin)}`}`;

describe('emulator pay page', () => {
  it('shows the order amount and posts the payment only to the origin it was given', async () => {
    const order = await new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 }).createOrder(keys, {
      amountPaise: 129_900,
    });
    const res = await fetch(pageUrl(order.id, 'http://127.0.0.1:3000'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain(`<code id="order-id">${order.id}</code>`);
    expect(html).toContain('<strong id="amount">INR 1299.00</strong>');
    expect(html).toContain(`{"orderId":"${order.id}","origin":"http://127.0.0.1:3000"}`);
    expect(html).toContain("target.postMessage({ type: 'gateway.payment', payment }, origin)");
  });

  it('answers 404 for an unknown order and 400 without a bare http(s) origin', async () => {
    expect((await fetch(pageUrl('order_nope', 'https://shop.example'))).status).toBe(404);
    const order = await new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 }).createOrder(keys, {
      amountPaise: 10_000,
    });
    for (const origin of [undefined, '*', 'https://shop.example/checkout', 'javascript:alert(1)']) {
      const res = await fetch(pageUrl(order.id, origin));
      expect(res.status, String(origin)).toBe(400);
      expect(await res.text()).toMatch(/^origin must be/);
    }
  });

  it('accepts an origin with or without its trailing slash, and nothing with a path, query or other scheme', () => {
    expect(parentOrigin('https://Shop.example/')).toBe('https://shop.example');
    expect(parentOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    for (const bad of [
      null,
      '',
      'null',
      'https://shop.example/x',
      'https://shop.example?a=1',
      'ftp://shop.example',
      'data:text/html,x',
    ]) {
      expect(parentOrigin(bad), String(bad)).toBeNull();
    }
  });
});
