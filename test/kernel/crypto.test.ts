// What the server signs: the checkout document's sha256= body signature and Standard Webhooks v1, both accepted by the
// verifier merchants install (packages/webhook-verify, whose tests cover every way to say no).
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256, signBody, standardSignature, standardWebhookHeaders } from '../../src/kernel/crypto.ts';
import { verified } from '../support/verified.ts';

const body = '{"event":"session.completed","merchant_id":"m_1"}';
const secret = 'whsec_test';

describe('sha256', () => {
  it('is the lowercase hex digest', () => {
    expect(sha256('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('signBody', () => {
  it('signs as sha256= plus the lowercase hex HMAC-SHA256 of the raw body', () => {
    const expected = createHmac('sha256', secret).update(body).digest('hex');
    expect(signBody(body, secret)).toBe(`sha256=${expected}`);
    expect(signBody(Buffer.from(body), secret)).toBe(`sha256=${expected}`);
  });
});

describe('Standard Webhooks v1', () => {
  it('reproduces the published Standard Webhooks test vector', () => {
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'); // whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
    expect(standardSignature('msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}', key)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('keys the HMAC with the UTF-8 bytes of the merchant secret and signs "id.timestamp.body"; no secret, no signature', () => {
    const at = new Date('2025-06-01T12:00:00Z');
    const headers = standardWebhookHeaders('dlv_1', body, secret, at);
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(`dlv_1.${at.getTime() / 1000}.${body}`)
      .digest('base64');
    expect(headers).toEqual({
      'webhook-id': 'dlv_1',
      'webhook-timestamp': String(at.getTime() / 1000),
      'webhook-signature': `v1,${expected}`,
    });
    expect(standardWebhookHeaders('dlv_1', body, null, at)).not.toHaveProperty('webhook-signature');
  });

  it('is what the published verifier accepts, beside the body signature', () => {
    const headers = {
      'x-service-signature': signBody(body, secret),
      ...standardWebhookHeaders('dlv_2', body, secret, new Date()),
    };
    expect(verified(body, headers, secret)).toBe(true);
    expect(verified(body, headers, 'another')).toBe(false);
    expect(verified(`${body} `, headers, secret)).toBe(false);
  });
});
