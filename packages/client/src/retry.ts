// When to try a request again and how long to wait: Retry-After first, else exponential backoff with jitter, bounded.

/** How a client retries; every field has a default (see docs/clients.md). */
export interface RetryOptions {
  /** Retries after the first attempt. @default 3 */
  maxRetries?: number;
  /** First backoff step in ms; it doubles per retry. @default 500 */
  baseDelayMs?: number;
  /** Largest backoff step in ms. @default 8000 */
  maxBackoffMs?: number;
  /**
   * A Retry-After longer than this is not waited for: the error is thrown at once (a monthly quota says weeks).
   * @default 60000
   */
  maxRetryAfterMs?: number;
}

export type ResolvedRetry = Required<RetryOptions>;

export function resolveRetry(options: RetryOptions = {}): ResolvedRetry {
  return { maxRetries: 3, baseDelayMs: 500, maxBackoffMs: 8000, maxRetryAfterMs: 60_000, ...options };
}

/** Seconds of a `Retry-After` header: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * "Equal jitter": half the exponential step is fixed, half random, so retries never come back at once and still
 * wait at least half the step (AWS Architecture Blog, "Exponential Backoff And Jitter").
 */
export function backoffMs(retry: number, policy: ResolvedRetry, random = Math.random): number {
  const step = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** retry);
  return step / 2 + random() * (step / 2);
}

/**
 * The wait before retry number `retry` (0-based) after a 429 or 503: the server's Retry-After plus up to 10% (at
 * most 1 s) so clients told the same second do not return together; the backoff when there is no Retry-After.
 * Null when the server asks for longer than `maxRetryAfterMs`.
 */
export function refusalDelayMs(retryAfter: number | null, retry: number, policy: ResolvedRetry, random = Math.random) {
  if (retryAfter === null) return backoffMs(retry, policy, random);
  const ms = retryAfter * 1000;
  if (ms > policy.maxRetryAfterMs) return null;
  return ms + random() * Math.min(1000, Math.max(100, ms / 10));
}
