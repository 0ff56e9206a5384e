// Payment signatures: HMAC-SHA256 of order_id|payment_id, verified in constant time.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentSignature, verifyPaymentSignature } from '../../src/payments/signature.ts';

describe('payment signatures', () => {
  const secret = 'key_secret_1';

  it('is the lowercase hex HMAC-SHA256 of "order_id|payment_id"', () => {
    const expected = createHmac('sha256', secret).update('order_A|pay_B').digest('hex');
    expect(paymentSignature('order_A', 'pay_B', secret)).toBe(expected);
  });

  it('verifies a genuine signature and rejects swapped ids, another secret and malformed input', () => {
    const sig = paymentSignature('order_A', 'pay_B', secret);
    expect(verifyPaymentSignature('order_A', 'pay_B', sig, secret)).toBe(true);
    expect(verifyPaymentSignature('order_A', 'pay_C', sig, secret)).toBe(false);
    expect(verifyPaymentSignature('order_A', 'pay_B', sig, 'other')).toBe(false);
    expect(verifyPaymentSignature('order_A', 'pay_B', sig.toUpperCase(), secret)).toBe(false);
    expect(verifyPaymentSignature('order_A', 'pay_B', sig.slice(2), secret)).toBe(false);
    expect(verifyPaymentSignature('order_A', 'pay_B', '', secret)).toBe(false);
  });
});
