// Hashes and signatures every feature uses: sha256 of credentials, HMACs of what the server signs.
import { createHash, createHmac } from 'node:crypto';

/** sha256 hex; keys and tokens carry 192+ random bits, so a fast unsalted hash is enough. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The `sha256=` header value: lowercase hex HMAC-SHA256 of `rawBody` keyed with `secret` (the checkout document's signature). */
export function signBody(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * The Standard Webhooks headers for one attempt: webhook-id (stable across retries), webhook-timestamp (this attempt,
 * unix seconds) and, with a secret, webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. The key is the
 * secret's UTF-8 bytes (ours are free text, not Standard Webhooks' `whsec_` base64 keys).
 */
export function standardWebhookHeaders(
  id: string,
  rawBody: string | Buffer,
  secret: string | null,
  now: Date,
): Record<string, string> {
  const seconds = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = { 'webhook-id': id, 'webhook-timestamp': String(seconds) };
  if (secret) headers['webhook-signature'] = standardSignature(id, seconds, rawBody, Buffer.from(secret, 'utf8'));
  return headers;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the raw `key` bytes (Standard Webhooks' scheme). */
export function standardSignature(
  id: string,
  timestampSeconds: number,
  rawBody: string | Buffer,
  key: Uint8Array,
): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(rawBody).digest('base64')}`;
}
