// One HTTP attempt: re-vet the URL, POST the stored body with the signed headers over the egress guard, never throw.
import { loadEgressPolicy, type EgressPolicy } from '../net/egress-policy.ts';
import { postJson, type PostResult } from '../net/post-json.ts';
import type { ResolveHost } from '../net/resolve.ts';
import { signBody, standardWebhookHeaders } from '../kernel/crypto.ts';

/** Bytes of a receiver's answer kept in the delivery log (enough to debug, too little to exfiltrate anything). */
export const MAX_LOGGED_BODY_BYTES = 256;

/** One attempt's inputs; the body is the stored outbox payload, byte for byte. */
export interface DeliveryRequest {
  url: string;
  /** Exactly the bytes that are signed and sent. */
  body: string;
  event: string;
  /** Stable across retries: sent as X-Service-Delivery and webhook-id. */
  deliveryId: string;
  /** Null or empty: no X-Service-Signature and no webhook-signature header. */
  secret: string | null;
  timeoutMs: number;
  /** Time of this attempt: sent as webhook-timestamp (unix seconds) and signed with it. */
  now: Date;
  /** ISO 8601 time of the event, sent as X-Service-Timestamp on every attempt. @default the body's `timestamp` field */
  eventTime?: string;
  /** Checked on every attempt, so a URL saved in dev mode is refused after a restart in production. @default loadEgressPolicy(process.env) */
  egress?: EgressPolicy;
  /** @default the system resolver */
  resolve?: ResolveHost;
}

/** The outcome of one attempt; `httpStatus` is null when no response arrived, and `error` is then a coarse category. */
export interface DeliveryOutcome {
  ok: boolean;
  httpStatus: number | null;
  responseBody: string | null;
  error: string | null;
}

/** The headers a receiver sees, in one place so docs/webhooks.md, the verify helper and the tests agree. */
export function deliveryHeaders(
  req: Pick<DeliveryRequest, 'body' | 'event' | 'deliveryId' | 'secret' | 'now' | 'eventTime'>,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'geopin-webhooks/1',
    'x-service-event': req.event,
    'x-service-delivery': req.deliveryId,
    'x-service-timestamp': req.eventTime ?? eventTimeOf(req.body) ?? req.now.toISOString(),
    ...(req.secret ? { 'x-service-signature': signBody(req.body, req.secret) } : {}),
    ...standardWebhookHeaders(req.deliveryId, req.body, req.secret, req.now),
  };
}

/** POSTs once; 2xx is success, anything else (status, refused address, network error, timeout) is a failure. */
export async function deliver(req: DeliveryRequest): Promise<DeliveryOutcome> {
  let result: PostResult;
  try {
    result = await postJson(req.url, req.body, deliveryHeaders(req), {
      policy: req.egress ?? loadEgressPolicy(),
      timeoutMs: req.timeoutMs,
      maxResponseBytes: MAX_LOGGED_BODY_BYTES,
      resolve: req.resolve,
      // A receiver that answered 2xx took the event, however its body ends: a retry would deliver it twice.
      statusIsAnswer: true,
    });
  } catch {
    // Only a programming error gets here (e.g. a header value node:http rejects); the dispatcher must not crash on it.
    return { ok: false, httpStatus: null, responseBody: null, error: 'internal_error' };
  }
  if ('error' in result) return { ok: false, httpStatus: null, responseBody: null, error: result.error };
  const ok = result.status >= 200 && result.status < 300;
  return { ok, httpStatus: result.status, responseBody: result.body, error: ok ? null : `HTTP ${result.status}` };
}

// Every outbox payload carries the event's time as `timestamp` (see events.ts); it is the same on every retry.
function eventTimeOf(body: string): string | null {
  try {
    const timestamp: unknown = (JSON.parse(body) as { timestamp?: unknown })?.timestamp;
    return typeof timestamp === 'string' && !Number.isNaN(Date.parse(timestamp)) ? timestamp : null;
  } catch {
    return null;
  }
}
