// Webhook verification on the server's real deliveries: a test_webhook sent to a local receiver, verified and then
// tampered with; one delivery sent before and after a secret rotation, verified with both secrets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/checkout/support.ts';
import {
  eventually,
  startReceiver,
  type Receiver,
  type ReceivedRequest,
} from '../../../test/webhooks/support/receiver.ts';
import { MerchantClient, verifyWebhook, WebhookVerificationError } from '../src/index.ts';
import { rejection } from './support.ts';

const SECRET = 'whsec_client_test_0123456789';
const ROTATED = 'whsec_client_rotated_9876543210';
let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  // NODE_ENV=test (the harness) lets deliveries go to loopback; a fast poll keeps the test short.
  h = await startHarness({ WEBHOOK_POLL_MS: '20' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.dispose();
});

describe('verifyWebhook on a real delivery', () => {
  it('accepts the delivery test_webhook caused and rejects it once body, id or secret differ', async () => {
    const shop = await h.merchant('Hooks');
    const merchant = new MerchantClient({ baseUrl: h.server.baseUrl, apiKey: shop.key });
    await merchant.updateWebhooks({ webhook_url: receiver.url, webhook_secret: SECRET });
    const { delivery_id } = await merchant.testWebhook();
    await receiver.waitFor(1);
    const { rawBody, headers } = receiver.requests[0]!;

    const event = verifyWebhook<Record<string, unknown>>({ rawBody, headers, secret: SECRET });
    expect(event).toMatchObject({
      event: 'session.phone_verified',
      merchant_id: shop.id,
      data: { phone: '+919999999999', test: true },
    });
    expect(headers['webhook-id']).toBe(delivery_id);

    const code = (options: Partial<Parameters<typeof verifyWebhook>[0]>) => {
      const err = (() => {
        try {
          verifyWebhook({ rawBody, headers, secret: SECRET, ...options });
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(err).toBeInstanceOf(WebhookVerificationError);
      return (err as WebhookVerificationError).code;
    };
    expect(code({ rawBody: rawBody.replace('+919999999999', '+919999999990') })).toBe('signature_mismatch');
    expect(code({ headers: { ...headers, 'webhook-id': '00000000-0000-4000-8000-000000000000' } })).toBe(
      'signature_mismatch',
    );
    expect(code({ secret: 'whsec_another_secret_0123' })).toBe('signature_mismatch');
    expect(code({ now: new Date(Date.now() + 10 * 60_000) })).toBe('timestamp_too_old');

    // The attempt is logged once the receiver's answer is in, a moment after the request arrived.
    await eventually(async () => (await merchant.webhookDeliveries()).total === 1);
    const log = await merchant.webhookDeliveries({ limit: 1 });
    expect(log.deliveries[0]).toMatchObject({ delivery_id, http_status: 200, status: 'delivered' });
    expect(await rejection(merchant.redeliverWebhook(delivery_id))).toMatchObject({
      status: 404,
      code: 'delivery_not_found',
    });
  });
});

/** The rejection code of verifying `req` with `secret` and these headers, or 'accepted'. */
function verdict(req: ReceivedRequest, secret: string | string[], headers = req.headers): string {
  try {
    verifyWebhook({ rawBody: req.rawBody, headers, secret });
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).code;
  }
}

describe('verifyWebhook across a secret rotation', () => {
  it('accepts a delivery sent under the old secret and again under the new one when given both', async () => {
    // 410 fails the first attempt for good, so the second comes only from the redeliver after the rotation.
    const rotating = await startReceiver((n) => (n === 1 ? { status: 410 } : { status: 200, body: 'ok' }));
    try {
      const shop = await h.merchant('Rotation');
      const merchant = new MerchantClient({ baseUrl: h.server.baseUrl, apiKey: shop.key });
      await merchant.updateWebhooks({ webhook_url: rotating.url, webhook_secret: SECRET });
      const { delivery_id } = await merchant.testWebhook();
      await eventually(async () => (await merchant.webhookDelivery(delivery_id)).status === 'failed');
      await merchant.updateWebhooks({ webhook_secret: ROTATED });
      await merchant.redeliverWebhook(delivery_id);
      await rotating.waitFor(2);
      const [before, after] = rotating.requests as [ReceivedRequest, ReceivedRequest];
      expect(after.headers['webhook-id']).toBe(delivery_id);
      expect(after.rawBody).toBe(before.rawBody);

      // The queued delivery is signed with whatever secret is set when it is sent.
      expect([verdict(before, SECRET), verdict(before, ROTATED)]).toEqual(['accepted', 'signature_mismatch']);
      expect([verdict(after, SECRET), verdict(after, ROTATED)]).toEqual(['signature_mismatch', 'accepted']);
      for (const both of [
        [SECRET, ROTATED],
        [ROTATED, SECRET],
      ]) {
        expect(verdict(before, both)).toBe('accepted');
        expect(verdict(after, both)).toBe('accepted');
        // The old attempt's body signature with the new attempt's webhook-signature: never sent together.
        const mixed = { ...after.headers, 'x-service-signature': before.headers['x-service-signature'] };
        expect(verdict(after, both, mixed)).toBe('signature_mismatch');
      }
      expect(verdict(after, ['whsec_another_secret_0123'])).toBe('signature_mismatch');
      expect(verdict(after, [])).toBe('invalid_secret');
      expect(verdict(after, [''])).toBe('invalid_secret');
    } finally {
      await rotating.close();
    }
  });
});
