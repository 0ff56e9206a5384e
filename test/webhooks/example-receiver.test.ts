// The docs/webhooks.md example receiver, run for real against the app: both signatures checked with the verify helper, dedupe by webhook-id, test webhooks and the log.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../packages/webhook-verify/index.js';
import { dataOf, startHarness, type Harness } from '../checkout/support.ts';
import { eventually } from './support/receiver.ts';

// --- docs/webhooks.md example starts ---
const WEBHOOK_SECRET = 'whsec_example_0123456789';
const seen = new Set<string>(); // use a table with a unique key in production
const processed: unknown[] = [];

function exampleReceiver(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let event: unknown;
      try {
        // The exact bytes received, before JSON.parse; checks both signatures and the timestamp.
        event = verifyWebhook({ rawBody: Buffer.concat(chunks), headers: req.headers, secret: WEBHOOK_SECRET });
      } catch (err) {
        if (!(err instanceof WebhookVerificationError)) throw err;
        res.writeHead(401).end(err.code);
        return;
      }
      const deliveryId = String(req.headers['webhook-id']); // the same on every retry
      if (!seen.has(deliveryId)) {
        seen.add(deliveryId);
        processed.push(event);
      }
      res.writeHead(200).end('ok'); // answer 2xx quickly, also for duplicates
    });
  });
}
// --- docs/webhooks.md example ends ---

let h: Harness;
const server = exampleReceiver();
beforeAll(async () => {
  // One attempt per delivery, so the forged one fails at once instead of being retried.
  h = await startHarness({ WEBHOOK_MAX_ATTEMPTS: '1', WEBHOOK_POLL_MS: '20' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.dispose();
});

describe('example receiver', () => {
  it("accepts a signed test webhook once, rejects a forged one, and both attempts show in their merchant's log", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    const good = await h.merchant('Good');
    const forged = await h.merchant('Forged');
    await h.admin('PATCH', 'webhooks', good.key, { webhook_url: url, webhook_secret: WEBHOOK_SECRET });
    await h.admin('PATCH', 'webhooks', forged.key, { webhook_url: url, webhook_secret: 'not-the-secret-0123456789' });
    const sent = await h.admin('POST', 'test_webhook', good.key);
    expect(sent.body).toMatchObject({ success: true, message: expect.any(String) });
    await h.admin('POST', 'test_webhook', forged.key);
    const log = async (key: string, query = '') =>
      dataOf(await h.admin('GET', 'webhook_deliveries', key, undefined, query));
    await eventually(async () => (await log(good.key)).total === 1 && (await log(forged.key)).total === 1);
    expect(processed).toEqual([
      expect.objectContaining({
        event: 'session.phone_verified',
        merchant_id: good.id,
        data: { phone: '+919999999999', test: true },
      }),
    ]);
    expect(await log(good.key)).toMatchObject({
      total: 1,
      limit: 50,
      offset: 0,
      deliveries: [
        {
          delivery_id: sent.body.delivery_id,
          event: 'session.phone_verified',
          attempt: 1,
          http_status: 200,
          status: 'delivered',
        },
      ],
    });
    expect((await log(forged.key)).deliveries[0]).toMatchObject({
      http_status: 401,
      status: 'failed',
      error: 'HTTP 401',
      next_retry_at: null,
    });
    expect((await log(good.key, 'limit=10&offset=1')).deliveries).toEqual([]);
  });
});
