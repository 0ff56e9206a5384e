// The payment service over SQLite and the real gateway emulator: Mode A vs Mode B, verify, idempotency, COD.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../src/payments/gateway-client.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { PaymentRepository } from '../../src/payments/repository.ts';
import { PaymentService } from '../../src/payments/service.ts';
import { HttpError } from '../../src/server/http-error.ts';
import { openTestDb, type TestDb } from '../webhooks/support/outbox-db.ts';
import { MemoryPorts } from './support/memory-ports.ts';

const keys = { keyId: 'rzp_test_m1', keySecret: 'sk_m1' };
const session = { sessionId: 's_1', merchantId: 'm_1', buyerId: 'b_1', authChannel: 'phone' as const, cartValuePaise: 129_900, abandoned: false };
let emulator: RunningEmulator;
let t: TestDb;
let ports: MemoryPorts;
let service: PaymentService;

beforeAll(async () => {
  emulator = await startGatewayEmulator({ keys: { [keys.keyId]: keys.keySecret } });
});
afterAll(async () => {
  t?.dispose();
  await emulator.close();
});
beforeEach(() => {
  t?.dispose();
  t = openTestDb();
  ports = new MemoryPorts();
  ports.configs.set('m_1', { enabled: true, ...keys });
  service = new PaymentService(new PaymentRepository(t.db), ports, new GatewayClient({ baseUrl: emulator.baseUrl, timeoutMs: 2000 }));
});

function outbox(): Array<{ event: string; payload: Record<string, unknown> }> {
  return (t.db.prepare('SELECT event, payload FROM webhook_outbox ORDER BY id').all() as Array<{ event: string; payload: string }>).map((r) => ({ event: r.event, payload: JSON.parse(r.payload) }));
}

function paid(): unknown[] {
  return t.db.prepare('SELECT * FROM session_payments').all();
}

async function payOnce() {
  const order = await service.createOrder(session, { amount_paise: 49_900, currency: 'INR' });
  const p = emulator.pay(order.gateway_order_id);
  return { order, input: { gateway_order_id: p.razorpay_order_id, gateway_payment_id: p.razorpay_payment_id, gateway_signature: p.razorpay_signature } };
}

describe('payment service', () => {
  it('creates an order with the merchant keys and returns the key id the browser needs', async () => {
    const order = await service.createOrder(session, { amount_paise: 49_900, currency: 'INR' });
    expect(order).toMatchObject({ success: true, gateway_key_id: keys.keyId, amount_paise: 49_900, currency: 'INR' });
    expect(order.gateway_order_id).toMatch(/^order_/);
  });

  it('Mode B: verify records the payment and queues session.completed with the gateway ids', async () => {
    const { input } = await payOnce();
    expect(service.verify(session, input)).toEqual({ success: true, payment_method: 'gateway', gateway_order_id: input.gateway_order_id, gateway_payment_id: input.gateway_payment_id });
    const [event] = outbox();
    expect(event!.event).toBe('session.completed');
    expect(event!.payload).toMatchObject({
      event: 'session.completed',
      merchant_id: 'm_1',
      buyer_id: 'b_1',
      session_id: 's_1',
      auth_channel: 'phone',
      data: { payment_method: 'gateway', gateway_order_id: input.gateway_order_id, gateway_payment_id: input.gateway_payment_id, amount_paise: 49_900 },
    });
  });

  it('is idempotent: verifying the same payment again answers the same and queues nothing more', async () => {
    const { input } = await payOnce();
    const first = service.verify(session, input);
    expect(service.verify(session, input)).toEqual(first);
    expect(outbox()).toHaveLength(1);
    expect(paid()).toHaveLength(1);
  });

  it('rejects a bad signature with 400 and records nothing', async () => {
    const { input } = await payOnce();
    const err = (() => {
      try {
        return service.verify(session, { ...input, gateway_signature: '0'.repeat(64) });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_signature' });
    expect(paid()).toHaveLength(0);
    expect(outbox()).toHaveLength(0);
  });

  it("refuses an order that belongs to another session", async () => {
    const { input } = await payOnce();
    expect(() => service.verify({ ...session, sessionId: 's_2' }, input)).toThrow(expect.objectContaining({ status: 404, code: 'order_not_found' }));
  });

  it('Mode A: without enabled keys create_order is refused and COD never queues session.completed', async () => {
    ports.configs.set('m_1', { enabled: false, ...keys });
    await expect(service.createOrder(session, { amount_paise: 100, currency: 'INR' })).rejects.toMatchObject({ status: 400, code: 'payment_not_enabled' });
    expect(service.recordCod(session)).toEqual({ success: true, payment_method: 'cod' });
    ports.configs.delete('m_1');
    expect(service.recordCod({ ...session, sessionId: 's_2' })).toEqual({ success: true, payment_method: 'cod' });
    expect(paid()).toHaveLength(2);
    expect(outbox()).toHaveLength(0);
  });

  it('Mode B: record_cod queues session.completed with payment_method cod and no gateway ids', () => {
    expect(service.recordCod(session)).toEqual({ success: true, payment_method: 'cod' });
    expect(service.recordCod(session)).toEqual({ success: true, payment_method: 'cod' });
    const events = outbox();
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data).toEqual({ payment_method: 'cod', amount_paise: 129_900 });
  });

  it('refuses COD when the rules say no, with their reason', () => {
    ports.cod = { allowed: false, reason: 'pincode_blocked', message: 'COD is not available for pincode 110001' };
    expect(() => service.recordCod(session)).toThrow(expect.objectContaining({ status: 400, code: 'cod_not_available', message: 'COD is not available for pincode 110001' }));
    expect(paid()).toHaveLength(0);
  });

  it('refuses to pay a session twice by different methods', async () => {
    const { input } = await payOnce();
    service.verify(session, input);
    expect(() => service.recordCod(session)).toThrow(expect.objectContaining({ status: 409, code: 'session_already_paid' }));
    await expect(service.createOrder(session, { amount_paise: 100, currency: 'INR' })).rejects.toMatchObject({ status: 409 });
  });

  it('maps gateway failures to 502 with the gateway code', async () => {
    ports.configs.set('m_1', { enabled: true, keyId: keys.keyId, keySecret: 'wrong' });
    await expect(service.createOrder(session, { amount_paise: 49_900, currency: 'INR' })).rejects.toMatchObject({ status: 502, code: 'gateway_auth_failed' });
  });
});
