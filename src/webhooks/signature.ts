// Webhook body signatures: `sha256=` + lowercase hex HMAC-SHA256 of the raw body, checked in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const HEX_DIGEST = /^[0-9a-f]{64}$/;

/** The X-Service-Signature value for `rawBody` keyed with the merchant's webhook secret. */
export function signWebhookBody(rawBody: string | Buffer, secret: string): string {
  return PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * True when `header` is `sha256=<hex>` and matches the HMAC of `rawBody` (the bytes received, before any JSON parsing).
 * Rejects a missing header, a missing prefix, a malformed digest, an empty secret and any mismatch.
 */
export function verifyWebhookSignature(rawBody: string | Buffer, header: string | null | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX) || secret.length === 0) return false;
  const received = header.slice(PREFIX.length);
  if (!HEX_DIGEST.test(received)) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret).slice(PREFIX.length), 'hex');
  // Both buffers are 32 bytes here, so timingSafeEqual never throws and leaks nothing through length.
  return timingSafeEqual(Buffer.from(received, 'hex'), expected);
}
