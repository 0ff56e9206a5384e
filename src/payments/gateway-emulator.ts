// A local stand-in for a Razorpay-style gateway: real HTTP on 127.0.0.1, creates orders and signs payments like the gateway does.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentOrigin, renderPayPage } from './emulator-pay-page.ts';
import { paymentSignature } from './signature.ts';

interface StoredOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
  /** Never serialised with the order (GET /v1/orders/:id/payments lists them). */
  payments: EmulatedPaymentRecord[];
  /** Never serialised: the pair that created the order, used to sign its payment. */
  keyId: string;
  keySecret: string;
}

/** A payment as GET /v1/orders/:id/payments lists it. */
interface EmulatedPaymentRecord {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured';
  order_id: string;
  captured: true;
  created_at: number;
}

/** What the buyer's browser receives after paying (checkout.js handler arguments). */
export interface EmulatedPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Emulator knobs; the defaults behave like a healthy gateway. */
export interface GatewayEmulatorOptions {
  /** When set, only these key_id → key_secret pairs authenticate; otherwise any non-empty pair does. */
  keys?: Record<string, string>;
  /**
   * Key ids of one gateway account: each reads the orders the others made, as a regenerated key reads its old key's.
   * Any other key reads only its own orders.
   */
  accounts?: string[][];
  /** Delay every answer by this much (to exercise client timeouts). @default 0 */
  delayMs?: number;
  /** @default 0 (any free port) */
  port?: number;
}

/** A started emulator. */
export interface RunningEmulator {
  baseUrl: string;
  port: number;
  /** Every API call received, as "METHOD /path", oldest first. */
  requests: string[];
  /** Simulates the buyer completing checkout for an order: marks it paid and returns the signed payment. */
  pay(orderId: string): EmulatedPayment;
  close(): Promise<void>;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids: a prefix and 14 alphanumerics. */
function gatewayId(prefix: string): string {
  return prefix + [...randomBytes(14)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/**
 * Starts the emulator on 127.0.0.1. Endpoints: POST /v1/orders, GET /v1/orders/:id, GET /v1/orders/:id/payments;
 * emulator only: POST /v1/orders/:id/pay
 * and the buyer's page GET /pay/:id?origin=… (see emulator-pay-page.ts).
 */
export async function startGatewayEmulator(options: GatewayEmulatorOptions = {}): Promise<RunningEmulator> {
  const orders = new Map<string, StoredOrder>();
  const requests: string[] = [];
  const pay = (orderId: string): EmulatedPayment => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`unknown order ${orderId}`);
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    order.attempts += 1;
    const paymentId = gatewayId('pay_');
    order.payments.push({
      id: paymentId,
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      order_id: order.id,
      captured: true,
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: paymentSignature(orderId, paymentId, order.keySecret),
    };
  };
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/pay/')) return servePayPage(req, res, orders);
    requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://emulator').pathname}`);
    const answer = (status: number, body: unknown) =>
      setTimeout(() => sendJson(res, status, body), options.delayMs ?? 0);
    readBody(req)
      .then((raw) => handle(req, raw, orders, options, pay))
      .then(
        ([status, body]) => answer(status, body),
        () => answer(400, gatewayError('Invalid request body')),
      );
  });
  const port = await listenOn(server, options.port ?? 0);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    requests,
    pay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Answer = [number, unknown];

/** GET /pay/:order_id?origin=…: the buyer's side of the emulated checkout, framed by the checkout page at `origin`. */
function servePayPage(req: IncomingMessage, res: ServerResponse, orders: Map<string, StoredOrder>): void {
  const url = new URL(req.url ?? '/', 'http://emulator');
  let order: StoredOrder | undefined;
  try {
    order = orders.get(decodeURIComponent(url.pathname.slice('/pay/'.length)));
  } catch {
    order = undefined;
  }
  const origin = parentOrigin(url.searchParams.get('origin'));
  const [status, body] = !order
    ? [404, 'The id provided does not exist']
    : !origin
      ? [400, 'origin must be the checkout page origin, e.g. https://shop.example']
      : [200, renderPayPage(order, origin)];
  res.writeHead(status, {
    'content-type': status === 200 ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(body);
}

function handle(
  req: IncomingMessage,
  raw: string,
  orders: Map<string, StoredOrder>,
  options: GatewayEmulatorOptions,
  pay: (id: string) => EmulatedPayment,
): Answer {
  const path = new URL(req.url ?? '/', 'http://emulator').pathname;
  const payMatch = /^\/v1\/orders\/([^/]+)\/pay$/.exec(path);
  if (req.method === 'POST' && payMatch) {
    const id = decodeURIComponent(payMatch[1]!);
    return orders.has(id) ? [200, pay(id)] : [400, gatewayError('The id provided does not exist')];
  }
  const keys = authenticate(req, options);
  if (!keys) return [401, gatewayError('Authentication failed')];
  if (req.method === 'POST' && path === '/v1/orders') return createOrder(raw, keys, orders);
  const getMatch = /^\/v1\/orders\/([^/]+)(\/payments)?$/.exec(path);
  if (req.method === 'GET' && getMatch) {
    const order = orders.get(decodeURIComponent(getMatch[1]!));
    const sameAccount = options.accounts?.some((ids) => ids.includes(keys.keyId) && ids.includes(order?.keyId ?? ''));
    if (!order || (order.keyId !== keys.keyId && !sameAccount))
      return [400, gatewayError('The id provided does not exist')];
    if (getMatch[2]) return [200, { entity: 'collection', count: order.payments.length, items: order.payments }];
    return [200, publicOrder(order)];
  }
  return [404, gatewayError('The requested URL was not found on the server.')];
}

function createOrder(
  raw: string,
  keys: { keyId: string; keySecret: string },
  orders: Map<string, StoredOrder>,
): Answer {
  const input = JSON.parse(raw || '{}') as { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: unknown };
  if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount < 100) {
    return [400, gatewayError('The amount must be atleast INR 1.00', 'amount')];
  }
  const order: StoredOrder = {
    id: gatewayId('order_'),
    entity: 'order',
    amount: input.amount,
    amount_paid: 0,
    amount_due: input.amount,
    currency: typeof input.currency === 'string' ? input.currency : 'INR',
    receipt: typeof input.receipt === 'string' ? input.receipt : null,
    status: 'created',
    attempts: 0,
    notes: (input.notes ?? {}) as Record<string, string>,
    created_at: Math.floor(Date.now() / 1000),
    payments: [],
    ...keys,
  };
  orders.set(order.id, order);
  return [200, publicOrder(order)];
}

function publicOrder(order: StoredOrder): Omit<StoredOrder, 'keyId' | 'keySecret' | 'payments'> {
  const { keyId: _keyId, keySecret: _keySecret, payments: _payments, ...rest } = order;
  return rest;
}

function authenticate(
  req: IncomingMessage,
  options: GatewayEmulatorOptions,
): { keyId: string; keySecret: string } | null {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  const keyId = decoded.slice(0, colon);
  const keySecret = decoded.slice(colon + 1);
  if (options.keys && options.keys[keyId] !== keySecret) return null;
  return { keyId, keySecret };
}

/** Razorpay's error envelope. */
function gatewayError(description: string, field?: string): unknown {
  return {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'NA',
      step: 'NA',
      reason: 'NA',
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}
