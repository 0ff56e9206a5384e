// A buyer who pays and closes the tab before verify: the server asks the gateway about the order by itself and records
// the payment as verify would have (session.completed once), or keeps it for a refund when it completes nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog, type Log } from '../../src/kernel/log.ts';
import { GatewayClient } from '../../src/payments/gateway-client.ts';
import { PaymentReconciler } from '../../src/payments/reconciler.ts';
import { PaymentRepository } from '../../src/payments/repository.ts';
import { PaymentService } from '../../src/payments/service.ts';
import { dataOf, ok, scalar } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import {
  buyerSession,
  configureShop,
  hooksFor,
  payAtGateway,
  payInTwoTabs,
  startWorld,
  type World,
} from './support/shop.ts';

const keys = { keyId: 'rzp_test_reconcile', keySecret: 'sk_reconcile_secret' };
/** The first check 300 ms after an order is made, due orders sought every 50 ms. */
const CHECK_AFTER_MS = 300;
let w: World;
beforeAll(async () => {
  w = await startWorld(
    { [keys.keyId]: keys.keySecret },
    { GATEWAY_CHECK_AFTER_MS: String(CHECK_AFTER_MS), GATEWAY_CHECK_POLL_MS: '50' },
  );
});
afterAll(async () => w.dispose());

const shopWithHooks = () =>
  configureShop(w.h, { payment: keys, webhook: { url: w.receiver.url }, cod: { enabled: true } });
const orderPage = async (key: string, sessionId: string) =>
  dataOf(await w.h.admin('GET', 'session', key, undefined, `session_id=${sessionId}`));
const asked = (orderId: string) => w.emulator.requests.filter((r) => r === `GET /v1/orders/${orderId}/payments`).length;
const completions = (sessionId: string) =>
  hooksFor(w.receiver, sessionId).filter((x) => x.body.event === 'session.completed');

describe('a payment whose verify never came', () => {
  it('is recorded from the gateway: the session completes, session.completed once, a late verify agrees', async () => {
    const shop = await shopWithHooks();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 45_000, pincode: '560001' });
    const paid = await payAtGateway(w, b.token);
    expect((await orderPage(shop.key, b.sessionId)).session.payment.status).toBe('order_created');

    await eventually(async () => (await orderPage(shop.key, b.sessionId)).session.payment.status === 'paid', 5000);
    const page = await orderPage(shop.key, b.sessionId);
    expect(page.session.status).toBe('completed');
    expect(page.session.payment).toMatchObject({ status: 'paid', gateway_payment_id: paid.gateway_payment_id });
    // Support sees why the buyer's tab never confirmed it.
    expect(
      page.timeline.filter((t: { source: string }) => t.source === 'payment').map((t: { event: string }) => t.event),
    ).toEqual(['order_created', 'payment_found']);
    await eventually(() => completions(b.sessionId).length === 1);
    expect(completions(b.sessionId)[0]!.body.data).toMatchObject({
      payment_method: 'gateway',
      gateway_order_id: paid.gateway_order_id,
      gateway_payment_id: paid.gateway_payment_id,
      amount_paise: 45_000,
    });

    // The buyer's tab comes back and verifies: the same answer, nothing recorded twice.
    const late = ok(await w.h.payment(b.token, { action: 'verify', ...paid }), 'late verify');
    expect(late).toMatchObject({ payment_method: 'gateway', gateway_payment_id: paid.gateway_payment_id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(completions(b.sessionId)).toHaveLength(1);
    expect(
      await scalar(w.h.sql, 'SELECT check_after FROM payment_orders WHERE gateway_order_id = ?', [
        paid.gateway_order_id,
      ]),
    ).toBeNull();
  });

  it('a second order paid in another tab, neither verified: one completes, the other kept for a refund', async () => {
    const shop = await shopWithHooks();
    const b = await buyerSession(w.h, shop, { cartValuePaise: 30_000, pincode: '560001' });
    const [first, second] = await payInTwoTabs(w, b.token);
    await eventually(async () => {
      const orders = (await orderPage(shop.key, b.sessionId)).orders as Array<{ refused_payments: unknown[] }>;
      return orders.some((o) => o.refused_payments.length === 1);
    }, 5000);
    const page = await orderPage(shop.key, b.sessionId);
    const paidWith = page.session.payment.gateway_payment_id as string;
    const other = paidWith === first.gateway_payment_id ? second : first;
    expect([first.gateway_payment_id, second.gateway_payment_id]).toContain(paidWith);
    const refusedOrder = page.orders.find(
      (o: { gateway_order_id: string }) => o.gateway_order_id === other.gateway_order_id,
    );
    expect(refusedOrder.refused_payments).toMatchObject([
      { gateway_payment_id: other.gateway_payment_id, reason: 'session_already_paid' },
    ]);
    await eventually(() => completions(b.sessionId).length === 1);
  });

  it('an order verified at once is never asked about; one never paid is asked, its session left open', async () => {
    const shop = await shopWithHooks();
    const verified = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const paid = await payAtGateway(w, verified.token);
    ok(await w.h.payment(verified.token, { action: 'verify', ...paid }), 'verify');
    const open = await buyerSession(w.h, shop, { cartValuePaise: 20_000, pincode: '560001' });
    const unpaid = ok(await w.h.payment(open.token, { action: 'create_order' }), 'create_order');

    await eventually(() => asked(unpaid.gateway_order_id) === 1, 5000);
    await new Promise((resolve) => setTimeout(resolve, CHECK_AFTER_MS));
    expect(asked(paid.gateway_order_id)).toBe(0);
    // Asked once so far; the next check is on the schedule (3x the first delay after the order was made).
    expect(asked(unpaid.gateway_order_id)).toBe(1);
    expect((await orderPage(shop.key, open.sessionId)).session).toMatchObject({
      status: 'address_completed',
      payment: { status: 'order_created', gateway_payment_id: null },
    });
  });
});

describe('the reconciler on its own', () => {
  // A world whose own reconciler waits its default 5 minutes, so only the ones made here ask.
  let quiet: World;
  beforeAll(async () => {
    quiet = await startWorld({ [keys.keyId]: keys.keySecret });
  });
  afterAll(async () => quiet.dispose());
  const createOrder = async () => {
    const shop = await configureShop(quiet.h, { payment: keys });
    const b = await buyerSession(quiet.h, shop, { cartValuePaise: 12_000, pincode: '560001' });
    return ok(await quiet.h.payment(b.token, { action: 'create_order' }), 'create_order').gateway_order_id as string;
  };
  const asks = (orderId: string) =>
    quiet.emulator.requests.filter((r) => r === `GET /v1/orders/${orderId}/payments`).length;
  /** A reconciler over the quiet world's store, with its own gateway client and clock. */
  const reconciler = (gatewayUrl: string, now: () => Date, log: Log = silentLog, firstCheckMs = 3_600_000) => {
    const parts = quiet.h.server.parts;
    const repo = new PaymentRepository(quiet.h.sql, parts.webhooks.port, parts.checkout.paymentPorts);
    const gateway = new GatewayClient({ baseUrl: gatewayUrl, timeoutMs: 1000 });
    const ports = parts.checkout.paymentPorts;
    const common = { repo, gateway, ports, clock: now, firstCheckMs };
    const service = new PaymentService({ ...common, queued: () => undefined });
    return new PaymentReconciler({ ...common, service, log });
  };
  const checkAfter = (orderId: string) =>
    scalar<string | null>(quiet.h.sql, 'SELECT check_after FROM payment_orders WHERE gateway_order_id = ?', [orderId]);

  it('two nodes at once: each due order is asked about by one of them', async () => {
    const orderId = await createOrder();
    const later = () => new Date(Date.now() + 7 * 3_600_000);
    const [a, c] = [reconciler(quiet.emulator.baseUrl, later), reconciler(quiet.emulator.baseUrl, later)];
    await Promise.all([a.runOnce(), c.runOnce()]);
    expect(asks(orderId)).toBe(1);
  });

  /** Where a failed check leaves the order: due again after a tenth of its age, at least the first delay. */
  const retryAfter = async (orderId: string, now: Date, firstCheckMs: number) => {
    const created = await scalar<string>(
      quiet.h.sql,
      'SELECT created_at FROM payment_orders WHERE gateway_order_id = ?',
      [orderId],
    );
    return new Date(now.getTime() + Math.max(firstCheckMs, (now.getTime() - Date.parse(created)) / 10)).toISOString();
  };

  it('a gateway out of reach: the order is asked about again soon, not at the next scheduled check', async () => {
    const orderId = await createOrder();
    const now = new Date(Date.now() + 23 * 3_600_000);
    const warned: string[] = [];
    const fields: object[] = [];
    const log: Log = {
      ...silentLog,
      warn: (f, message) => void (warned.push(message ?? ''), fields.push(f)),
    };
    await reconciler('http://127.0.0.1:9', () => now, log).runOnce();
    expect(warned).toContain('could not ask the gateway about an unverified order; asking again later');
    // Said by its code and words, once: no stack trace of an expected failure.
    expect(
      fields.find((f) => 'gateway_order_id' in f && (f as { gateway_order_id: string }).gateway_order_id === orderId),
    ).toEqual({
      gateway_order_id: orderId,
      code: 'gateway_unreachable',
      status: null,
      reason: expect.stringMatching(/^gateway request failed/),
    });
    // The next scheduled check (72 h after the order, by this reconciler's 1 h first delay) is not waited for.
    expect(await checkAfter(orderId)).toBe(await retryAfter(orderId, now, 3_600_000));
  });

  it('a last check lost to an outage is retried too, for a month after the order', async () => {
    const orderId = await createOrder();
    // With a first delay of a minute the schedule ends 288 minutes after the order: none is left 5 hours on.
    const now = new Date(Date.now() + 5 * 3_600_000);
    await reconciler('http://127.0.0.1:9', () => now, silentLog, 60_000).runOnce();
    expect(await checkAfter(orderId)).toBe(await retryAfter(orderId, now, 60_000));
    const weekLater = new Date(Date.now() + 7 * 24 * 3_600_000);
    await reconciler('http://127.0.0.1:9', () => weekLater, silentLog, 60_000).runOnce();
    expect(await checkAfter(orderId)).toBe(await retryAfter(orderId, weekLater, 60_000));
    const monthLater = new Date(Date.now() + 31 * 24 * 3_600_000);
    await reconciler('http://127.0.0.1:9', () => monthLater, silentLog, 60_000).runOnce();
    expect(await checkAfter(orderId)).toBeNull();
  });

  it('a gateway that throttles (429) or fails (5xx) is asked again soon', async () => {
    // Razorpay's JSON error, a bare 429 and a proxy's HTML 502 alike.
    const answers: Array<[number, string]> = [
      [429, JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } })],
      [429, 'Too Many Requests'],
      [503, JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } })],
      [502, '<html><body>502 Bad Gateway</body></html>'],
    ];
    for (const [status, body] of answers) {
      const stub = createServer((req, res) => {
        req.resume();
        res.writeHead(status, { 'content-type': body.startsWith('{') ? 'application/json' : 'text/html' });
        res.end(body);
      });
      await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
      const orderId = await createOrder();
      const now = new Date(Date.now() + 25 * 3_600_000);
      await reconciler(url, () => now).runOnce();
      expect(await checkAfter(orderId), String(status)).toBe(await retryAfter(orderId, now, 3_600_000));
      stub.close();
    }
  });

  it('a store failing mid-check leaves the order due again at its claim, not at the next scheduled check', async () => {
    const orderId = await createOrder();
    const now = new Date(Date.now() + 2 * 3_600_000);
    const parts = quiet.h.server.parts;
    const failing = {
      ...parts.checkout.paymentPorts,
      payingSession: () => Promise.reject(new Error('connection terminated')),
    };
    const repo = new PaymentRepository(quiet.h.sql, parts.webhooks.port, failing);
    const gateway = new GatewayClient({ baseUrl: quiet.emulator.baseUrl, timeoutMs: 1000 });
    const common = { repo, gateway, ports: failing, clock: () => now, firstCheckMs: 3_600_000 };
    const service = new PaymentService({ ...common, queued: () => undefined });
    await new PaymentReconciler({ ...common, service, log: silentLog }).runOnce();
    expect(await checkAfter(orderId)).toBe(await retryAfter(orderId, now, 3_600_000));
  });

  it('works through a backlog larger than one read in one run', async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 25; i++) orderIds.push(await createOrder());
    await reconciler(quiet.emulator.baseUrl, () => new Date(Date.now() + 2 * 3_600_000)).runOnce();
    expect(orderIds.map(asks)).toEqual(orderIds.map(() => 1));
  });
});
