// What the load run needs in a fresh database: an enterprise API key, a merchant, and (once the server runs) a buyer session.
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import type { Database } from '../../src/db/sql.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { ApiKeyRepository } from '../../src/platform/api-keys.ts';
import type { TestSmtp } from '../../test/support/smtp.ts';

export interface Credentials {
  /** /v1 key: enterprise plan with the burst limit lifted, so only the server's own capacity limits it. */
  apiKey: string;
  merchantId: string;
}

/** Creates the key and merchant in the store (opened, so migrated) before any server starts, as the operator commands do. */
export async function createCredentials(open: () => Promise<Database>): Promise<Credentials> {
  const sql = await open();
  try {
    const { key } = await new ApiKeyRepository(sql, systemClock).create({
      plan: 'enterprise',
      label: 'load run',
      rateLimitOverride: 1_000_000_000,
    });
    const { merchant } = await new MerchantRepository(sql, systemClock).create('Load shop');
    return { apiKey: key, merchantId: merchant.id };
  } finally {
    await sql.close();
  }
}

/** Logs a buyer in the way a checkout page does (send, code from the mail, verify) and returns the session token. */
export async function loginBuyer(baseUrl: string, smtp: TestSmtp, merchantId: string, email: string): Promise<string> {
  const call = async (body: unknown) => {
    const res = await fetch(`${baseUrl}/checkout-email-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { session_token?: string };
    if (res.status !== 200) throw new Error(`OTP call failed with ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  await call({ action: 'send', email, merchant_id: merchantId });
  const code = await smtp.nextCode(email);
  const verified = await call({ action: 'verify', email, merchant_id: merchantId, code });
  if (!verified.session_token) throw new Error('verify returned no session token');
  return verified.session_token;
}

/** Seeded bbox points the server answers with a boundary (a 404 miss would blur "unexpected non-2xx"), found via batch-lookup. */
export async function pointsInsideIndia(
  baseUrl: string,
  apiKey: string,
  candidates: Float64Array,
): Promise<Array<{ latitude: number; longitude: number }>> {
  const inside: Array<{ latitude: number; longitude: number }> = [];
  for (let start = 0; start < candidates.length / 2; start += 100) {
    const locations = [];
    for (let i = start; i < Math.min(start + 100, candidates.length / 2); i++)
      locations.push({ latitude: candidates[2 * i]!, longitude: candidates[2 * i + 1]! });
    const res = await fetch(`${baseUrl}/v1/location/batch-lookup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ locations }),
    });
    if (res.status !== 200) throw new Error(`batch-lookup failed with ${res.status}`);
    const body = (await res.json()) as { data: { results: Array<{ index: number; found: boolean }> } };
    for (const r of body.data.results) if (r.found) inside.push(locations[r.index]!);
  }
  if (inside.length === 0) throw new Error('no seeded point fell inside a boundary');
  return inside;
}
