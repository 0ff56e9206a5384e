// Checkout test harness: the real app and a real SMTP server, merchants made as an operator makes them, every reply schema-checked.
import type { Sql } from '../../src/db/sql.ts';
import type { Clock } from '../../src/kernel/clock.ts';
import { clientFor, type Call, type CallOptions, type Reply } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

export interface Shop {
  id: string;
  key: string;
}

export interface VerifyBody {
  success: true;
  session_token: string;
  session_id: string;
  expires_at: string;
  buyer_id: string;
}

export interface Harness {
  server: TestServer;
  smtp: TestSmtp;
  /** The app's store, for reading what a request left behind (and for moving clocks: expiring rows). */
  sql: Sql;
  call: Call;
  /** `/checkout-admin?action=…` with the merchant key; `query` is appended as is. */
  admin(method: string, action: string, key: string, body?: unknown, query?: string): Promise<Reply>;
  /** POST /checkout-addresses with a session token. */
  addresses(token: string | null, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** POST /checkout-payment with a session token. */
  payment(token: string | null, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** Creates a merchant (as `npm run merchant:create` does); returns its id and api key. */
  merchant(name?: string, origins?: string[]): Promise<Shop>;
  /** Runs send + verify for `email` (code read from the mail) and returns the verify body. */
  login(merchantId: string, email: string, extra?: Record<string, unknown>): Promise<VerifyBody>;
  dispose(): Promise<void>;
}

/** A fresh app on a temp SQLite file; the per-address OTP send budget is lifted because every test request comes from 127.0.0.1. */
export async function startHarness(env: Record<string, string> = {}, clock?: Clock): Promise<Harness> {
  const smtp = await startTestSmtp();
  const server = await startTestServer({ CHECKOUT_OTP_SENDS_PER_IP_HOUR: '100000', ...smtp.env, ...env }, clock);
  const call = clientFor(server);
  const withToken = (token: string | null, headers: Record<string, string> = {}) => ({
    ...(token ? { 'x-session-token': token } : {}),
    ...headers,
  });
  const h: Harness = {
    server,
    smtp,
    sql: server.parts.sql,
    call,
    admin: (method, action, key, body, query = '') =>
      call(method, `/checkout-admin?action=${action}${query ? `&${query}` : ''}`, {
        headers: { 'x-api-key': key },
        body,
      }),
    addresses: (token, body, headers) =>
      call('POST', '/checkout-addresses', { headers: withToken(token, headers), body }),
    payment: (token, body, headers) => call('POST', '/checkout-payment', { headers: withToken(token, headers), body }),
    async merchant(name = 'Shop', origins = ['https://shop.example']) {
      const { merchant, apiKey } = await server.parts.checkout.merchants.create(name, origins);
      return { id: merchant.id, key: apiKey };
    },
    async login(merchantId, email, extra = {}) {
      const sent = await call('POST', '/checkout-email-otp', {
        body: { action: 'send', email, merchant_id: merchantId },
      });
      if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
      const code = await smtp.nextCode(email);
      const verified = await call('POST', '/checkout-email-otp', {
        body: { action: 'verify', email, merchant_id: merchantId, code, ...extra },
      });
      if (verified.status !== 200)
        throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
      return verified.body as VerifyBody;
    },
    async dispose() {
      await server.dispose();
      await smtp.close();
    },
  };
  return h;
}

/** The `data` of a 200 `{success: true, data}` reply; throws with the reply otherwise. */
export function dataOf<T = any>(reply: Reply): T {
  if (reply.status !== 200 || reply.body?.success !== true)
    throw new Error(`expected success, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data as T;
}

/** Throws unless the reply is 2xx; returns its body. */
export function ok(reply: Reply, what: string): any {
  if (reply.status >= 300) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** One value of the first row (COUNT(*) and the like). */
export async function scalar<T = number>(sql: Sql, text: string, params: unknown[] = []): Promise<T> {
  const row = await sql.get<Record<string, unknown>>(text, params);
  return (row ? Object.values(row)[0] : undefined) as T;
}

/**
 * Waits until at least `marginMs` remain in the current fixed window of `windowSeconds`, so a test that counts up to a
 * window limit cannot straddle two windows (the counters are aligned to the clock, like the limits they test).
 */
export async function freshWindow(windowSeconds: number, marginMs = 5000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** A UUID nobody has: the id of "no such object". */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

export { errorCode } from '../support/client.ts';
export type { CallOptions, Reply };
