// The merchant verify helper (packages/webhook-verify) on headers built by deliveryHeaders: what it accepts, each rejection code.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
} from '../../packages/webhook-verify/index.js';
import { deliveryHeaders } from '../../src/webhooks/deliver.ts';
import { standardWebhookHeaders } from '../../src/kernel/crypto.ts';

const secret = 'whsec_merchant_0123456789';
const event = {
  event: 'session.phone_verified',
  merchant_id: 'm_1',
  timestamp: '2025-06-01T12:00:00.000Z',
  data: { phone: '+919999999999' },
};
const rawBody = JSON.stringify(event);
const sentAt = new Date('2025-06-01T12:00:05Z');
const headers = deliveryHeaders({ body: rawBody, event: event.event, deliveryId: 'dlv_1', secret, now: sentAt });
const valid: VerifyWebhookOptions = { rawBody, headers, secret, now: sentAt };

function codeOf(options: Partial<VerifyWebhookOptions> | Record<string, unknown>): string {
  try {
    verifyWebhook({ ...valid, ...options });
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as WebhookVerificationError).code;
  }
}
const without = (name: string) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));

describe('verifyWebhook', () => {
  it('returns the parsed event for a string, Buffer or Uint8Array body and for Node-style or Fetch headers', () => {
    expect(verifyWebhook(valid)).toEqual(event);
    expect(verifyWebhook({ ...valid, rawBody: Buffer.from(rawBody) })).toEqual(event);
    expect(verifyWebhook({ ...valid, rawBody: new TextEncoder().encode(rawBody) })).toEqual(event);
    expect(verifyWebhook({ ...valid, headers: new Headers(headers) })).toEqual(event);
    const shouting = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook({ ...valid, headers: shouting })).toEqual(event);
  });

  it('rejects each missing header', () => {
    for (const name of ['x-service-signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      expect(codeOf({ headers: without(name) }), name).toBe('missing_header');
      expect(codeOf({ headers: { ...headers, [name]: '' } }), name).toBe('missing_header');
    }
    expect(codeOf({ headers: null as never })).toBe('missing_header');
  });

  it('rejects a wrong prefix on either signature', () => {
    const hex = headers['x-service-signature']!.slice('sha256='.length);
    expect(codeOf({ headers: { ...headers, 'x-service-signature': hex } })).toBe('wrong_prefix');
    expect(codeOf({ headers: { ...headers, 'x-service-signature': `sha1=${hex}` } })).toBe('wrong_prefix');
    expect(
      codeOf({ headers: { ...headers, 'webhook-signature': headers['webhook-signature']!.replace('v1,', 'v1a,') } }),
    ).toBe('wrong_prefix');
  });

  it('rejects malformed headers', () => {
    expect(
      codeOf({
        headers: {
          ...headers,
          'x-service-signature': headers['x-service-signature']!.toUpperCase().replace('SHA256=', 'sha256='),
        },
      }),
    ).toBe('malformed_header');
    expect(codeOf({ headers: { ...headers, 'x-service-signature': 'sha256=abc' } })).toBe('malformed_header');
    for (const ts of ['1748779205.5', '-1', '2025-06-01T12:00:05Z', ' 1748779205'])
      expect(codeOf({ headers: { ...headers, 'webhook-timestamp': ts } }), ts).toBe('malformed_header');
    expect(codeOf({ headers: { ...headers, 'webhook-id': ['dlv_1', 'dlv_2'] } })).toBe('malformed_header');
  });

  it('rejects a changed body, id or timestamp and a wrong secret as signature_mismatch', () => {
    expect(codeOf({ rawBody: rawBody.replace('m_1', 'm_2') })).toBe('signature_mismatch');
    expect(codeOf({ rawBody: JSON.stringify(event, null, 2) })).toBe('signature_mismatch');
    expect(codeOf({ secret: 'another secret' })).toBe('signature_mismatch');
    expect(codeOf({ headers: { ...headers, 'webhook-id': 'dlv_2' } })).toBe('signature_mismatch');
    expect(
      codeOf({ headers: { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) } }),
    ).toBe('signature_mismatch');
    // A valid body signature does not rescue a forged timestamp signature.
    expect(codeOf({ headers: { ...headers, 'webhook-signature': `v1,${'A'.repeat(43)}=` } })).toBe(
      'signature_mismatch',
    );
  });

  it('accepts one matching v1 signature among several (key rotation)', () => {
    const old = standardWebhookHeaders('dlv_1', rawBody, 'old secret', sentAt)['webhook-signature']!;
    expect(
      verifyWebhook({
        ...valid,
        headers: { ...headers, 'webhook-signature': `${old} v1,bad ${headers['webhook-signature']}` },
      }),
    ).toEqual(event);
    expect(codeOf({ headers: { ...headers, 'webhook-signature': old } })).toBe('signature_mismatch');
  });

  it('rejects timestamps outside the tolerance, 5 minutes by default', () => {
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
    const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
    expect(codeOf({ now: at(300) })).toBe('accepted');
    expect(codeOf({ now: at(-300) })).toBe('accepted');
    expect(codeOf({ now: at(301) })).toBe('timestamp_too_old');
    expect(codeOf({ now: at(-301) })).toBe('timestamp_too_new');
    expect(codeOf({ now: at(31), toleranceSeconds: 30 })).toBe('timestamp_too_old');
  });

  it('reports a signed body that is not JSON, and programming errors, with their own codes', () => {
    const text = 'not json';
    const signed = deliveryHeaders({ body: text, event: 'x', deliveryId: 'dlv_1', secret, now: sentAt });
    expect(codeOf({ rawBody: text, headers: signed })).toBe('invalid_json');
    expect(codeOf({ rawBody: event as never })).toBe('invalid_body');
    expect(codeOf({ secret: '' })).toBe('invalid_secret');
    expect(codeOf({ toleranceSeconds: -1 })).toBe('invalid_options');
    expect(codeOf({ now: new Date('nonsense') })).toBe('invalid_options');
  });
});

describe('verifyWebhook with a list of secrets (rotation)', () => {
  const rotated = 'whsec_merchant_rotated_9876';
  const signedWithRotated = deliveryHeaders({
    body: rawBody,
    event: event.event,
    deliveryId: 'dlv_1',
    secret: rotated,
    now: sentAt,
  });

  it('accepts a delivery signed by either secret, in either order of the list', () => {
    for (const list of [
      [secret, rotated],
      [rotated, secret],
    ]) {
      expect(verifyWebhook({ ...valid, secret: list })).toEqual(event);
      expect(verifyWebhook({ ...valid, headers: signedWithRotated, secret: list })).toEqual(event);
    }
    expect(verifyWebhook({ ...valid, secret: [secret] })).toEqual(event);
  });

  it('refuses a delivery that no secret of the list signed', () => {
    expect(codeOf({ secret: ['another secret'] })).toBe('signature_mismatch');
    expect(codeOf({ headers: signedWithRotated, secret: ['another secret', secret.slice(1)] })).toBe(
      'signature_mismatch',
    );
  });

  it('refuses a delivery whose two signature headers were made with two different secrets', () => {
    const bodyOld = { ...signedWithRotated, 'x-service-signature': headers['x-service-signature']! };
    const bodyNew = { ...headers, 'x-service-signature': signedWithRotated['x-service-signature']! };
    for (const mixed of [bodyOld, bodyNew]) {
      expect(codeOf({ headers: mixed, secret: [secret, rotated] })).toBe('signature_mismatch');
      expect(codeOf({ headers: mixed, secret: [rotated, secret] })).toBe('signature_mismatch');
    }
  });

  it('keeps every other check: the time window, the prefixes, the JSON', () => {
    const both = [rotated, secret];
    expect(codeOf({ secret: both, now: new Date(sentAt.getTime() + 301_000) })).toBe('timestamp_too_old');
    expect(
      codeOf({
        secret: both,
        headers: { ...headers, 'x-service-signature': headers['x-service-signature']!.slice(7) },
      }),
    ).toBe('wrong_prefix');
    const signed = deliveryHeaders({ body: 'not json', event: 'x', deliveryId: 'dlv_1', secret: rotated, now: sentAt });
    expect(codeOf({ secret: both, rawBody: 'not json', headers: signed })).toBe('invalid_json');
  });

  it('reports an empty list, or an empty or non-string secret in it, as invalid_secret', () => {
    expect(codeOf({ secret: [] })).toBe('invalid_secret');
    expect(codeOf({ secret: [''] })).toBe('invalid_secret');
    expect(codeOf({ secret: [secret, ''] })).toBe('invalid_secret');
    expect(codeOf({ secret: [secret, 42] as never })).toBe('invalid_secret');
    // A hole in a sparse list is refused like undefined, not skipped.
    // eslint-disable-next-line no-sparse-arrays
    expect(codeOf({ secret: [, secret] as never })).toBe('invalid_secret');
    expect(codeOf({ secret: new Set([secret]) as never })).toBe('invalid_secret');
  });
});
