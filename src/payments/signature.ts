// Gateway payment signatures: lowercase hex HMAC-SHA256 of `order_id|payment_id` keyed with the merchant's key secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_DIGEST = /^[0-9a-f]{64}$/;

/** The signature the gateway hands the buyer's browser after a successful payment. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Constant-time check of a claimed payment signature; malformed input is simply false. */
export function verifyPaymentSignature(
  orderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  if (!HEX_DIGEST.test(signature) || keySecret.length === 0) return false;
  const expected = Buffer.from(paymentSignature(orderId, paymentId, keySecret), 'hex');
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}
