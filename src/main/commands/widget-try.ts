// `widget try`: a demo merchant on a development server, set up as a merchant would over the API (its own origin
// allowed, cash on delivery, gateway keys for the emulator, an Instagram offer), and the demo page to open.
import { MerchantRepository } from '../../checkout/merchant-repository.ts';
import { systemClock } from '../../kernel/clock.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'usage: geopin widget try [--url http://localhost:3000] [--name "Demo store"]';

/** One merchant admin call with the merchant's key; throws with the server's message. */
async function adminCall(base: string, key: string, method: string, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
}

/** Fails unless `base` is a server in development mode (the only one serving the demo page). */
async function assertDevServer(base: string): Promise<void> {
  let status: number;
  try {
    status = (await fetch(`${base}/widget/try`)).status;
  } catch {
    throw new Error(`no server at ${base}; start one with NODE_ENV=development npm start`);
  }
  // The page without its parameters is a 400; a server outside development has no such page (404).
  if (status !== 400) throw new Error(`${base} serves no demo page: start it with NODE_ENV=development`);
}

export function widgetTryCommand(argv: string[]): Promise<number> {
  const options = { url: { type: 'string' }, name: { type: 'string', default: 'Demo store' } } as const;
  return runCommand('widget try', USAGE, options, argv, async (flags, sql, config) => {
    const base = (typeof flags.url === 'string' ? flags.url : `http://localhost:${config.server.port}`).replace(
      /\/$/,
      '',
    );
    const origin = new URL(base).origin;
    await assertDevServer(base);
    const name = typeof flags.name === 'string' ? flags.name : 'Demo store';
    const { merchant, apiKey } = await new MerchantRepository(sql, systemClock).create(name);
    const admin = (method: string, path: string, body: unknown) => adminCall(base, apiKey, method, path, body);
    // Allowing the origin through the API makes the server issue the widget's public location key.
    await admin('PATCH', '/checkout-admin?action=settings', { allowed_origins: [origin] });
    await admin('PATCH', '/checkout-admin?action=cod_config', { enable_cod: true, cod_max_cart_value_paise: 500_000 });
    await admin('PATCH', '/checkout-admin?action=set_payment_config', {
      gateway_key_id: 'rzp_test_demo',
      gateway_secret_key: 'demo_secret_for_the_emulator',
    });
    await admin('POST', '/checkout-offers', {
      action: 'create',
      title: '10% off for Instagram',
      discount_type: 'percent',
      discount_value: 10,
      utm_rules: { utm_campaign: 'insta' },
    });
    const row = await sql.get<{ public_key: string }>(
      'SELECT public_key FROM merchant_widget_keys WHERE merchant_id = ?',
      [merchant.id],
    );
    if (!row) throw new Error('the server made no widget key; is it running on the same store (DB_PATH)?');
    const page = new URL('/widget/try', base);
    page.search = new URLSearchParams({ merchant: merchant.id, key: row.public_key, utm_campaign: 'insta' }).toString();
    process.stderr.write(`demo merchant "${name}"; the sign-in code is in the server's log (development mode)\n`);
    process.stdout.write(`merchant_id=${merchant.id}\napi_key=${apiKey}\nopen ${page.href}\n`);
  });
}
