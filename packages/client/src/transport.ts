// One HTTP exchange with the server: JSON in and out over fetch, a timeout per attempt, retries, typed errors.
import { apiError, ApiError, NetworkError, RequestAbortedError, RequestTimeoutError } from './errors.js';
import {
  backoffMs,
  parseRetryAfter,
  refusalDelayMs,
  resolveRetry,
  type ResolvedRetry,
  type RetryOptions,
} from './retry.js';

export const VERSION = '1.0.0';

/** Options every client takes. */
export interface ClientOptions extends RetryOptions {
  /** Where the server is, e.g. `https://geo.example.com` (self-hosted: there is no default). */
  baseUrl: string;
  /** Timeout of one attempt in ms (a retried call can take longer in all). @default 30000 */
  timeoutMs?: number;
  /** A fetch implementation (tests, proxies, instrumentation). @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /** Told before each retry: why, and how long the client will wait. */
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  /** The refusal or failure being retried. */
  error: Error;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** True when running the call twice has the effect of running it once (see docs/clients.md). */
  idempotent: boolean;
  /** Per-call overrides. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Paces the attempts with the other requests of a batch call; without it, retries wait on their own. */
  pacing?: Pacing;
}

/** Shares the waits of one batch call's requests (pacing.ts): an attempt starts only when `enter` resolves. */
export interface Pacing {
  /** Waits until an attempt may start; rejects once the call has failed, or when `signal` aborts. */
  enter(signal?: AbortSignal): Promise<void>;
  /** After an attempt: its error (null when answered) and the wait before it is tried again (null: it is not). */
  leave(error: Error | null, retryInMs: number | null): void;
}

/** Per-call options the public methods accept. */
export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

// Refusals sent before the server acted on the request: safe to repeat for any call.
const REFUSED = new Set([429, 503]);
// Answers after which the outcome is unknown: repeated only for idempotent calls.
const UNKNOWN_OUTCOME = new Set([502, 504]);
// A 503 that waiting does not fix (no SMTP server configured).
const PERMANENT_CODES = new Set(['email_not_configured']);
// A 503 from a database lost mid-request: the outcome is unknown, so only idempotent calls wait and repeat it.
const UNKNOWN_OUTCOME_CODES = new Set(['store_unavailable']);

export class Transport {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retry: ResolvedRetry;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly options: ClientOptions,
    private readonly credentials: Record<string, string>,
  ) {
    if (typeof options?.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
      throw new TypeError('baseUrl must be an http(s) URL, e.g. https://geo.example.com');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retry = resolveRetry(options);
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new TypeError('no fetch: use Node 18+ or pass options.fetch');
    this.fetchImpl = fetchImpl;
  }

  /** The whole JSON body of a success; throws ApiError, NetworkError or RequestTimeoutError. */
  async request<T = Record<string, unknown>>(spec: RequestSpec): Promise<T> {
    const pacing = spec.pacing;
    for (let retry = 0; ; retry++) {
      await pacing?.enter(spec.signal);
      let error: Error;
      let delay: number | null;
      try {
        const answer = await this.attempt(spec);
        pacing?.leave(null, null);
        return answer as T;
      } catch (err) {
        error = err as Error;
        delay = this.delayBefore(error, spec, retry);
      }
      if (retry >= this.retry.maxRetries || spec.signal?.aborted) delay = null;
      pacing?.leave(error, delay);
      if (delay === null) throw error;
      this.options.onRetry?.({ method: spec.method, path: spec.path, retry: retry + 1, delayMs: delay, error });
      // With pacing the wait is `enter`'s, which a failure elsewhere in the call cuts short.
      if (!pacing) await sleep(delay, spec.signal);
    }
  }

  /** Milliseconds to wait before trying again, or null when this failure must not be retried. */
  private delayBefore(error: Error, spec: RequestSpec, retry: number): number | null {
    if (error instanceof ApiError) {
      if (REFUSED.has(error.status) && !PERMANENT_CODES.has(error.code)) {
        if (UNKNOWN_OUTCOME_CODES.has(error.code) && !spec.idempotent) return null;
        return refusalDelayMs(error.retryAfter, retry, this.retry);
      }
      return spec.idempotent && UNKNOWN_OUTCOME.has(error.status) ? backoffMs(retry, this.retry) : null;
    }
    const unknownOutcome = error instanceof NetworkError || error instanceof RequestTimeoutError;
    return spec.idempotent && unknownOutcome ? backoffMs(retry, this.retry) : null;
  }

  private async attempt(spec: RequestSpec): Promise<unknown> {
    // A signal aborted already never fires 'abort' again: without this the request would wait for its timeout.
    if (spec.signal?.aborted) throw new RequestAbortedError(spec.signal.reason);
    const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onAbort = () => controller.abort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let res: Response;
      let text: string;
      try {
        res = await this.fetchImpl(this.url(spec), this.init(spec, controller.signal));
        text = await res.text();
      } catch (err) {
        if (spec.signal?.aborted) throw new RequestAbortedError(spec.signal.reason ?? err);
        if (controller.signal.aborted) throw new RequestTimeoutError(timeoutMs);
        throw new NetworkError(`${spec.method} ${spec.path}: ${(err as Error).message}`, { cause: err });
      }
      return this.read(res, text);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  private read(res: Response, text: string): unknown {
    let body: unknown;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    const object = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
    if (res.ok && object && object.success !== false) return object;
    const requestId = res.headers.get('x-request-id');
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    // A proxy's HTML error page or a truncated answer still becomes a typed error.
    const code = res.ok ? 'invalid_response' : `http_${res.status}`;
    const errorBody = object ?? { success: false, code, message: text.slice(0, 200) };
    throw apiError(res.ok ? 502 : res.status, errorBody, requestId, retryAfter);
  }

  private url(spec: RequestSpec): string {
    const url = new URL(this.baseUrl + spec.path);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  private init(spec: RequestSpec, signal: AbortSignal): RequestInit {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': `geopin-client-js/${VERSION}`,
      ...this.options.headers,
      ...this.credentials,
      ...spec.headers,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    return {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal,
    };
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new RequestAbortedError(signal.reason));
      },
      { once: true },
    );
  });
}
