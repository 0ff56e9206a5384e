// Shared checkout test helpers: a real server + SMTP server, merchants created in its SQLite file, JSON over fetch.
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

export interface Harness {
  server: TestServer;
  smtp: TestSmtp;
  merchants: MerchantRepository;
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string>; raw?: string }): Promise<Reply>;
  /** Creates a merchant; returns its id and API key. */
  merchant(name?: string, origins?: string[]): { id: string; key: string };
  /** Runs send + verify for `email` and returns the verify body. */
  login(merchantId: string, email: string, extra?: Record<string, unknown>): Promise<VerifyBody>;
  dispose(): Promise<void>;
}

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

export interface VerifyBody {
  success: true;
  session_token: string;
  session_id: string;
  expires_at: string;
  buyer_id: string;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const smtp = await startTestSmtp();
  const server = await startTestServer({ CHECKOUT_OTP_SENDS_PER_IP_HOUR: '10000', ...smtp.env, ...env });
  const merchants = new MerchantRepository(server.ctx.db);
  const call: Harness['call'] = async (method, path, options = {}) => {
    const init: RequestInit = { method, headers: { ...(options.body !== undefined || options.raw ? { 'content-type': 'application/json' } : {}), ...options.headers } };
    if (options.raw !== undefined) init.body = options.raw;
    else if (options.body !== undefined) init.body = JSON.stringify(options.body);
    const res = await fetch(server.baseUrl + path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  return {
    server,
    smtp,
    merchants,
    call,
    merchant(name = 'Shop', origins = ['https://shop.example']) {
      const { merchant, apiKey } = merchants.create(name, origins);
      return { id: merchant.id, key: apiKey };
    },
    async login(merchantId, email, extra = {}) {
      const sent = await call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: merchantId } });
      if (sent.status !== 200) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
      const code = await smtp.nextCode(email);
      const verified = await call('POST', '/checkout-email-otp', { body: { action: 'verify', email, merchant_id: merchantId, code, ...extra } });
      if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
      return verified.body as VerifyBody;
    },
    async dispose() {
      await server.dispose();
      await smtp.close();
    },
  };
}

/** Expects the documented error shape and returns the code. */
export function errorCode(reply: Reply): string {
  const { error, message, code } = reply.body ?? {};
  if (typeof error !== 'string' || typeof message !== 'string' || typeof code !== 'string') throw new Error(`not an error body: ${JSON.stringify(reply.body)}`);
  return code;
}
