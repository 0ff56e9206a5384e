// Issue 13 "Events": the signature covered only the body, so a captured delivery could be replayed at any time; now a signed timestamp (Standard Webhooks) lets the merchant's verifier refuse it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../packages/webhook-verify/index.js';
import { startHarness, type Harness } from '../checkout/support.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from '../webhooks/support/receiver.ts';

const SECRET = 'whsec_replay_target_0123456789';

let h: Harness;
let receiver: Receiver;
/** A real session.email_verified delivery, as an attacker on the path (or with the merchant's logs) captures it. */
let captured: ReceivedRequest;
beforeAll(async () => {
  h = await startHarness({ WEBHOOK_POLL_MS: '20' });
  receiver = await startReceiver();
  const shop = await h.merchant('Replay target');
  await h.admin('PATCH', 'webhooks', shop.key, { webhook_url: receiver.url, webhook_secret: SECRET });
  await h.login(shop.id, 'replayed-buyer@example.com');
  await receiver.waitFor(1);
  captured = receiver.requests[0]!;
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await h?.dispose();
});

/** What the merchant's endpoint concludes about `request` when it arrives at `now`. */
function verdict(request: { rawBody: string; headers: ReceivedRequest['headers'] }, now: Date): string {
  try {
    verifyWebhook({ rawBody: request.rawBody, headers: request.headers, secret: SECRET, now });
    return 'accepted';
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.code;
    throw err;
  }
}

describe('a captured webhook delivery, replayed', () => {
  const sentAt = () => new Date(Number(captured.headers['webhook-timestamp']) * 1000);
  const later = (seconds: number) => new Date(sentAt().getTime() + seconds * 1000);

  it('still passes the body-only signature any time later: the weakness the probe found', () => {
    expect(JSON.parse(captured.rawBody)).toMatchObject({ event: 'session.email_verified' });
    expect(verifyWebhook({ rawBody: captured.rawBody, headers: captured.headers, secret: SECRET })).toBeDefined();
  });

  it('is accepted when fresh, and refused as timestamp_too_old once it is more than five minutes old', () => {
    expect(verdict(captured, later(2))).toBe('accepted');
    expect(verdict(captured, later(301))).toBe('timestamp_too_old');
    expect(verdict(captured, later(24 * 3600))).toBe('timestamp_too_old');
  });

  it('cannot be refreshed: a new webhook-timestamp, id or body breaks the signature', () => {
    const now = later(3600);
    const forged = (headers: Record<string, string>, rawBody = captured.rawBody) => ({
      rawBody,
      headers: { ...captured.headers, ...headers },
    });
    expect(verdict(forged({ 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)) }), now)).toBe(
      'signature_mismatch',
    );
    expect(verdict(forged({ 'webhook-id': 'dlv_forged' }), later(1))).toBe('signature_mismatch');
    expect(verdict(forged({}, captured.rawBody.replace('replayed-buyer', 'other-buyer')), later(1))).toBe(
      'signature_mismatch',
    );
  });

  it("within the five minutes carries the original webhook-id, so the receiver's dedupe drops it", () => {
    expect(verdict(captured, later(60))).toBe('accepted');
    expect(captured.headers['webhook-id']).toBe(captured.headers['x-service-delivery']);
    expect(receiver.uniqueDeliveries()).toEqual([captured.headers['webhook-id']]);
  });
});
