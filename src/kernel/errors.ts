// Domain errors: every refusal a service makes carries a kind (mapped to an HTTP status once, in src/http) and a stable code.

/** What went wrong, independent of transport; src/http/errors.ts maps each kind to one status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'not_allowed'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  | 'upstream';

export interface DomainErrorOptions {
  /** Extra fields for the client (e.g. attempts_remaining), merged into the error body. */
  details?: Record<string, unknown>;
  /** Seconds after which retrying makes sense (rate limits, lockouts). */
  retryAfterSeconds?: number;
  /** Response headers the refusal must carry (the CORS grant of the key that was refused). */
  headers?: Record<string, string>;
  /** The failure behind the refusal, for the log (never sent to the client). */
  cause?: unknown;
}

/** A refusal the caller caused or must see; `code` is stable snake_case (better-sqlite3's SqliteError habit). */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly details: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
  }
}
