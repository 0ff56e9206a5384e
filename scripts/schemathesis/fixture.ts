// The server schemathesis tests: a temp SQLite store, a location key, a merchant with payments, webhooks and an import, and a buyer session.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { startServerProcess, type ServerProcess } from '../package/server-process.ts';

/** Credentials and ids of real rows, for the headers and for hooks that need values the schema cannot invent. */
export interface Fixture {
  baseUrl: string;
  locationKey: string;
  merchantId: string;
  merchantKey: string;
  sessionToken: string;
  sessionId: string;
  addressId: string;
  batchId: string;
  /** A pincode of the India Post directory (addresses must name one). */
  pincode: string;
  origin: string;
  stop(): Promise<void>;
}

const ORIGIN = 'https://shop.example';
const PINCODE = '560038';

/** `command`: how to run the CLI (the bundle in CI, src through tsx while developing). */
export async function startFixture(root: string, command: string[]): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'geopin-schemathesis-'));
  let emulator: RunningEmulator | null = null;
  let server: ServerProcess | null = null;
  const stop = async () => {
    await server?.stop();
    await emulator?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    emulator = await startGatewayEmulator();
    const env = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DB_PATH: join(dir, 'app.sqlite'),
      GATEWAY_BASE_URL: emulator.baseUrl,
      // Deliveries are not under test here; the queue only has to accept test_webhook.
      WEBHOOK_DISPATCHER: 'off',
    };
    const cli = (args: string[]) =>
      execFileSync(command[0]!, [...command.slice(1), ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const locationKey = cli([
      'key',
      'create',
      '--plan',
      'enterprise',
      '--rate-limit',
      '1000000',
      '--label',
      'schemathesis',
    ]).trim();
    const lines = cli(['merchant', 'create', '--name', 'Schemathesis shop', '--origins', ORIGIN]).trim().split('\n');
    const merchant: Record<string, string> = Object.fromEntries(lines.map((l) => l.split('=') as [string, string]));
    server = await startServerProcess(command[0]!, [...command.slice(1), 'serve'], { cwd: root, env });
    const data = await seed(server, merchant.merchant_id!, merchant.api_key!);
    return {
      baseUrl: server.baseUrl,
      locationKey,
      merchantId: merchant.merchant_id!,
      merchantKey: merchant.api_key!,
      pincode: PINCODE,
      origin: ORIGIN,
      ...data,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Rows the checkout operations act on, made through the API as a merchant and a buyer would. */
async function seed(server: ServerProcess, merchantId: string, merchantKey: string) {
  const call = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> };
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const admin = { 'x-api-key': merchantKey };
  await call(
    'PATCH',
    '/checkout-admin?action=webhooks',
    { webhook_url: 'http://127.0.0.1:9/hooks', webhook_secret: 'schemathesis-secret-0123' },
    admin,
  );
  await call(
    'PATCH',
    '/checkout-admin?action=set_payment_config',
    { gateway_key_id: 'rzp_test_schemathesis', gateway_secret_key: 'emulated-secret' },
    admin,
  );
  await call('PATCH', '/checkout-admin?action=cod_config', { enable_cod: true }, admin);
  const imported = await call(
    'POST',
    '/checkout-admin?action=import_customers',
    { rows: [{ email: 'imported@example.com', flat_number: '1', street_name: 'MG Road', pincode: PINCODE }] },
    admin,
  );
  const email = 'schemathesis-buyer@example.com';
  await call('POST', '/checkout-email-otp', { action: 'send', email, merchant_id: merchantId });
  const code = await mailedCode(server, email);
  const session = await call('POST', '/checkout-email-otp', { action: 'verify', email, merchant_id: merchantId, code });
  const buyer = { 'x-session-token': String(session.session_token) };
  const address = await call(
    'POST',
    '/checkout-addresses',
    { action: 'create', address: { flat_number: '12', street_name: '100 Feet Road', pincode: PINCODE } },
    buyer,
  );
  return {
    sessionToken: String(session.session_token),
    sessionId: String(session.session_id),
    addressId: String((address.data as { address: { id: string } }).address.id),
    batchId: String(imported.data!.batch_id),
  };
}

/** Without SMTP_HOST a dev-mode server logs each message; the code is the only 6-digit number of its subject. */
async function mailedCode(server: ServerProcess, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const line = server
      .output()
      .split('\n')
      .reverse()
      .find((l) => l.includes('mail (dev mode') && l.includes(email));
    const code = line && /checkout code is (\d{6})/.exec(line)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no OTP mail for ${email} in the server log`);
}
