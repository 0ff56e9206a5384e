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

describe('a field of the wrong JSON type', () => {
  it('says what was sent, on every route alike: a number in quotes, or one too large for a double', async () => {
    const post = (path: string, raw: string) =>
      refusal(path, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: raw,
      });
    for (let i = 0; i < 2; i++) {
      expect((await post('/v1/geopin/coordinates-to-geopin', '{"latitude":"12.97","longitude":77.59}')).body).toEqual(
        expect.objectContaining({
          message: 'latitude: must be a number, got a string: send the number without quotes',
        }),
      );
      // The same words as the lookup's own refusals.
      expect((await post('/v1/location/lookup', '{"latitude":"12.97","longitude":77.59}')).body.message).toBe(
        'latitude: must be a number, got a string: send the number without quotes',
      );
      for (const path of ['/v1/geopin/coordinates-to-geopin', '/v1/location/lookup'])
        expect((await post(path, '{"latitude":1e400,"longitude":77.59}')).body.message, path).toBe(
          'latitude: must be a finite number: this one is too large',
        );
      expect((await post('/v1/geopin/geocode', '{"address":["12 MG Road"]}')).body.message).toBe(
        'address: must be a string, got an array',
      );
    }
  });
});
