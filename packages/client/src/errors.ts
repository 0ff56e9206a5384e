// Typed exceptions: every refusal the server sends becomes an ApiError subclass chosen by status, with the body's fields.
import type { BatchGeocodeResult, BatchLookupResult } from './types.js';

/** One schema failure of a 400 `invalid_request`: where (`path`, dotted) and why. */
export interface Issue {
  path: string;
  message: string;
}

/** Base class of everything this library throws on purpose (`instanceof GeopinError` catches them all). */
export class GeopinError extends Error {
  override name = 'GeopinError';
  /**
   * Thrown by lookupMany/geocodeMany: the joined answer of every request answered, those still in flight when this
   * one failed included (`index` is the item's position in the whole list). Those items were counted; send the ones
   * with no result again.
   */
  partial?: BatchLookupResult | BatchGeocodeResult;
}

/**
 * An input refused before anything was sent: a batch item that is not an object, a number JSON cannot carry, an
 * argument that is not a string where one is expected (`q`, `geopin`, `pincode`).
 */
export class InvalidInputError extends GeopinError {
  override name = 'InvalidInputError';
  /** Where, as the server's `issues` would say it: `locations.240`, `addresses.3.pincode`, `latitude`, `q`. */
  readonly path: string;
  /** The item's position in the list given to lookupMany/geocodeMany; null for a single call. */
  readonly index: number | null;

  constructor(path: string, problem: string, index: number | null) {
    super(`${path || 'input'}: ${problem}`);
    this.path = path;
    this.index = index;
  }
}

/** The server answered with `{success: false, …}` (or a non-2xx status). */
export class ApiError extends GeopinError {
  override name = 'ApiError';
  /** HTTP status. */
  readonly status: number;
  /** Stable machine-readable code, e.g. `invalid_request`, `rate_limited`, `session_not_found`. */
  readonly code: string;
  /** Schema failures (400 `invalid_request`); empty otherwise. */
  readonly issues: Issue[];
  /** The `x-request-id` of the answer: quote it when reporting a problem (a 500 is logged with it). */
  readonly requestId: string | null;
  /** Seconds from `Retry-After`, when the answer had one (every 429 does). */
  readonly retryAfter: number | null;
  /** The whole error body, for the fields some refusals add (`attempts_remaining`, `locked_until`, `reason`, …). */
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>, requestId: string | null, retryAfter: number | null) {
    const code = typeof body.code === 'string' ? body.code : `http_${status}`;
    const text = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
    super(text);
    this.status = status;
    this.code = code;
    this.issues = Array.isArray(body.issues) ? (body.issues as Issue[]) : [];
    this.requestId = requestId;
    this.retryAfter = retryAfter;
    this.body = body;
  }
}

/** 400: a malformed request, a schema failure (`issues`), or a domain check such as `invalid_pincode`. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: a missing or wrong key or session token, or a wrong OTP code. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403: an origin or CSRF check refused the call. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 404: the named record (or, for a lookup, a location) does not exist. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the merchant's settings or the session's state refuse the call. */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 413: the body is over the route's limit. */
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError';
}
/** 429: a burst limit, a monthly quota or an OTP limit; `retryAfter` says when to try again. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
/** 5xx: a server, gateway or mail failure (`server_busy`, `gateway_timeout`, …). */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

const BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
};

/** The ApiError subclass for `status`. */
export function apiError(
  status: number,
  body: Record<string, unknown>,
  requestId: string | null,
  retryAfter: number | null,
) {
  const Class = BY_STATUS[status] ?? (status >= 500 ? ServerError : ApiError);
  return new Class(status, body, requestId, retryAfter);
}

/** No answer: the connection failed or broke off before a response arrived. */
export class NetworkError extends GeopinError {
  override name = 'NetworkError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer within the attempt's timeout. */
export class RequestTimeoutError extends GeopinError {
  override name = 'RequestTimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal stopped the call; `cause` is the signal's reason (a DOMException, or what abort() got). */
export class RequestAbortedError extends GeopinError {
  override name = 'RequestAbortedError';
  constructor(reason: unknown) {
    super(`aborted: ${reason instanceof Error ? reason.message : String(reason)}`, { cause: reason });
  }
}
