// Webhook signatures: `sha256=` hex HMAC of the body, and Standard Webhooks v1 over id, timestamp and body; constant-time checks.
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

/** How far a webhook-timestamp may be from the receiver's clock, either way. @default 300 (5 minutes) */
export const DEFAULT_TOLERANCE_SECONDS = 300;
const V1_SIGNATURE = /^v1,([A-Za-z0-9+/]{43}=)$/;

/**
 * The Standard Webhooks HMAC key for a merchant secret: its UTF-8 bytes, the same key as the sha256= signature.
 * (Standard Webhooks secrets are `whsec_` + base64 of the key; ours are free text, so the text itself is the key.)
 */
export function standardWebhookKey(secret: string): Buffer {
  return Buffer.from(secret, 'utf8');
}

/** The webhook-signature value `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for `key` (raw key bytes). */
export function signStandardWebhook(id: string, timestampSeconds: number, rawBody: string | Buffer, key: Uint8Array): string {
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(rawBody).digest('base64');
  return `v1,${mac}`;
}

/**
 * The Standard Webhooks headers for one attempt: webhook-id (stable across retries), webhook-timestamp (this attempt,
 * unix seconds) and, when there is a secret, webhook-signature over both and the body.
 */
export function standardWebhookHeaders(id: string, rawBody: string | Buffer, secret: string | null, now: Date): Record<string, string> {
  const seconds = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = { 'webhook-id': id, 'webhook-timestamp': String(seconds) };
  if (secret) headers['webhook-signature'] = signStandardWebhook(id, seconds, rawBody, standardWebhookKey(secret));
  return headers;
}

/** The three Standard Webhooks headers as received. */
export interface StandardWebhookHeaders {
  id: string | null | undefined;
  timestamp: string | null | undefined;
  /** One or more space-separated `v1,<base64>` signatures (several during a key rotation); others are ignored. */
  signature: string | null | undefined;
}

/**
 * True when `timestamp` is unix seconds within `toleranceSeconds` of `now` and any v1 signature in `signature` matches
 * `rawBody` under `secret`'s key. Rejects missing or malformed headers and an empty secret.
 */
export function verifyStandardWebhook(
  rawBody: string | Buffer,
  headers: StandardWebhookHeaders,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || secret.length === 0 || !/^\d{1,12}$/.test(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(signStandardWebhook(id, Number(timestamp), rawBody, standardWebhookKey(secret)).slice(3), 'base64');
  // Every candidate is checked (no early exit) so timing does not reveal which one matched.
  let matched = false;
  for (const candidate of signature.split(' ')) {
    const mac = V1_SIGNATURE.exec(candidate)?.[1];
    if (mac && timingSafeEqual(Buffer.from(mac, 'base64'), expected)) matched = true;
  }
  return matched;
}
