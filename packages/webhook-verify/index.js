// Verifies a geopin checkout webhook: the sha256= body signature and the Standard Webhooks id/timestamp signature.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far webhook-timestamp may be from this machine's clock, either way, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const BODY_PREFIX = 'sha256=';
const HEX_DIGEST = /^[0-9a-f]{64}$/;
const V1_SIGNATURE = /^v1,([A-Za-z0-9+/]{43}=)$/;
const UNIX_SECONDS = /^\d{1,12}$/;

/** Thrown for every rejection; `code` is stable, the message is for logs. */
export class WebhookVerificationError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
  }
}

const fail = (code, message) => {
  throw new WebhookVerificationError(code, message);
};

/**
 * Checks both signatures of a delivery and returns the parsed event. Pass the raw request body (the exact bytes
 * received, before any JSON parsing), the request headers and the merchant's webhook_secret, or during a rotation a
 * list of the secrets to accept: the delivery passes when one of them signed both headers.
 */
export function verifyWebhook({
  rawBody,
  headers,
  secret,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now = new Date(),
}) {
  const keys = secretKeys(secret);
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0)
    fail('invalid_options', 'toleranceSeconds must be a number >= 0');
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) fail('invalid_options', 'now must be a valid Date');
  const body = bodyBytes(rawBody);
  const read = headerReader(headers);
  const bodySignature = read('x-service-signature');
  const id = read('webhook-id');
  const timestamp = read('webhook-timestamp');
  const signatures = read('webhook-signature');

  const signedBody = checkBodySignature(body, bodySignature, keys);
  if (!UNIX_SECONDS.test(timestamp)) fail('malformed_header', 'webhook-timestamp must be unix seconds');
  const age = Math.floor(now.getTime() / 1000) - Number(timestamp);
  if (age > toleranceSeconds)
    fail('timestamp_too_old', `webhook-timestamp is ${age} s old (tolerance ${toleranceSeconds} s)`);
  if (-age > toleranceSeconds)
    fail('timestamp_too_new', `webhook-timestamp is ${-age} s ahead (tolerance ${toleranceSeconds} s)`);
  checkStandardSignature(body, id, timestamp, signatures, keys, signedBody);

  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return fail('invalid_json', 'the body is not JSON');
  }
}

function bodyBytes(rawBody) {
  if (typeof rawBody === 'string') return Buffer.from(rawBody, 'utf8');
  if (rawBody instanceof Uint8Array) return Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  return fail(
    'invalid_body',
    'rawBody must be the raw request body as a string, Buffer or Uint8Array (not parsed JSON)',
  );
}

/** Case-insensitive header lookup over a Fetch Headers object or a plain object (Node's req.headers). */
function headerReader(headers) {
  if (headers === null || typeof headers !== 'object') fail('missing_header', 'headers are required');
  const lower =
    typeof headers.get === 'function' ? null : new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return (name) => {
    const value = lower ? lower.get(name) : headers.get(name);
    if (value === undefined || value === null || value === '') fail('missing_header', `missing ${name} header`);
    if (typeof value !== 'string') fail('malformed_header', `${name} must be a single header value`);
    return value;
  };
}

/** The HMAC keys (each secret's UTF-8 bytes): one secret, or a non-empty list of them while a secret is rotated. */
function secretKeys(secret) {
  if (!Array.isArray(secret)) {
    if (typeof secret !== 'string' || secret.length === 0) fail('invalid_secret', 'secret must be a non-empty string');
    return [Buffer.from(secret, 'utf8')];
  }
  if (secret.length === 0) fail('invalid_secret', 'secret must not be an empty list');
  // for...of, not every(): a hole in a sparse array is read as undefined and refused.
  for (const one of secret)
    if (typeof one !== 'string' || one.length === 0) fail('invalid_secret', 'each secret must be a non-empty string');
  return secret.map((one) => Buffer.from(one, 'utf8'));
}

/** Returns, per key, whether it signed the body; fails unless one did. */
function checkBodySignature(body, header, keys) {
  if (!header.startsWith(BODY_PREFIX)) fail('wrong_prefix', 'x-service-signature must start with sha256=');
  const received = header.slice(BODY_PREFIX.length);
  if (!HEX_DIGEST.test(received))
    fail('malformed_header', 'x-service-signature must be sha256= and 64 lowercase hex digits');
  const mac = Buffer.from(received, 'hex');
  const signed = keys.map((key) => timingSafeEqual(mac, createHmac('sha256', key).update(body).digest()));
  if (!signed.includes(true)) fail('signature_mismatch', 'x-service-signature does not match the body');
  return signed;
}

// Any one matching v1 signature suffices, but only under a key that also signed the body: the server signs both
// headers of an attempt with one secret, so a pair signed by two different secrets is never a real delivery.
function checkStandardSignature(body, id, timestamp, header, keys, signedBody) {
  const candidates = header.split(' ').filter((entry) => entry.startsWith('v1,'));
  if (candidates.length === 0) fail('wrong_prefix', 'webhook-signature has no v1, signature');
  const macs = candidates.flatMap((entry) => {
    const mac = V1_SIGNATURE.exec(entry)?.[1];
    return mac ? [Buffer.from(mac, 'base64')] : [];
  });
  let matched = false;
  keys.forEach((key, i) => {
    if (!signedBody[i]) return;
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
    // Every candidate is compared (no early exit), so timing does not tell which one matched.
    for (const mac of macs) if (timingSafeEqual(mac, expected)) matched = true;
  });
  if (!matched)
    fail(
      'signature_mismatch',
      keys.length === 1
        ? 'webhook-signature does not match'
        : 'webhook-signature does not match under a secret that signed x-service-signature',
    );
}
