// HTTP/1.1 pipelining on the real app, both stores, one and two threads: eleven mixed requests written at once, ten
// times. On SQLite every request is answered, in order, and each write happens once. On PostgreSQL uWS closes a
// connection on which a request arrives while an earlier one waits for the store; then the requests before it are
// answered in order and nothing is begun for those after it (docs/hardening.md, pipelining).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scalar } from '../checkout/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { pipeline, type RawRequest } from './support/raw-http.ts';

const RUNS = 10;

for (const workers of ['1', '2']) {
  describe(`pipelined requests with WORKERS=${workers}`, () => {
    let server: TestServer;
    let apiKey: string;
    let shop: { id: string; key: string };
    beforeAll(async () => {
      server = await startTestServer({ WORKERS: workers });
      apiKey = (await server.parts.access.keys.create({ plan: 'enterprise', rateLimitOverride: 1_000_000 })).key;
      const { merchant, apiKey: key } = await server.parts.checkout.merchants.create('Pipelining shop');
      shop = { id: merchant.id, key };
      const hook = await fetch(`${server.baseUrl}/checkout-admin?action=webhooks`, {
        method: 'PATCH',
        headers: { 'x-api-key': key },
        body: JSON.stringify({ webhook_url: 'https://hooks.example/x' }),
      });
      expect(hook.status).toBe(200);
    }, 120_000);
    afterAll(async () => server?.dispose());

    /** Eleven requests of one run, each with its own request id: health, lookups, usage, admin reads and writes. */
    const requests = (run: number): RawRequest[] => {
      const key = { 'x-api-key': apiKey };
      const merchant = { 'x-api-key': shop.key };
      const event = JSON.stringify({ merchant_id: shop.id, event_type: 'checkout_opened', step: `run-${run}` });
      return [
        { method: 'GET', path: '/healthz' },
        { method: 'POST', path: '/v1/location/lookup', headers: key, body: '{"latitude":12.9716,"longitude":77.5946}' },
        { method: 'GET', path: '/v1/geopin/usage', headers: key },
        { method: 'GET', path: '/checkout-admin?action=cod_config', headers: merchant },
        {
          method: 'PATCH',
          path: '/checkout-admin?action=cod_config',
          headers: merchant,
          body: JSON.stringify({ cod_max_cart_value_paise: 1000 + run }),
        },
        { method: 'POST', path: '/checkout-funnel-events', body: event },
        { method: 'GET', path: '/checkout-admin?action=sessions', headers: merchant },
        { method: 'POST', path: '/checkout-admin?action=test_webhook', headers: merchant },
        {
          method: 'POST',
          path: '/v1/location/batch-lookup',
          headers: key,
          body: '{"locations":[{"latitude":28.6139,"longitude":77.209}]}',
        },
        { method: 'GET', path: '/checkout-admin?action=webhooks', headers: merchant },
        { method: 'POST', path: '/checkout-funnel-events', body: event },
      ].map((r, i) => ({ ...r, headers: { ...r.headers, 'x-request-id': `run${run}-req${i}` } }));
    };
    const isWrite = (r: RawRequest) => r.method !== 'GET' && !r.path.startsWith('/v1/');

    it('answers every request in order, or (PostgreSQL) begins nothing it does not answer', async () => {
      const postgres = server.parts.config.store.kind === 'postgres';
      let unanswered = 0;
      let expectedEvents = 0;
      let expectedHooks = 0;
      for (let run = 0; run < RUNS; run++) {
        const sent = requests(run);
        const { responses } = await pipeline(server.port, sent);
        if (!postgres) expect(responses.length, `run ${run}`).toBe(sent.length);
        responses.forEach((res, i) => {
          expect(res.headers['x-request-id'], `run ${run} #${i}`).toBe(`run${run}-req${i}`);
          expect(res.status, `run ${run} #${i} ${res.body.slice(0, 200)}`).toBeLessThan(300);
        });
        unanswered += sent.length - responses.length;
        const answered = sent.slice(0, responses.length);
        expectedEvents += answered.filter((r) => r.path === '/checkout-funnel-events').length;
        expectedHooks += answered.filter((r) => r.path.includes('test_webhook')).length;
        // Give anything wrongly begun for an unanswered request the time to commit before counting.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(
          await scalar(server.parts.sql, 'SELECT COUNT(*) FROM funnel_events WHERE merchant_id = ?', [shop.id]),
          `run ${run}`,
        ).toBe(expectedEvents);
        expect(
          await scalar(server.parts.sql, 'SELECT COUNT(*) FROM webhook_outbox WHERE merchant_id = ?', [shop.id]),
          `run ${run}`,
        ).toBe(expectedHooks);
        expect(sent.slice(responses.length).some(isWrite) || responses.length === sent.length).toBe(true);
      }
      if (!postgres) expect(unanswered).toBe(0);
    }, 120_000);
  });
}
