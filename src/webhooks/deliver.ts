// One HTTP attempt: POST the stored body with the signed headers, bounded by a timeout, never throwing.
import { signWebhookBody } from './signature.ts';

/** Response bodies are truncated to this many characters in the delivery log. */
export const MAX_LOGGED_BODY_CHARS = 2048;

/** One attempt's inputs; the body is the stored outbox payload, byte for byte. */
export interface DeliveryRequest {
  url: string;
  /** Exactly the bytes that are signed and sent. */
  body: string;
  event: string;
  deliveryId: string;
  /** Null or empty: no X-Service-Signature header. */
  secret: string | null;
  timeoutMs: number;
  /** Sent as X-Service-Timestamp (unix seconds). */
  now: Date;
}

/** The outcome of one attempt; `httpStatus` is null when no response arrived. */
export interface DeliveryOutcome {
  ok: boolean;
  httpStatus: number | null;
  responseBody: string | null;
  error: string | null;
}

/** The headers a receiver sees, in one place so the README and the tests agree. */
export function deliveryHeaders(req: Omit<DeliveryRequest, 'url' | 'timeoutMs'>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'geopin-webhooks/1',
    'x-service-event': req.event,
    'x-service-delivery': req.deliveryId,
    'x-service-timestamp': String(Math.floor(req.now.getTime() / 1000)),
  };
  if (req.secret) headers['x-service-signature'] = signWebhookBody(req.body, req.secret);
  return headers;
}

/** POSTs once; 2xx is success, anything else (status, network error, timeout) is reported as a failure. */
export async function deliver(req: DeliveryRequest): Promise<DeliveryOutcome> {
  const signal = AbortSignal.timeout(req.timeoutMs);
  try {
    const res = await fetch(req.url, { method: 'POST', body: req.body, headers: deliveryHeaders(req), signal, redirect: 'manual' });
    // The same signal bounds the body read, so a receiver that stalls mid-body still times out.
    const text = await res.text();
    const ok = res.status >= 200 && res.status < 300;
    return { ok, httpStatus: res.status, responseBody: truncate(text), error: ok ? null : `HTTP ${res.status}` };
  } catch (err) {
    return { ok: false, httpStatus: null, responseBody: null, error: describeError(err, req.timeoutMs) };
  }
}

function truncate(text: string): string {
  return text.length > MAX_LOGGED_BODY_CHARS ? `${text.slice(0, MAX_LOGGED_BODY_CHARS)}…` : text;
}

function describeError(err: unknown, timeoutMs: number): string {
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `timeout after ${timeoutMs} ms`;
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ? `${err.message}: ${cause.code}` : cause?.message ? `${err.message}: ${cause.message}` : err.message;
  }
  return String(err);
}
