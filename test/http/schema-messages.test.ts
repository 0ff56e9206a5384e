// A field left out is named as required, on a worker thread as on the primary, whatever its type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let apiKey: string;
beforeAll(async () => {
  server = await startTestServer({ WORKERS: '2' });
  apiKey = (await server.parts.access.keys.create({ plan: 'enterprise', rateLimitOverride: 1_000_000 })).key;
});
afterAll(() => server?.dispose());

async function refusal(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, init);
  return { status: res.status, body: (await res.json()) as { message: string; code: string } };
}

describe('a missing field', () => {
  it('is "<field>: required", not the type it should have had', async () => {
    const headers = { 'x-api-key': apiKey };
    // Several requests: each worker thread answers some of them.
    for (let i = 0; i < 4; i++) {
      const encode = await refusal('/v1/geopin/encode?latitude=12.9', { headers });
      expect(encode).toMatchObject({ status: 400, body: { message: 'longitude: required' } });
      const suggest = await refusal('/v1/geopin/autocomplete', { headers });
      expect(suggest).toMatchObject({ status: 400, body: { message: 'q: required', code: 'invalid_request' } });
    }
    const otp = await refusal('/checkout-email-otp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'send', merchant_id: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(otp).toMatchObject({ status: 400, body: { message: 'email: required' } });
  });
});
