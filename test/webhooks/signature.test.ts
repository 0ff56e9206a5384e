// Webhook signatures: the sha256= body format, the Standard Webhooks v1 scheme, and every way the verifiers must say no.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signStandardWebhook, signWebhookBody, standardWebhookKey, verifyStandardWebhook, verifyWebhookSignature } from '../../src/webhooks/signature.ts';

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

describe('Standard Webhooks v1 signatures', () => {
  const id = 'dlv_0123456789abcdef';
  const at = new Date('2025-06-01T12:00:00Z');
  const ts = String(at.getTime() / 1000);
  const key = standardWebhookKey(secret);
  const signed = { id, timestamp: ts, signature: signStandardWebhook(id, Number(ts), body, key) };

  it('reproduces the published Standard Webhooks test vector', () => {
    const vectorKey = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'); // whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
    expect(signStandardWebhook('msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}', vectorKey)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('keys the HMAC with the UTF-8 bytes of the merchant secret and signs "id.timestamp.body"', () => {
    expect(key).toEqual(Buffer.from('whsec_test', 'utf8'));
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${ts}.${body}`).digest('base64');
    expect(signed.signature).toBe(`v1,${expected}`);
  });

  it('accepts a fresh signature within the tolerance either way, for a string or Buffer body', () => {
    expect(verifyStandardWebhook(body, signed, secret, { now: at })).toBe(true);
    expect(verifyStandardWebhook(Buffer.from(body), signed, secret, { now: new Date(at.getTime() + 300_000) })).toBe(true);
    expect(verifyStandardWebhook(body, signed, secret, { now: new Date(at.getTime() - 300_000) })).toBe(true);
  });

  it('rejects timestamps outside the tolerance (default 5 minutes, or as configured)', () => {
    expect(verifyStandardWebhook(body, signed, secret, { now: new Date(at.getTime() + 301_000) })).toBe(false);
    expect(verifyStandardWebhook(body, signed, secret, { now: new Date(at.getTime() - 301_000) })).toBe(false);
    expect(verifyStandardWebhook(body, signed, secret, { now: new Date(at.getTime() + 60_000), toleranceSeconds: 30 })).toBe(false);
  });

  it('accepts any one matching v1 signature among several and ignores other versions', () => {
    const other = signStandardWebhook(id, Number(ts), body, standardWebhookKey('old-secret'));
    expect(verifyStandardWebhook(body, { ...signed, signature: `v1a,xyz ${other} ${signed.signature}` }, secret, { now: at })).toBe(true);
    expect(verifyStandardWebhook(body, { ...signed, signature: `${other} v2,${signed.signature.slice(3)}` }, secret, { now: at })).toBe(false);
  });

  it('rejects a changed id, timestamp or body, a wrong or empty secret, and missing or malformed headers', () => {
    const now = { now: at };
    expect(verifyStandardWebhook(body, { ...signed, id: 'dlv_other' }, secret, now)).toBe(false);
    expect(verifyStandardWebhook(body, { ...signed, timestamp: String(Number(ts) + 1) }, secret, now)).toBe(false);
    expect(verifyStandardWebhook(`${body} `, signed, secret, now)).toBe(false);
    expect(verifyStandardWebhook(body, signed, 'other', now)).toBe(false);
    expect(verifyStandardWebhook(body, signed, '', now)).toBe(false);
    for (const broken of [{ id: undefined }, { timestamp: null }, { signature: '' }, { timestamp: '1.7e9' }, { signature: signed.signature.slice(3) }, { signature: `${signed.signature}x` }]) {
      expect(verifyStandardWebhook(body, { ...signed, ...broken }, secret, now), JSON.stringify(broken)).toBe(false);
    }
  });
});
