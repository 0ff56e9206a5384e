// Webhook signatures: the sha256= format and every way verifyWebhookSignature must say no.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from '../../src/webhooks/signature.ts';

const body = '{"event":"session.completed","merchant_id":"m_1"}';
const secret = 'whsec_test';

describe('webhook signatures', () => {
  it('signs as sha256= plus the lowercase hex HMAC-SHA256 of the raw body', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signWebhookBody(body, secret)).toBe(`sha256=${expected}`);
    expect(signWebhookBody(Buffer.from(body), secret)).toBe(`sha256=${expected}`);
  });

  it('accepts a matching signature for a string or Buffer body', () => {
    const header = signWebhookBody(body, secret);
    expect(verifyWebhookSignature(body, header, secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), header, secret)).toBe(true);
  });

  it('rejects a missing header', () => {
    expect(verifyWebhookSignature(body, undefined, secret)).toBe(false);
    expect(verifyWebhookSignature(body, null, secret)).toBe(false);
    expect(verifyWebhookSignature(body, '', secret)).toBe(false);
  });

  it('rejects a digest without the sha256= prefix', () => {
    const bare = signWebhookBody(body, secret).slice('sha256='.length);
    expect(verifyWebhookSignature(body, bare, secret)).toBe(false);
    expect(verifyWebhookSignature(body, `sha1=${bare}`, secret)).toBe(false);
  });

  it('rejects a tampered body, a wrong secret and an empty secret', () => {
    const header = signWebhookBody(body, secret);
    expect(verifyWebhookSignature(body.replace('m_1', 'm_2'), header, secret)).toBe(false);
    expect(verifyWebhookSignature(body, header, 'other')).toBe(false);
    expect(verifyWebhookSignature(body, signWebhookBody(body, ''), '')).toBe(false);
  });

  it('rejects uppercase, truncated and non-hex digests without throwing', () => {
    const header = signWebhookBody(body, secret);
    expect(verifyWebhookSignature(body, header.toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(false);
    expect(verifyWebhookSignature(body, header.slice(0, -2), secret)).toBe(false);
    expect(verifyWebhookSignature(body, `sha256=${'z'.repeat(64)}`, secret)).toBe(false);
  });

  it('rejects a re-serialised body, which is why receivers must verify the raw bytes', () => {
    const spaced = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifyWebhookSignature(spaced, signWebhookBody(body, secret), secret)).toBe(false);
  });
});
