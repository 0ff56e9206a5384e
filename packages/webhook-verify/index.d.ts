// Types for @geopin/webhook-verify.

/** How far webhook-timestamp may be from this machine's clock, either way, in seconds (300). */
export declare const DEFAULT_TOLERANCE_SECONDS: number;

/** Every rejection's stable code. */
export type WebhookVerificationCode =
  | 'invalid_secret'
  | 'invalid_options'
  | 'invalid_body'
  | 'missing_header'
  | 'malformed_header'
  | 'wrong_prefix'
  | 'signature_mismatch'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_json';

/** Thrown for every rejection; `code` is stable, the message is for logs. */
export declare class WebhookVerificationError extends Error {
  readonly name: 'WebhookVerificationError';
  readonly code: WebhookVerificationCode;
  constructor(code: WebhookVerificationCode, message: string);
}

/** Node's `req.headers`, a plain object with any header-name case, or a Fetch `Headers`. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyWebhookOptions {
  /** The exact bytes received, before any JSON parsing. */
  rawBody: string | Uint8Array;
  headers: WebhookHeaders;
  /**
   * The merchant's webhook_secret, as configured (its UTF-8 bytes are the HMAC key). While rotating it, a non-empty
   * list of the secrets to accept: a delivery passes when one of them signed both of its signature headers.
   */
  secret: string | readonly string[];
  /** @default 300 */
  toleranceSeconds?: number;
  /** @default new Date() */
  now?: Date;
}

/**
 * Checks X-Service-Signature (sha256= hex HMAC of the body) and webhook-signature over
 * `${webhook-id}.${webhook-timestamp}.${body}` with webhook-timestamp within the tolerance; returns the parsed body.
 * @throws WebhookVerificationError
 */
export declare function verifyWebhook<T = unknown>(options: VerifyWebhookOptions): T;
