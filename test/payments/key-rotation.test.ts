// The merchant replaces its gateway key while a buyer pays: the order was signed with the old secret, no longer held,
// so the gateway is asked with the new key (one account) to confirm the payment, by verify and by the reconciler.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../src/payments/gateway-client.ts';
import { PaymentRepository } from '../../src/payments/repository.ts';
import { PaymentService } from '../../src/payments/service.ts';
import { dataOf, ok } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, payAtGateway, payInTwoTabs, startWorld, type World } from './support/shop.ts';

const old = { keyId: 'rzp_live_old', keySecret: 'old_secret_0123' };
const renewed = { keyId: 'rzp_live_new', keySecret: 'new_secret_4567' };
const testMode = { keyId: 'rzp_test_other', keySecret: 'test_secret_89ab' };
let w: World;
beforeAll(async () => {
  const keys = Object.fromEntries([old, renewed, testMode].map((k) => [k.keyId, k.keySecret]));
  // The old and the new key are one account; the test-mode key another.
  w = await startWorld(
    keys,
    { GATEWAY_CHECK_AFTER_MS: '300', GATEWAY_CHECK_POLL_MS: '50' },
    { accounts: [[old.keyId, renewed.keyId]] },
  );
});
afterAll(async () => w.dispose());

const setKey = async (shopKey: string, k: { keyId: string; keySecret: string }) =>
  ok(
    await w.h.admin('PATCH', 'set_payment_config', shopKey, {
      gateway_key_id: k.keyId,
      gateway_secret_key: k.keySecret,
      payment_enabled: true,
    }),
    'rotate',
  );
const paidVia = async (shopKey: string, sessionId: string) =>
  dataOf(await w.h.admin('GET', 'session', shopKey, undefined, `session_id=${sessionId}`)).session.payment;

describe('a payment for an order made with the key the merchant has since replaced', () => {
  it('verify confirms it with the gateway and records it; a payment the gateway does not know is refused', async () => {
    const shop = await configureShop(w.h, { payment: old });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 61_000, pincode: '560001' });
    const [paid, other] = await payInTwoTabs(w, b.token);
    await setKey(shop.key, renewed);

    // Another order's payment, with its valid signature, is not a payment of this order.
    const forged = {
      ...paid,
      gateway_payment_id: other.gateway_payment_id,
      gateway_signature: other.gateway_signature,
    };
    const refused = await w.h.payment(b.token, { action: 'verify', ...forged });
    expect([refused.status, refused.body.code]).toEqual([400, 'payment_not_confirmed']);
    expect(refused.body.message).toContain(old.keyId);

    const verified = ok(await w.h.payment(b.token, { action: 'verify', ...paid }), 'verify');
    expect(verified).toMatchObject({ payment_method: 'gateway', gateway_payment_id: paid.gateway_payment_id });
    expect(await paidVia(shop.key, b.sessionId)).toMatchObject({
      status: 'paid',
      gateway_payment_id: paid.gateway_payment_id,
    });
  });

  it('test keys replaced by another account: the gateway knows no such order, nothing is recorded', async () => {
    const shop = await configureShop(w.h, { payment: testMode });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    await setKey(shop.key, renewed);
    const refused = await w.h.payment(b.token, { action: 'verify', ...paid });
    expect([refused.status, refused.body.code]).toEqual([400, 'payment_not_confirmed']);
    expect((await paidVia(shop.key, b.sessionId)).status).toBe('order_created');
  });

  it('paid, never verified, key replaced: the reconciler asks with the new key and records it', async () => {
    const shop = await configureShop(w.h, { payment: old });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 33_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    await setKey(shop.key, renewed);
    await eventually(async () => (await paidVia(shop.key, b.sessionId)).status === 'paid', 5000);
    expect((await paidVia(shop.key, b.sessionId)).gateway_payment_id).toBe(paid.gateway_payment_id);
  });

  it('a gateway that throttles while asked is a 502 to retry, never "not confirmed"', async () => {
    const shop = await configureShop(w.h, { payment: old });
    const b = await buyerSession(w.h, shop, { cartValuePaise: 15_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    await setKey(shop.key, renewed);
    const stub = createServer((req, res) => {
      req.resume();
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const parts = w.h.server.parts;
    const ports = parts.checkout.paymentPorts;
    const service = new PaymentService({
      repo: new PaymentRepository(w.h.sql, parts.webhooks.port, ports),
      ports,
      gateway: new GatewayClient({
        baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
        timeoutMs: 1000,
      }),
      clock: () => new Date(),
      queued: () => undefined,
      firstCheckMs: 300_000,
    });
    const payer = (await ports.payingSession(shop.id, b.sessionId))!;
    await expect(service.verify(payer, paid)).rejects.toMatchObject({ kind: 'upstream', code: 'gateway_unavailable' });
    stub.close();
    expect((await paidVia(shop.key, b.sessionId)).status).toBe('order_created');
  });
});
