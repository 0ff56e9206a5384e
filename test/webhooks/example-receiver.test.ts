// The docs/webhooks.md example receiver, run for real: both signatures checked with the verify helper, dedupe by webhook-id, the admin test webhook and the log.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../packages/webhook-verify/index.js';
import { listWebhookDeliveries } from '../../src/webhooks/delivery-log.ts';
import { WebhookDispatcher } from '../../src/webhooks/dispatcher.ts';
import { OutboxStore } from '../../src/webhooks/outbox-store.ts';
import { queueTestWebhook } from '../../src/webhooks/test-webhook.ts';
import { openTestDb, outboxRows } from './support/outbox-db.ts';
import { eventually } from './support/receiver.ts';

// --- docs/webhooks.md example starts ---
const WEBHOOK_SECRET = 'whsec_example';
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

const t = openTestDb();
const server = exampleReceiver();
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  t.dispose();
});

describe('example receiver', () => {
  it('accepts a signed test webhook once, rejects a forged one, and both attempts show in the log', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    const secrets: Record<string, string> = { m_good: WEBHOOK_SECRET, m_forged: 'not-the-secret' };
    const dispatcher = new WebhookDispatcher(new OutboxStore(t.db), (m) => ({ url, secret: secrets[m] ?? null }), {
      retry: { baseDelayMs: 50, factor: 4, maxAttempts: 1, jitter: 0.2 },
      timeoutMs: 500,
      leaseMs: 1000,
      pollMs: 20,
      concurrency: 2,
    });
    expect(queueTestWebhook(t.db, 'm_good')).toMatchObject({ success: true, message: expect.any(String) });
    queueTestWebhook(t.db, 'm_forged');
    dispatcher.start();
    await eventually(() => outboxRows(t.db).every((r) => r.status !== 'pending' && r.status !== 'sending'));
    await dispatcher.stop();
    expect(outboxRows(t.db).map((r) => r.status)).toEqual(['delivered', 'failed']);
    expect(processed).toEqual([expect.objectContaining({ event: 'session.phone_verified', merchant_id: 'm_good', data: { phone: '+919999999999', test: true } })]);
    const good = listWebhookDeliveries(t.db, 'm_good');
    expect(good).toMatchObject({ total: 1, limit: 50, offset: 0, deliveries: [{ event: 'session.phone_verified', attempt: 1, http_status: 200, status: 'delivered' }] });
    expect(listWebhookDeliveries(t.db, 'm_forged').deliveries[0]).toMatchObject({ http_status: 401, response_body: 'signature_mismatch', status: 'failed', error: 'HTTP 401' });
    expect(listWebhookDeliveries(t.db, 'm_good', 10, 1).deliveries).toEqual([]);
  });
});
